// The storefront's server rendering under load: product pages per second and their latency at 20
// connections, with the platform on PostgreSQL, for this build and, when given, a baseline build (a copy of
// an earlier storefront with its own server.js and node_modules) measured against the same platform; and
// this build behind the topology's nginx with its micro-cache (decision 088).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { findFreePort } from '../../scripts/free-port.mjs'
import { startPostgres } from '../../scripts/postgres.mjs'
import { repoRoot, startService } from '../../scripts/processes.mjs'
import { ensureNginx, startNginx } from '../../scripts/topology/nginx.mjs'
import { waitForHttp } from '../../scripts/wait-for-http.mjs'
import { cpuByPart, readProcesses } from '../funnel/process-cpu.mjs'
import { DEMO_CLIENT_ID, describe, load, SECONDS, startPlatform, summarise } from '../harness/load.mjs'
import { measurePageJavaScript, sumByPart } from './page-javascript.mjs'

export const RENDER_CONNECTIONS = 20
/** A product of the demo store with options, pictures and a related collection. */
export const RENDER_PATH = '/products/classic-tee'

/**
 * The visits measured: a first view (no cookie: the page drawn for everyone, the catalogue through the
 * storefront's shared reader) and a returning visitor whose session holds a cart (their cart and member state
 * read on every page), each straight to the storefront and through nginx's micro-cache, which keeps the first
 * and takes the second past it.
 */
const PROFILES = [
  { name: 'first view', isVisitor: false, isCached: false },
  { name: 'visitor with a cart', isVisitor: true, isCached: false },
  { name: 'first view through nginx’s cache', isVisitor: false, isCached: true },
  { name: 'visitor with a cart through nginx', isVisitor: true, isCached: true },
]

/**
 * nginx (Debian's package) in front of one storefront with the topology's micro-cache configuration.
 * @param {number} storefrontPort
 */
async function startPageCache(storefrontPort) {
  await ensureNginx({ log: () => {} })
  const dir = mkdtempSync(join(tmpdir(), 'aisle-bench-page-cache-'))
  const port = await findFreePort()
  const nginx = startNginx({ dir, storefront: { port, upstreamPorts: [storefrontPort] } })
  const url = `http://127.0.0.1:${port}`
  const exited = new AbortController()
  nginx.service.exited.then(() => exited.abort())
  await waitForHttp(`${url}/`, { timeoutMs: 30_000, signal: exited.signal })
  return {
    url,
    async stop() {
      nginx.service.signal('SIGQUIT')
      await nginx.service.exited
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

/**
 * Starts a storefront server (`server.js` in `directory`, with `build/` beside it) against `apiUrl`.
 * @param {string} directory
 * @param {string} apiUrl
 * @param {string} label
 */
async function startStorefront(directory, apiUrl, label) {
  const port = await findFreePort()
  const service = startService(process.execPath, ['server.js'], {
    cwd: directory,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      AISLE_API_URL: apiUrl,
      AISLE_CLIENT_ID: DEMO_CLIENT_ID,
      NODE_ENV: 'production',
    },
    label,
  })
  const url = `http://127.0.0.1:${port}`
  await waitForHttp(`${url}/`, { timeoutMs: 60_000 })
  return {
    url,
    /** The storefront's process id. */
    pid: service.child.pid,
    async stop() {
      service.signal('SIGTERM')
      await service.exited
    },
  }
}

/**
 * A session cookie of a visitor with one line in their cart, taken through the product page's own
 * add-to-cart form as a browser without JavaScript posts it (the first choice of each option), so both
 * builds read the same kind of session.
 */
async function visitorWithCart(storefrontUrl) {
  const html = await (await fetch(`${storefrontUrl}${RENDER_PATH}`)).text()
  const fields = new URLSearchParams({ quantity: '1' })
  for (const [tag] of html.matchAll(/<input\b[^>]*type="radio"[^>]*>/g)) {
    const name = /\bname="([^"]+)"/.exec(tag)?.[1]
    const value = /\bvalue="([^"]*)"/.exec(tag)?.[1]
    if (name && value !== undefined && !fields.has(name) && !/\bdisabled/.test(tag)) fields.set(name, value)
  }
  for (const [, name, options] of html.matchAll(
    /<select\b[^>]*\bname="([^"]+)"[^>]*>([\s\S]*?)<\/select>/g,
  )) {
    const option = [...options.matchAll(/<option\b([^>]*)>/g)]
      .map(([, attributes]) => attributes)
      .find((attributes) => !/\bdisabled/.test(attributes) && /\bvalue="[^"]+"/.test(attributes))
    const value = option && /\bvalue="([^"]+)"/.exec(option)?.[1]
    if (value) fields.set(name, value)
  }
  const added = await fetch(`${storefrontUrl}${RENDER_PATH}`, {
    method: 'POST',
    body: fields,
    redirect: 'manual',
    headers: { origin: storefrontUrl },
  })
  const answer = await added.text()
  const cookie = added.headers.getSetCookie().find((line) => line.startsWith('aisle_session='))
  if (!cookie)
    throw new Error(`adding to the cart gave no session cookie (${added.status}: ${answer.slice(0, 200)})`)
  const session = cookie.split(';')[0]
  const cart = await (await fetch(`${storefrontUrl}/cart`, { headers: { cookie: session } })).text()
  if (!/cart-line/.test(cart)) throw new Error('the visitor’s cart is empty after adding to it')
  return session
}

