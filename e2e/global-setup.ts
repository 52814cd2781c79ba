// Starts the whole system for the end-to-end suite: the platform on a fresh PGlite data directory and
// the built storefront, each on a free loopback port, and stops both (and removes the data) afterwards.
import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { availableParallelism, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { E2E_METRICS_TOKEN } from './support/platform-metrics'
import { findFreePort } from './support/storefront-process'

const repoRoot = resolve(fileURLToPath(new URL('..', import.meta.url)))
const storefrontBuild = join(repoRoot, 'apps/storefront/build/server/index.js')
const clientId = process.env.AISLE_CLIENT_ID || '9b6e3f0a-5c1d-4e8b-a7f2-2d4c6b8e0f13'
const startTimeoutMs = 180_000

/** How long a download link on a page lives in the stories (the platform's default is 15 minutes). */
export const E2E_DOWNLOAD_LINK_SECONDS = 20

export interface Service {
  label: string
  child: ChildProcess
  exited: Promise<void>
  output: string[]
}

/** One platform and storefront pair: each Playwright worker has its own (support/e2e-system.ts). */
export interface E2eSystem {
  storefrontUrl: string
  apiUrl: string
}

/**
 * How many workers, and so systems, the suite runs with (`E2E_WORKERS`; by default one per two cores, as a
 * worker keeps a browser, a platform and a storefront busy): the stories of one file run in order on one
 * worker, and two workers never share a database, so a story that changes the shop's settings cannot
 * disturb another running beside it. On the project's 2-core machines that is one worker: two took
 * 874 s against 702 s for one (decision 057).
 */
export const e2eWorkers = Math.max(
  1,
  Number(process.env.E2E_WORKERS) || Math.floor(availableParallelism() / 2),
)

export default async function globalSetup() {
  if (!existsSync(storefrontBuild)) {
    throw new Error(`${storefrontBuild} is missing: run "npm run build -w @aisle/storefront" first`)
  }
  const stops: (() => Promise<void>)[] = []
  const stopAll = () => Promise.all(stops.map((stop) => stop())).then(() => undefined)
  try {
    const started = await Promise.allSettled(
      Array.from({ length: e2eWorkers }, async () => {
        const system = await startSystem()
        stops.push(system.stop)
        return system
      }),
    )
    const failure = started.find((result) => result.status === 'rejected')
    if (failure) throw failure.reason
    const systems = started.flatMap((result) =>
      result.status === 'fulfilled'
        ? [{ storefrontUrl: result.value.storefrontUrl, apiUrl: result.value.apiUrl }]
        : [],
    )
    // Workers start after global setup and inherit this; each takes the system of its parallel index.
    process.env.AISLE_E2E_SYSTEMS = JSON.stringify(systems satisfies E2eSystem[])
  } catch (error) {
    await stopAll()
    throw error
  }
  return stopAll
}

/** What a story that needs a system of its own gives (the Stripe stories: support/stripe-system.ts). */
export interface SystemOptions {
  /** The platform's address, when the story chose its port first (another service must know it). */
  apiUrl?: string
  /** More settings for the platform, over the suite's. */
  platformEnv?: Record<string, string>
}

/**
 * The platform on a fresh PGlite data directory and the built storefront that calls it. `stop` may be
 * called more than once.
 */
export async function startSystem(
  options: SystemOptions = {},
): Promise<E2eSystem & { stop: () => Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'aisle-e2e-'))
  const services: Service[] = []
  const stop = async () => {
    await Promise.all(services.splice(0).reverse().map(stopService))
    rmSync(dataDir, { recursive: true, force: true })
  }
  try {
    const apiUrl = options.apiUrl ?? `http://127.0.0.1:${await findFreePort()}`
    const storefrontUrl = `http://127.0.0.1:${await findFreePort()}`
    const platform = startService('platform', ['start', '-w', '@aisle/platform'], {
      PORT: new URL(apiUrl).port,
      // Media URLs in answers use the same loopback address the browser reaches.
      PUBLIC_URL: apiUrl,
      DATA_DIR: dataDir,
      AISLE_CLIENT_ID: clientId,
      LOG_LEVEL: 'warn',
      // As `npm start` runs it: the storefront on loopback names each shopper in `X-Forwarded-For`.
      TRUSTED_PROXIES: 'loopback',
      // The outage and crawler stories read the platform's request counts.
      METRICS_TOKEN: E2E_METRICS_TOKEN,
      // The storefront's own return addresses, as the demo client has them for port 3000: hosted login
      // and checkout come back to it, reset mails and logout return to its home.
      DEMO_REDIRECT_URIS: `${storefrontUrl}/callback`,
      DEMO_POST_LOGOUT_REDIRECT_URIS: `${storefrontUrl}/`,
      // The digital product story sees a page's download link expire without a long wait.
      DOWNLOAD_PAGE_LINK_SECONDS: String(E2E_DOWNLOAD_LINK_SECONDS),
      // Every story's browser comes from 127.0.0.1: the suite's many sign-ups and coupons in a few minutes
      // would pass the per-address limits meant for one person (20 sign-ups in 10 minutes), and a story
      // would meet "too many attempts" by its place in the run. The sign-in limit stays as it is (the
      // address story spends it from 127.0.0.2), and so do the per-account limits; the rest are proven by
      // the platform's rate-limit tests.
      RATE_LIMITS: 'register.ip=1000/600,coupon.ip=1000/600',
      ...options.platformEnv,
    })
    services.push(platform)
    await waitForHttp(`${apiUrl}/health`, platform, (status) => status === 200)

    const storefront = startService('storefront', ['start', '-w', '@aisle/storefront'], {
      PORT: new URL(storefrontUrl).port,
      AISLE_API_URL: apiUrl,
      AISLE_CLIENT_ID: clientId,
      NODE_ENV: 'production',
    })
    services.push(storefront)
    await waitForHttp(`${storefrontUrl}/`, storefront, (status) => status < 500)

    return { storefrontUrl, apiUrl, stop }
  } catch (error) {
    await stop()
    throw error
  }
}

