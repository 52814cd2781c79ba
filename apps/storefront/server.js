// The storefront's production server: the built app (server-app.js: React Router's request handler, its
// static files, compression, the shopper's address) listening on its port. A failed promise that nothing
// heard is logged, never the end of the process.

import './production-mode.js'
import { fileURLToPath } from 'node:url'
import { createServerApp, parseTrustedProxies } from './server-app.js'

const buildDirectory = new URL('./build/', import.meta.url)

// A promise no one awaited (a loader's bug) must not take every other shopper's page down with it.
process.on('unhandledRejection', (reason) => {
  console.error('storefront: a promise failed and nothing handled it', reason)
})

const port = Number(process.env.PORT ?? 3000)
const host = process.env.HOST || undefined
const build = await import(new URL('server/index.js', buildDirectory).href)

const app = createServerApp({
  build,
  mode: process.env.NODE_ENV,
  // `STOREFRONT_TRUSTED_PROXIES` (none): the proxies in front of the storefront whose forwarded headers
  // (`X-Forwarded-For`, `-Proto`, `-Host`) are believed; without it the shopper is the socket's peer, and
  // the protocol and host are the connection's own.
  trustedProxies: parseTrustedProxies(process.env.STOREFRONT_TRUSTED_PROXIES),
  clientDirectory: fileURLToPath(new URL('client', buildDirectory)),
})

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
