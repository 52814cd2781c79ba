// The storefront's express app, apart from its listening (server.js) so a test can run it on the real build:
// React Router's request handler, the static files, compression, the shopper's address, and the one decision
// of which forwarded headers to believe.

import { readdirSync } from 'node:fs'
import { sep } from 'node:path'
import { createRequestHandler } from '@react-router/express'
import compression from 'compression'
import express from 'express'

/** Must match `CLIENT_ADDRESS_HEADER` in app/platform/client-address.server.ts. */
const CLIENT_ADDRESS_HEADER = 'x-aisle-client-address'

/**
 * The headers through which a proxy tells what the shopper's connection was: believed from a trusted proxy
 * only, and dropped from anyone else's request before express or React Router reads them.
 */
const FORWARDED_HEADERS = [
  'forwarded',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-forwarded-port',
  'x-forwarded-prefix',
]

/**
 * Reads `STOREFRONT_TRUSTED_PROXIES` as express's `trust proxy` takes it: a list of addresses, ranges and
 * names (`loopback`), or false for none.
 * @param {string | undefined} text
 * @returns {string[] | false}
 */
export function parseTrustedProxies(text) {
  const entries = (text ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
  return entries.length > 0 ? entries : false
}

/**
 * Creates the storefront's express app. `trustedProxies` (`STOREFRONT_TRUSTED_PROXIES`) is the one trust
 * decision for every forwarded header: from a trusted peer, `X-Forwarded-Proto` makes the app's request
 * URL https (and so HSTS and the `__Host-` Secure session cookie), `X-Forwarded-Host` its host and
 * `X-Forwarded-For` the shopper's address; from any other peer they are dropped, and the app sees the
 * socket's own protocol, host and address.
 * @param {{ build: object, mode?: string, trustedProxies: string[] | false, clientDirectory: string }} options
 */
export function createServerApp({ build, mode, trustedProxies, clientDirectory }) {
  const app = express()
  app.disable('x-powered-by')
  app.set('trust proxy', trustedProxies)
  const isTrusted = app.get('trust proxy fn')
  app.use((request, _response, next) => {
    if (!isTrusted(request.socket.remoteAddress, 0)) {
      for (const name of FORWARDED_HEADERS) delete request.headers[name]
    }
    // The shopper's address, as this server sees it: never a copy the request brought along.
    delete request.headers[CLIENT_ADDRESS_HEADER]
    if (request.ip) request.headers[CLIENT_ADDRESS_HEADER] = request.ip.replace(/^::ffff:(?=\d+\.)/, '')
    next()
  })
  app.use(compression())
  // The static files carry the common security headers (nosniff, no framing, …); the app's root middleware
  // sets them, with HSTS and each answer's Content Security Policy, on everything else.
  const securityHeaders = build.entry.module.COMMON_SECURITY_HEADERS
  const setHeaders = (response) => response.set(securityHeaders)
  app.use(
    '/assets',
    express.static(`${clientDirectory}/assets`, { immutable: true, maxAge: '1y', setHeaders }),
  )
  // Files beside the assets (a `public/` folder's; today's build has none) are listed once: a page's URL
  // then costs no look-up on disk, as `express.static` would make for every request it is given.
  const rootFiles = listRootFiles(clientDirectory)
  if (rootFiles.size > 0) {
    const serveRootFile = express.static(clientDirectory, { maxAge: '1h', setHeaders })
    app.use((request, response, next) =>
      rootFiles.has(decodePath(request.path)) ? serveRootFile(request, response, next) : next(),
    )
  }
  app.all('*', createRequestHandler({ build, mode }))
  return app
}

/**
 * The URL paths of the files in `clientDirectory` outside `assets/` (`/robots.txt`, `/images/logo.png`); none
 * when the directory cannot be read.
 * @param {string} clientDirectory
 * @returns {Set<string>}
 */
export function listRootFiles(clientDirectory) {
  let entries = []
  try {
    entries = readdirSync(clientDirectory, { recursive: true, withFileTypes: true })
  } catch {
    return new Set()
  }
  const paths = new Set()
  for (const entry of entries) {
    if (!entry.isFile()) continue
    const relative = `${entry.parentPath.slice(clientDirectory.length)}${sep}${entry.name}`
      .split(sep)
      .filter(Boolean)
      .join('/')
    if (!relative.startsWith('assets/')) paths.add(`/${relative}`)
  }
  return paths
}

/** @param {string} path */
function decodePath(path) {
  try {
    return decodeURIComponent(path)
  } catch {
    return path
  }
}
