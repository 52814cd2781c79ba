// The storefront's production server: the built app behind React Router's request handler, its static files,
// compression. It hands the app the shopper's address (for the platform's per-shopper limits), and a failed
// promise that nothing heard is logged, never the end of the process.

import { fileURLToPath } from 'node:url'

/** Must match `CLIENT_ADDRESS_HEADER` in app/platform/client-address.server.ts. */
const CLIENT_ADDRESS_HEADER = 'x-aisle-client-address'
const buildDirectory = new URL('./build/', import.meta.url)

process.env.NODE_ENV ??= 'production'
// Imported only now: React picks its build from NODE_ENV when first loaded (through React Router), and a
// development React under the production react-dom/server fails every page ("dispatcher.getOwner").
const { createRequestHandler } = await import('@react-router/express')
const { default: compression } = await import('compression')
const { default: express } = await import('express')

// A promise no one awaited (a loader's bug) must not take every other shopper's page down with it.
process.on('unhandledRejection', (reason) => {
  console.error('storefront: a promise failed and nothing handled it', reason)
})

const port = Number(process.env.PORT ?? 3000)
const host = process.env.HOST || undefined
const build = await import(new URL('server/index.js', buildDirectory).href)

const app = express()
app.disable('x-powered-by')
// `STOREFRONT_TRUSTED_PROXIES` (none): the proxies in front of the storefront whose `X-Forwarded-For`
// names the shopper (addresses, CIDR ranges, `loopback`); without it the shopper is the socket's peer.
app.set('trust proxy', parseTrustedProxies(process.env.STOREFRONT_TRUSTED_PROXIES))
app.use(compression())
// The static files carry the pages' common security headers (nosniff, no framing, …); the app's server
// entry sets them, with each page's Content Security Policy, on the pages.
const securityHeaders = build.entry.module.COMMON_SECURITY_HEADERS
const setHeaders = (response) => response.set(securityHeaders)
app.use(
  '/assets',
  express.static(fileURLToPath(new URL('client/assets', buildDirectory)), {
    immutable: true,
    maxAge: '1y',
    setHeaders,
  }),
)
app.use(express.static(fileURLToPath(new URL('client', buildDirectory)), { maxAge: '1h', setHeaders }))
app.use((request, _response, next) => {
  // The shopper's address, as this server sees it: never a copy the request brought along.
  delete request.headers[CLIENT_ADDRESS_HEADER]
  if (request.ip) request.headers[CLIENT_ADDRESS_HEADER] = request.ip.replace(/^::ffff:(?=\d+\.)/, '')
  next()
})
app.all('*', createRequestHandler({ build, mode: process.env.NODE_ENV }))

const server = host ? app.listen(port, host, onListen) : app.listen(port, onListen)

function onListen() {
  console.log(`storefront: listening on http://${host ?? 'localhost'}:${port}`)
}

for (const signal of ['SIGTERM', 'SIGINT']) {
  process.once(signal, () => {
    server.close(() => process.exit(0))
    // Keep-alive sockets hold `close` open: end them after the requests in flight have had their time.
    setTimeout(() => process.exit(0), 5_000).unref()
    server.closeIdleConnections?.()
  })
}

/** Reads `STOREFRONT_TRUSTED_PROXIES` as express's `trust proxy` takes it: a list of addresses, ranges and names. */
function parseTrustedProxies(text) {
  const entries = (text ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
  return entries.length > 0 ? entries : false
}
