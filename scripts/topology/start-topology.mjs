// The scale-out topology on one machine: a PostgreSQL primary and its streaming replica, N platform
// processes, nginx in front (a main host and a read-only host) and, when asked, the storefront behind
// nginx's micro-cache (decision 088).
import { spawn } from 'node:child_process'
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { findDemoClientId } from '../demo-client-id.mjs'
import { findFreePort } from '../free-port.mjs'
import { sourceRuntime } from '../platform-runtime.mjs'
import { repoRoot, secondsSince, startService } from '../processes.mjs'
import { ensureStorefrontBuild } from '../storefront-build.mjs'
import { waitForHttp } from '../wait-for-http.mjs'
import { ensureNginx, startNginx } from './nginx.mjs'
import { startPrimary, startStreamingReplica, waitForReplay } from './replicated-postgres.mjs'

/** @typedef {import('../postgres.mjs').PostgresServer} PostgresServer */

/**
 * @typedef {object} PlatformProcess one platform process of the topology
 * @property {number} index 1-based
 * @property {string} url where it listens (127.0.0.1)
 * @property {number} port
 * @property {() => number | undefined} pid the process group's leader, while it runs
 * @property {string} logFile
 * @property {(signal?: NodeJS.Signals) => void} kill sends a signal to its process group
 * @property {() => Promise<unknown>} exited resolves once its current process has exited
 * @property {() => Promise<void>} stop SIGTERM, then SIGKILL after `graceMs`
 * @property {() => Promise<void>} start starts it again (after a kill or a stop) and waits for /health
 */

/**
 * @typedef {object} Topology
 * @property {string} dir the temporary directory holding logs, the shared data directory and nginx's files
 * @property {string} mainUrl nginx's main host: every method, round-robin over the processes
 * @property {string} readOnlyUrl nginx's read-only host: GET, HEAD and OPTIONS only
 * @property {string} [storefrontUrl] nginx's storefront host, with the micro-cache (with `storefront`)
 * @property {{ url: string, pid: () => number | undefined, logFile: string }} [storefront] the storefront
 *   process itself, behind it
 * @property {PostgresServer} primary
 * @property {PostgresServer} replica
 * @property {PlatformProcess[]} platforms
 * @property {{ pid: () => number | undefined, accessLog: string }} nginx
 * @property {{ startSeconds: number, replicaCatchUpMs: number }} figures
 * @property {() => Promise<{ stopSeconds: number }>} stop stops nginx, the processes, the replica and
 *   the primary, in that order, and removes every directory
 */

const graceMs = 10_000

/**
 * Starts the whole topology and waits until every part answers. Installs nginx first if it is
 * missing. The schema and the seed are applied once, on the primary, before any process starts.
 * @param {{ processes?: number, seed?: 'demo' | '10k' | 'none', mainPort?: number,
 *   readOnlyPort?: number, storefront?: boolean, root?: string,
 *   runtime?: import('../platform-runtime.mjs').PlatformRuntime,
 *   env?: Record<string, string>, log?: (line: string) => void,
 *   onStarted?: (part: Record<string, unknown>) => void }} [options]
 *   `processes` (3); `seed` (demo); ports (0: free ones); `env`: more platform environment
 *   (`RATE_LIMITS`, `LOG_LEVEL`...); `storefront`: also a storefront process (its production build, built
 *   if stale) calling the main and read-only hosts, served by nginx through the micro-cache; `root`: the
 *   checkout whose platform prepares the database and runs (this one; a benchmark may measure an earlier
 *   build's beside it); `runtime`: how each platform process runs (tsx on `root`'s sources; the
 *   benchmarks pass the production bundle on Node 24);
 *   `onStarted`: told of each part as it starts (pids, directories), so that a supervisor can record them
 *   before the rest is ready
 * @returns {Promise<Topology>}
 * @throws {Error} when a part does not start; what had started is stopped again
 */
