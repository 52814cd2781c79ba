// The tests that run a second time on Node 24 (`npm test -- --node24`, CI; decision 057): the files that
// exercise what changes between Node majors (the runtime's own APIs, native and WebAssembly modules,
// sockets, streams, child processes, the built bundle) rather than the project's JavaScript, which any
// major runs alike. The whole suite runs once, on the machine's Node.

/**
 * Paths (a folder or a file, from the repository root) with why each depends on the runtime. Each must
 * name at least one test file (`runtime-tests.test.mjs` checks).
 * @type {readonly { path: string, why: string }[]}
 */
export const RUNTIME_TESTS = [
  {
    path: 'packages/sdk/',
    why: 'the client runs on the runtime itself: fetch, Headers, AbortSignal, Web Crypto, streams, timers',
  },
  { path: 'apps/platform/src/db/', why: 'PGlite (WebAssembly, its file system) and pg (sockets)' },
  {
    path: 'apps/platform/src/passwords/',
    why: 'argon2id through a native addon (N-API), off the event loop',
  },
  {
    path: 'apps/platform/src/media/',
    why: 'image decoding and encoding, byte ranges over streams, uploads, an S3 server on a socket',
  },
  { path: 'apps/platform/src/mail/', why: 'SMTP over sockets (nodemailer)' },
  {
    path: 'apps/platform/src/webhooks/delivery-worker.test.ts',
    why: 'outbound HTTP to real servers, DNS answers, timeouts',
  },
  { path: 'apps/platform/src/identity/sso/', why: 'keys fetched over HTTP and verified with node:crypto' },
  { path: 'apps/platform/src/digital/', why: 'files streamed from storage, links signed with HMAC' },
  {
    path: 'apps/platform/src/http/',
    why: 'body limits and parsing on streamed requests, outbound addresses',
  },
  { path: 'apps/platform/src/observability/', why: 'the server under a database outage, readiness, metrics' },
  {
    path: 'apps/platform/src/production-build.test.ts',
    why: 'the esbuild bundle started with plain node, and the operator command on it',
  },
  { path: 'apps/platform/src/operator/', why: 'the operator command as a child process' },
  { path: 'apps/platform/src/app-deps-from-config.test.ts', why: 'the server listening on a socket' },
  { path: 'apps/platform/src/system-routes.test.ts', why: 'health, readiness and the drain after SIGTERM' },
  { path: 'apps/platform/src/constant-time-comparisons.test.ts', why: 'node:crypto timingSafeEqual' },
  { path: 'apps/storefront/server-app.test.ts', why: 'the production server (express) on a socket' },
  { path: 'apps/storefront/app/root.test.ts', why: 'React rendering a whole document to a stream' },
  { path: 'scripts/release.test.mjs', why: 'the release archive unpacked and served by plain node' },
]