/**
 * One measured run of the product page at 20 connections; every answer must be a 200. With it, the CPU
 * milliseconds per page of each of `parts` (the storefront, the platform, PostgreSQL: from /proc, so the
 * load generator and other work on the machine are left out) and the machine's load average at its end.
 */
async function measurePage(url, headers, parts) {
  const options = { url: `${url}${RENDER_PATH}`, headers, connections: RENDER_CONNECTIONS }
  const before = readProcesses()
  const figures = summarise(await load(options))
  const cpu = cpuByPart(before, readProcesses(), parts)
  if (figures.non2xx > 0 || figures.errors > 0)
    throw new Error(`${figures.non2xx} answers were not 2xx and ${figures.errors} failed at ${url}`)
  const perPage = (ms) => Math.round((ms / Math.max(1, figures.totalRequests)) * 100) / 100
  const cpuMsPerPage = Object.fromEntries(Object.entries(cpu).map(([part, ms]) => [part, perPage(ms)]))
  const [loadAverage] = readFileSync('/proc/loadavg', 'utf8').split(' ')
  return { ...figures, cpuMsPerPage, loadAverage: Number(loadAverage) }
}

/** The median of a list of numbers (the lower middle of an even one: no figure is made up). */
function lowerMedian(values) {
  return [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]
}

/**
 * Measures the product page on each build, alternating builds in `rounds` rounds so that slow swings of
 * a shared machine's load touch both alike; the figure per build and profile is the round with the median
 * pages per second.
 * @param {{ log: (line: string) => void, baselineDirectory?: string, baselineLabel?: string, rounds?: number }} options
 */
export async function measureRenderLoad({ log, baselineDirectory, baselineLabel = 'baseline', rounds = 3 }) {
  const postgres = await startPostgres({ log })
  const started = []
  try {
    const platform = await startPlatform({ DATABASE_URL: postgres.url }, log)
    started.push(platform)
    const builds = [{ label: 'this build', directory: join(repoRoot, 'apps/storefront') }]
    if (baselineDirectory) builds.unshift({ label: baselineLabel, directory: baselineDirectory })
    for (const build of builds) {
      build.server = await startStorefront(build.directory, platform.url, `storefront (${build.label})`)
      started.push(build.server)
      // Only this build's pages say a shared cache may keep them: a baseline's would all go past nginx.
      if (build.label === 'this build') {
        build.cache = await startPageCache(Number(new URL(build.server.url).port))
        started.push(build.cache)
      }
      build.profiles = PROFILES.filter((profile) => !profile.isCached || build.cache)
      build.cookie = await visitorWithCart(build.server.url)
      const javaScript = await measurePageJavaScript(`${build.server.url}/`)
      build.homeJavaScript = { gzipBytes: javaScript.gzipBytes, parts: sumByPart(javaScript.files) }
      log(`${build.label}: home page JavaScript ${javaScript.gzipBytes} bytes gzipped`)
      build.runs = Object.fromEntries(build.profiles.map((profile) => [profile.name, []]))
      // Warm-up of every visit: module loading, the JIT and the catalogue cache are not what is measured.
      for (const profile of build.profiles)
        await load({
          url: `${profile.isCached ? build.cache.url : build.server.url}${RENDER_PATH}`,
          headers: profile.isVisitor ? { cookie: build.cookie } : {},
          connections: RENDER_CONNECTIONS,
          duration: 5,
        })
    }
    for (let round = 0; round < rounds; round += 1) {
      for (const build of builds) {
        for (const profile of build.profiles) {
          const headers = profile.isVisitor ? { cookie: build.cookie } : {}
          const parts = {
            storefront: (pid) => pid === build.server.pid,
            platform: (pid) => pid === platform.pid,
            postgres: (_pid, process) => process.command.includes(postgres.dir),
          }
          const figures = await measurePage(
            profile.isCached ? build.cache.url : build.server.url,
            headers,
            parts,
          )
          const cpu = Object.entries(figures.cpuMsPerPage).map(([part, ms]) => `${part} ${ms}`)
          log(
            `${describe(`round ${round + 1}, ${build.label}, ${profile.name}`, figures)}; CPU ms per page: ${cpu.join(', ')}; load ${figures.loadAverage}`,
          )
          build.runs[profile.name].push(figures)
        }
      }
    }
    return {
      method: `GET ${RENDER_PATH} at ${RENDER_CONNECTIONS} connections for ${SECONDS} s (autocannon), platform on PostgreSQL with the demo seed, storefront by its own server.js (NODE_ENV=production), straight or through nginx with the topology’s micro-cache (scripts/topology/nginx.mjs, one worker); builds alternate over ${rounds} rounds, the figure is the round with the median pages per second; CPU ms per page of the storefront, the platform and PostgreSQL from /proc (user and system time) over each round, and the load average at its end`,
      builds: builds.map((build) => ({
        label: build.label,
        directory: build.directory,
        homeJavaScript: build.homeJavaScript,
        profiles: Object.fromEntries(
          build.profiles.map(({ name: profile }) => {
            const runs = build.runs[profile]
            const median = lowerMedian(runs.map((run) => run.requestsPerSecond))
            return [profile, { ...runs.find((run) => run.requestsPerSecond === median), rounds: runs }]
          }),
        ),
      })),
    }
  } finally {
    for (const service of started.reverse()) await service.stop()
    await postgres.stop()
  }
}