export async function startTopology({
  processes = 3,
  seed = 'demo',
  mainPort = 0,
  readOnlyPort = 0,
  storefront: withStorefront = false,
  root = repoRoot,
  runtime = sourceRuntime(root),
  env = {},
  log = () => {},
  onStarted = () => {},
} = {}) {
  const started = performance.now()
  await ensureNginx({ log })
  if (withStorefront) await ensureStorefrontBuild({ log })
  const dir = mkdtempSync(join(tmpdir(), 'aisle-topology-'))
  // nginx's workers (nobody, when run as root) open the page cache's files under it: traversable, not listable.
  chmodSync(dir, 0o711)
  /** @type {(() => Promise<void>)[]} */
  const undo = [async () => rmSync(dir, { recursive: true, force: true })]
  const rollback = async () => {
    for (const step of undo.reverse()) await step().catch(() => {})
  }
  try {
    const primary = await startPrimary({ log })
    undo.push(() => primary.stop())
    onStarted({ primaryDir: primary.dir, primaryUrl: primary.url })
    log(`topology: primary on ${primary.url}`)
    const [replica] = await Promise.all([
      startStreamingReplica(primary, { log }).then((server) => {
        undo.push(() => server.stop())
        onStarted({ replicaDir: server.dir, replicaUrl: server.url })
        return server
      }),
      prepareDatabase(root, primary.url, seed, dir, log),
    ])
    log(`topology: replica on ${replica.url}`)
    const replicaCatchUpMs = await waitForReplay(primary, replica, { timeoutMs: 120_000 })
    log(
      `topology: the replica replayed the schema and seed ${Math.round(replicaCatchUpMs)} ms after they were done`,
    )

    const [main, readOnly, storefrontPort, storefrontProcessPort, ...ports] = await Promise.all([
      mainPort || findFreePort(),
      readOnlyPort || findFreePort(),
      findFreePort(),
      findFreePort(),
      ...Array.from({ length: processes }, findFreePort),
    ])
    const mainUrl = `http://127.0.0.1:${main}`
    const platformEnv = {
      ...process.env,
      LOG_LEVEL: 'warn',
      ...env,
      HOST: '127.0.0.1',
      DATABASE_URL: primary.url,
      DATABASE_REPLICA_URLS: replica.url,
      PUBLIC_URL: mainUrl,
      // One data directory for every process: media written by one are served by the others.
      DATA_DIR: join(dir, 'data'),
      AISLE_CLIENT_ID: findDemoClientId(),
      SEED: seed,
      // nginx is the proxy whose X-Forwarded-For names the client for rate limits.
      TRUSTED_PROXIES: 'loopback',
    }
    const platforms = ports.map((port, offset) =>
      createPlatformProcess(offset + 1, port, dir, platformEnv, runtime),
    )
    undo.push(() => Promise.all(platforms.map((platform) => platform.stop())).then(() => {}))
    await Promise.all(
      platforms.map(async (platform) => {
        await platform.start()
        onStarted({ platform: { index: platform.index, pid: platform.pid(), url: platform.url } })
      }),
    )
    log(
      `topology: ${processes} platform processes on ${platforms.map((platform) => platform.port).join(', ')}`,
    )

    const nginxDir = join(dir, 'nginx')
    mkdirSync(nginxDir)
    const nginx = startNginx({
      dir: nginxDir,
      mainPort: main,
      readOnlyPort: readOnly,
      upstreamPorts: ports,
      storefront: withStorefront
        ? { port: storefrontPort, upstreamPorts: [storefrontProcessPort] }
        : undefined,
    })
    undo.push(() => stopService(nginx.service, 'SIGQUIT'))
    onStarted({ nginxPid: nginx.service.child.pid })
    const readOnlyUrl = `http://127.0.0.1:${readOnly}`
    const nginxExited = new AbortController()
    nginx.service.exited.then(() => nginxExited.abort())
    await waitForHttp(`${mainUrl}/health`, { timeoutMs: 30_000, signal: nginxExited.signal }).catch(
      (error) => {
        throw new Error(`${error.message}\n${tail(join(nginxDir, 'error.log'))}`)
      },
    )
    await waitForHttp(`${readOnlyUrl}/health`, { timeoutMs: 30_000, signal: nginxExited.signal })
    const storefront = withStorefront
      ? await startStorefrontProcess({ port: storefrontProcessPort, dir, mainUrl, readOnlyUrl })
      : undefined
    if (storefront) {
      undo.push(() => stopService(storefront.service, 'SIGTERM'))
      onStarted({ storefrontPid: storefront.pid() })
    }
    const storefrontUrl = storefront ? `http://127.0.0.1:${storefrontPort}` : undefined
    if (storefrontUrl) {
      await waitForHttp(`${storefrontUrl}/`, { timeoutMs: 30_000, signal: nginxExited.signal }).catch(
        (error) => {
          throw new Error(
            `${error.message}\n${tail(storefront.logFile)}\n${tail(join(nginxDir, 'error.log'))}`,
          )
        },
      )
      log(`topology: storefront on ${storefrontUrl} (through nginx's page cache)`)
    }
    const startSeconds = (performance.now() - started) / 1000
    log(
      `topology: nginx on ${mainUrl} (main) and ${readOnlyUrl} (read-only); ready in ${secondsSince(started)}`,
    )

    return {
      dir,
      mainUrl,
      readOnlyUrl,
      storefrontUrl,
      storefront: storefront && { url: storefront.url, pid: storefront.pid, logFile: storefront.logFile },
      primary,
      replica,
      platforms,
      nginx: { pid: () => nginx.service.child.pid, accessLog: join(nginxDir, 'access.log') },
      figures: { startSeconds, replicaCatchUpMs },
      async stop() {
        const stopping = performance.now()
        await rollback()
        return { stopSeconds: (performance.now() - stopping) / 1000 }
      },
    }
  } catch (error) {
    await rollback()
    throw error
  }
}