export function startService(label: string, npmArgs: string[], env: Record<string, string>): Service {
  // Its own process group, so that stopping reaches npm's whole tree (npm -> sh -> node).
  const child = spawn('npm', npmArgs, {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  })
  const output: string[] = []
  const keep = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (!line) continue
      output.push(line)
      if (output.length > 200) output.shift()
      if (process.env.AISLE_E2E_VERBOSE) process.stderr.write(`${label} | ${line}\n`)
    }
  }
  child.stdout?.on('data', keep)
  child.stderr?.on('data', keep)
  const exited = new Promise<void>((done) => {
    child.on('exit', () => done())
    child.on('error', (error) => {
      output.push(`could not start: ${error.message}`)
      done()
    })
  })
  return { label, child, exited, output }
}

export async function stopService(service: Service) {
  const { pid } = service.child
  if (pid === undefined) return
  // npm leaves before its children have closed the database: wait for the whole group to be gone.
  signalGroup(pid, 'SIGTERM')
  if (await waitForGroupExit(pid, 15_000)) return
  signalGroup(pid, 'SIGKILL')
  await waitForGroupExit(pid, 5_000)
}

function signalGroup(pid: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-pid, signal)
    return true
  } catch {
    return false // the group is gone
  }
}

async function waitForGroupExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (!signalGroup(pid, 0)) return true
    await delay(100)
  }
  return !signalGroup(pid, 0)
}

export async function waitForHttp(url: string, service: Service, isReady: (status: number) => boolean) {
  const deadline = Date.now() + startTimeoutMs
  let exited = false
  void service.exited.then(() => {
    exited = true
  })
  let last = 'no answer'
  while (Date.now() < deadline && !exited) {
    try {
      const response = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(5_000) })
      await response.body?.cancel()
      if (isReady(response.status)) return
      last = `status ${response.status}`
    } catch (error) {
      last =
        error instanceof Error
          ? String((error.cause as { code?: string })?.code ?? error.message)
          : String(error)
    }
    await delay(250)
  }
  const reason = exited ? `${service.label} exited` : `no answer within ${startTimeoutMs / 1000} s`
  throw new Error(
    `${service.label} did not start: ${reason} (${url}, last: ${last}). Its last output:\n${service.output.join('\n')}`,
  )
}

function delay(ms: number) {
  return new Promise((done) => setTimeout(done, ms))
}
