// `npm start`: installs what is missing, builds the storefront if needed, serves the platform and the
// storefront, and prints their URLs. Ctrl+C stops both; if either dies, the other is stopped too.
import { createServer } from 'node:net'
import { join } from 'node:path'
import { findDemoClientId } from './demo-client-id.mjs'
import { findDemoOwnerSignIn } from './demo-owner-sign-in.mjs'
import { ensureDependencies } from './ensure-dependencies.mjs'
import { repoRoot, secondsSince, signalNumber, startService } from './processes.mjs'
import { ensureStorefrontBuild } from './storefront-build.mjs'
import { storefrontReturnUris } from './storefront-return-uris.mjs'
import { waitForHttp } from './wait-for-http.mjs'

const started = performance.now()
const platformPort = Number(process.env.PLATFORM_PORT ?? 4000)
const storefrontPort = Number(process.env.STOREFRONT_PORT ?? 3000)
const dataDir = process.env.DATA_DIR ?? join(repoRoot, '.data')
const clientId = findDemoClientId()
const platformUrl = `http://127.0.0.1:${platformPort}`
const storefrontUrl = `http://127.0.0.1:${storefrontPort}`
// Sign-in, sign-out and checkout come back to the storefront only at addresses the demo client knows:
// the platform adds these to it at every start, on a fresh or an existing database (each once).
const { warnings, ...returnUris } = storefrontReturnUris(process.env, storefrontPort)
for (const warning of warnings) console.warn(`npm start: ${warning}`)

try {
  await ensureDependencies()
  await ensureStorefrontBuild()
  for (const [name, port, variable] of [
    ['platform', platformPort, 'PLATFORM_PORT'],
    ['storefront', storefrontPort, 'STOREFRONT_PORT'],
  ]) {
    if (!(await isPortFree(port))) {
      throw new Error(
        `port ${port} is in use, so the ${name} cannot listen there; set ${variable} to another port`,
      )
    }
  }
} catch (error) {
  console.error(`npm start: ${error instanceof Error ? error.message : error}`)
  process.exit(1)
}

// The rest of the platform's environment (HOST, DATABASE_URL, PUBLIC_URL, LOG_LEVEL, LOG_FORMAT, SEED) passes through.
const platformEnv = {
  ...process.env,
  PORT: String(platformPort),
  DATA_DIR: dataDir,
  AISLE_CLIENT_ID: clientId,
  ...returnUris,
  // The storefront calls from loopback and names each shopper in `X-Forwarded-For`: the platform counts
  // its per-address limits per shopper only when it trusts that address.
  TRUSTED_PROXIES: [process.env.TRUSTED_PROXIES, 'loopback'].filter(Boolean).join(','),
  // The platform writes to this pipe, not to the terminal: on a terminal it is told to print readable lines.
  ...(process.stdout.isTTY && !process.env.LOG_FORMAT ? { LOG_FORMAT: 'pretty' } : {}),
}
const platform = startService('npm', ['start', '-w', '@aisle/platform'], {
  label: 'platform  ',
  env: platformEnv,
})
// For the banner, read while the platform starts. A configuration the platform refuses, it reports itself.
const demoOwnerSignIn = findDemoOwnerSignIn(platformEnv).catch(
  () => "the sign-in is in the platform's log above",
)
const storefront = startService('npm', ['start', '-w', '@aisle/storefront'], {
  label: 'storefront',
  env: {
    ...process.env,
    PORT: String(storefrontPort),
    AISLE_API_URL: platformUrl,
    AISLE_CLIENT_ID: clientId,
  },
})
const services = [platform, storefront]

let isStopping = false
/** Stops both services, waits for them (SIGKILL after 10 s), and exits with `code`. */
async function stopAll(code, signal = 'SIGTERM') {
  if (isStopping) return
  isStopping = true
  for (const service of services) service.signal(signal)
  const timer = setTimeout(() => {
    for (const service of services) service.signal('SIGKILL')
  }, 10_000)
  await Promise.all(services.map((service) => service.exited))
  clearTimeout(timer)
  process.exit(code)
}

for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM', 'SIGHUP'])) {
  process.on(signal, () => {
    if (!isStopping) console.log(`\nnpm start: ${signal}, stopping the platform and the storefront`)
    stopAll(128 + signalNumber(signal), signal === 'SIGHUP' ? 'SIGTERM' : signal)
  })
}
// Last resort if this process ends some other way: leave no server behind.
process.on('exit', () => {
  for (const service of services) service.signal('SIGKILL')
})
// npm does not pass a SIGTERM it receives on to `npm start`'s script: when the parent goes away
// (this process is handed to another), stop as if the signal had come here.
const parent = process.ppid
setInterval(() => {
  if (process.ppid !== parent) {
    console.log('\nnpm start: the parent process is gone, stopping the platform and the storefront')
    stopAll(1)
  }
}, 1_000).unref()

const died = new AbortController()
for (const service of services) {
  service.exited.then(({ code, signal }) => {
    died.abort()
    if (isStopping) return
    console.error(
      `npm start: the ${service.label.trim()} exited (${signal ?? `code ${code}`}); stopping the other`,
    )
    stopAll(code || 1)
  })
}

try {
  // The first run migrates and seeds the embedded database, which takes a while on a small machine.
  await waitForHttp(`${platformUrl}/health`, {
    timeoutMs: 180_000,
    isReady: (status) => status === 200,
    signal: died.signal,
  })
  await waitForHttp(`${storefrontUrl}/`, { timeoutMs: 60_000, signal: died.signal })
} catch (error) {
  if (!isStopping) {
    console.error(`npm start: ${error instanceof Error ? error.message : error}`)
    await stopAll(1)
  }
}

if (!isStopping) {
  const platformShown = process.env.PUBLIC_URL || `http://localhost:${platformPort}`
  const signIn = await demoOwnerSignIn
  console.log(
    [
      '',
      `Aisle is running (ready in ${secondsSince(started)}):`,
      `  storefront  ${process.env.AISLE_STOREFRONT_URL || `http://localhost:${storefrontPort}`}`,
      `  platform    ${platformShown}   (JSON API, /health, /openapi.json, API reference on /docs)`,
      `  dashboard   ${platformShown}/dashboard${signIn ? `   (${signIn})` : ''}`,
      `  client id   ${clientId}`,
      `  data        ${dataDir}`,
      'Press Ctrl+C to stop.',
      '',
    ].join('\n'),
  )
}

/** Whether nothing listens on the port yet, on any address. */
function isPortFree(port) {
  return new Promise((resolve) => {
    const probe = createServer()
    probe.once('error', () => resolve(false))
    probe.listen(port, () => probe.close(() => resolve(true)))
  })
}