/**
 * Migrates the primary and seeds it, once, with the platform's own `prepareDatabase` (run by tsx).
 * @returns {Promise<void>}
 */
function prepareDatabase(root, databaseUrl, seed, dir, log) {
  const code = [
    "import { parseConfig } from './src/config.ts'",
    "import { openPostgres } from './src/db/postgres-db.ts'",
    "import { prepareDatabase } from './src/prepare-database.ts'",
    'const config = parseConfig(process.env)',
    'const db = openPostgres(config.databaseUrl)',
    'try {',
    '  const { applied, seeded } = await prepareDatabase(db, config)',
    '  console.log(JSON.stringify({ migrations: applied.length, seeded: seeded ?? null }))',
    '} finally {',
    '  await db.close()',
    '}',
  ].join('\n')
  const started = performance.now()
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
      // tsx reads the TypeScript settings (the pages' automatic JSX runtime) from the working directory.
      cwd: join(root, 'apps', 'platform'),
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        SEED: seed,
        AISLE_CLIENT_ID: findDemoClientId(),
        DATA_DIR: join(dir, 'data'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (chunk) => {
      output += chunk
    })
    child.stderr.on('data', (chunk) => {
      output += chunk
    })
    child.on('error', reject)
    child.on('close', (code) => {
      if (code !== 0) {
        reject(new Error(`preparing the database failed (exit code ${code}):\n${output.slice(-3000)}`))
        return
      }
      log(
        `topology: schema and ${seed} seed on the primary in ${secondsSince(started)} ${output.trim().split('\n').at(-1)}`,
      )
      resolve(undefined)
    })
  })
}

/** @returns {PlatformProcess} */
function createPlatformProcess(index, port, dir, env, runtime) {
  const url = `http://127.0.0.1:${port}`
  const logFile = join(dir, `platform-${index}.log`)
  /** @type {ReturnType<typeof startService> | undefined} */
  let service
  return {
    index,
    url,
    port,
    logFile,
    pid: () => service?.child.pid,
    kill(signal = 'SIGKILL') {
      service?.signal(signal)
    },
    exited: () => service?.exited ?? Promise.resolve(),
    async start() {
      const current = startService(runtime.command, runtime.args, {
        cwd: runtime.cwd,
        env: { ...env, PORT: String(port) },
        label: `platform-${index}`,
        logFile,
      })
      service = current
      const exited = new AbortController()
      current.exited.then(() => exited.abort())
      try {
        await waitForHttp(`${url}/health`, { timeoutMs: 180_000, signal: exited.signal })
      } catch (error) {
        throw new Error(`platform process ${index} did not start: ${error.message}\n${tail(logFile)}`)
      }
    },
    async stop() {
      if (service) await stopService(service, 'SIGTERM')
    },
  }
}

/**
 * Starts the storefront's production server on `port`, calling the platform through nginx's main and
 * read-only hosts, believing nginx's forwarded headers (it is the storefront's proxy), and waits for it.
 */
async function startStorefrontProcess({ port, dir, mainUrl, readOnlyUrl }) {
  const url = `http://127.0.0.1:${port}`
  const logFile = join(dir, 'storefront.log')
  const service = startService(process.execPath, ['server.js'], {
    cwd: join(repoRoot, 'apps/storefront'),
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      AISLE_API_URL: mainUrl,
      AISLE_READ_ONLY_API_URL: readOnlyUrl,
      AISLE_CLIENT_ID: findDemoClientId(),
      STOREFRONT_TRUSTED_PROXIES: 'loopback',
    },
    label: 'storefront',
    logFile,
  })
  const exited = new AbortController()
  service.exited.then(() => exited.abort())
  try {
    await waitForHttp(`${url}/`, { timeoutMs: 60_000, signal: exited.signal })
  } catch (error) {
    service.signal('SIGKILL')
    throw new Error(`the storefront did not start: ${error.message}\n${tail(logFile)}`)
  }
  return { url, logFile, service, pid: () => service.child.pid }
}

/** Sends `signal` to a service's process group, then SIGKILL if it is still there after `graceMs`. */
async function stopService(service, signal) {
  service.signal(signal)
  const timer = setTimeout(() => service.signal('SIGKILL'), graceMs)
  await service.exited
  clearTimeout(timer)
  // The leader is gone; anything left in its group goes too.
  service.signal('SIGKILL')
}

/** The last lines of a log file, for an error message. */
function tail(file, lines = 30) {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n')
  } catch {
    return `(no ${file})`
  }
}
