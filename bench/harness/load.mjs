// What the load benchmarks share: a platform process on a free port, autocannon runs, their summary,
// and the bare node:http server that answers the same bytes: the ceiling of this machine and client.
import { createServer } from 'node:http'
import autocannon from 'autocannon'
import { findFreePort } from '../../scripts/free-port.mjs'
import { productionRuntime, sourceRuntime } from '../../scripts/platform-runtime.mjs'
import { repoRoot, startService } from '../../scripts/processes.mjs'
import { waitForHttp } from '../../scripts/wait-for-http.mjs'

export const DEMO_CLIENT_ID = '9b6e3f0a-5c1d-4e8b-a7f2-2d4c6b8e0f13'
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)

/**
 * How the benchmarks run a platform: as production does, the bundle on Node 24 (decision 107), or with
 * `BENCH_PLATFORM_RUNTIME=source` tsx on the sources and this Node (to compare the two, or for a CPU
 * profile whose frames name the source files).
 * @param {{ root?: string, log?: (line: string) => void }} [options]
 */
export function benchRuntime({ root = repoRoot, log = () => {} } = {}) {
  const chosen = process.env.BENCH_PLATFORM_RUNTIME ?? 'production'
  if (chosen === 'source') return Promise.resolve(sourceRuntime(root))
  if (chosen === 'production') return productionRuntime({ root, log })
  return Promise.reject(new Error(`BENCH_PLATFORM_RUNTIME is production or source, not ${chosen}`))
}

/**
 * Starts a platform on a free port with `env` (a seed preset, `DATABASE_URL` or `DATA_DIR`) and waits until
 * it answers, run as `benchRuntime` says unless `runtime` is given. `root` is the checkout whose platform runs (this repository unless a
 * benchmark measures an earlier build beside it).
 * @param {Record<string, string>} env
 * @param {(line: string) => void} log
 * @param {{ root?: string, label?: string, runtime?: import('../../scripts/platform-runtime.mjs').PlatformRuntime }} [options]
 */
export async function startPlatform(env, log, { root = repoRoot, label = 'platform', runtime } = {}) {
  const port = await findFreePort()
  const how = runtime ?? (await benchRuntime({ root, log }))
  const service = startService(how.command, how.args, {
    cwd: how.cwd,
    env: { ...process.env, PORT: String(port), LOG_LEVEL: 'warn', ...env },
    label,
  })
  const url = `http://127.0.0.1:${port}`
  await waitForHttp(`${url}/health`, { timeoutMs: 180_000 })
  log(
    `${label} on ${url} (${how.label}; ${env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, seed ${env.SEED ?? 'demo'})`,
  )
  return {
    url,
    /** The platform's process id. */
    pid: service.child.pid,
    /** How it runs (`node v24.21.0, bundle`). */
    runtime: how.label,
    async stop() {
      service.signal('SIGTERM')
      await service.exited
    },
  }
}

/** A fresh visitor's access token from the platform at `url`. */
export async function visitorToken(url) {
  const response = await fetch(`${url}/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ clientId: DEMO_CLIENT_ID, grantType: 'anonymous' }),
  })
  if (!response.ok) throw new Error(`anonymous grant answered ${response.status}`)
  return (await response.json()).access_token
}

/**
 * One autocannon run of `SECONDS` seconds. `options` are autocannon's (url, method, headers, body,
 * requests, connections, setupClient).
 */
export function load(options) {
  return new Promise((resolve, reject) => {
    autocannon({ duration: SECONDS, ...options }, (error, result) =>
      error ? reject(error) : resolve(result),
    )
  })
}

/** The figures of a run that the results keep. */
export function summarise(result) {
  return {
    requestsPerSecond: Math.round(result.requests.average),
    latencyMs: {
      p50: result.latency.p50,
      p90: result.latency.p90,
      p99: result.latency.p99,
      max: result.latency.max,
    },
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    totalRequests: result.requests.total,
  }
}

/** `label: N req/s, p50 …, p99 …` for the log. */
export function describe(label, figures) {
  return `${label}: ${figures.requestsPerSecond} req/s, p50 ${figures.latencyMs.p50} ms, p99 ${figures.latencyMs.p99} ms`
}

/**
 * Loads a bare node:http server that reads each request body and answers `bytes` (with `headers` besides
 * the type and length, e.g. the content encoding of those bytes): no routing, no database, no JSON work.
 * Warmed up once, then measured, with the same `options` as the platform run.
 */
export async function measureBare(bytes, options, log, headers = {}) {
  const server = createServer((request, response) => {
    request.resume()
    request.on('end', () => {
      response.writeHead(200, {
        'content-type': 'application/json',
        'content-length': bytes.length,
        ...headers,
      })
      response.end(bytes)
    })
  })
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${server.address().port}`
  try {
    await load({ ...options, url })
    const figures = summarise(await load({ ...options, url }))
    log(describe('bare node:http', figures))
    return figures
  } finally {
    server.close()
  }
}

/** `a / b` with two decimals. */
export function ratio(a, b) {
  return Math.round((a / b) * 100) / 100
}

/**
 * The chart rows of a load benchmark: the bare node:http ceiling, then Aisle on PostgreSQL and on
 * PGlite, each with its requests per second and latency.
 */
export function loadChartRows({ bare, postgres, pglite }) {
  const latency = (figures) =>
    `${figures.requestsPerSecond} req/s · p50 ${figures.latencyMs.p50} · p99 ${figures.latencyMs.p99} ms`
  return [
    {
      label: 'bare node:http',
      details: ['same response bytes'],
      values: [bare.requestsPerSecond],
      note: `${bare.requestsPerSecond} req/s · p99 ${bare.latencyMs.p99} ms`,
    },
    {
      label: 'Aisle on PostgreSQL 15',
      details: ['pg pool of 10'],
      isOurs: true,
      values: [postgres.requestsPerSecond],
      note: latency(postgres),
    },
    {
      label: 'Aisle on PGlite',
      details: ['embedded, one connection'],
      isOurs: true,
      values: [pglite.requestsPerSecond],
      note: latency(pglite),
    },
  ]
}
