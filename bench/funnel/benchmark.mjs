// The shopper funnel under load on the 10k seed: browse a collection, search, open a product, add it
// to the cart, estimate totals, create a checkout, open the hosted checkout and place the order there
// (test card). Against PGlite (one process) and the scale-out topology (nginx, N processes, a
// PostgreSQL primary and its streaming replica), with the SQL statements each step sends.
// Part of `npm run bench -- funnel`; also runs alone: `node bench/funnel/benchmark.mjs`.
import { execFileSync, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { availableParallelism, tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { repoRoot } from '../../scripts/processes.mjs'
import { startTopology } from '../../scripts/topology/start-topology.mjs'
import { renderBarChart } from '../harness/bar-chart.mjs'
import { cpuProfileEnv, isProfiling, profileAround } from '../harness/cpu-profile.mjs'
import { benchRuntime, startPlatform } from '../harness/load.mjs'
import { describeMachine, findPackageVersion, writeResults } from '../harness/results.mjs'
import { driveFunnel, summariseFunnel } from './drive.mjs'
import { cpuByPart, readProcesses } from './process-cpu.mjs'
import { STEPS } from './shopper.mjs'

export const name = 'funnel'
export const title = 'Shopper funnel under load'

/** Seconds of measured load per target (`FUNNEL_SECONDS`), after a warm-up of a third of it. */
const SECONDS = Number(process.env.FUNNEL_SECONDS ?? 15)
/** Concurrent virtual shoppers (`FUNNEL_SHOPPERS`). */
const SHOPPERS = Number(process.env.FUNNEL_SHOPPERS ?? 8)
/** Platform processes of the topology (`FUNNEL_PROCESSES`). */
const PROCESSES = Number(process.env.FUNNEL_PROCESSES ?? 2)
/** Which targets to measure (`FUNNEL_TARGETS`, comma list of `pglite` and `topology`). */
const TARGETS = (process.env.FUNNEL_TARGETS ?? 'pglite,topology').split(',')
/**
 * A checkout of an earlier build (a directory holding `apps/platform` and the `node_modules` it runs
 * with, e.g. a `git worktree` with the packages linked in), measured on the topology beside this one in
 * alternating rounds, each on a topology of its own made with its own migrations and seed: what a set of
 * changes did to the CPU per order under the same machine's speed at the same hour. The shared machine's
 * speed moves by half between hours, so a figure from another day is no baseline. `FUNNEL_BASELINE_LABEL`
 * names it in the results.
 */
const BASELINE = process.env.FUNNEL_BASELINE
const BASELINE_LABEL = process.env.FUNNEL_BASELINE_LABEL ?? 'baseline'
/** Rounds on the topology (`FUNNEL_ROUNDS`): 1, or 2 of each build with a baseline. */
const ROUNDS = Number(process.env.FUNNEL_ROUNDS ?? (BASELINE ? 2 : 1))
/** Shoppers of the in-process pass that counts statements. */
const COUNTED_SHOPPERS = 5
// Every shopper is a new visitor from 127.0.0.1: the per-IP limit of anonymous tokens would refuse them.
// The platform runs as in production (`FUNNEL_NODE_ENV`, `production`): outside it, React renders the
// hosted pages with its development checks, which cost the checkout page more than all its SQL.
const NODE_ENV = process.env.FUNNEL_NODE_ENV ?? 'production'
const RATE_LIMITS = 'anonymousToken.ip=off'
// Shoppers pay with the test card: production offers no test provider unless told (decision 054).
const PAYMENTS_TEST_PROVIDER = 'on'
const PLATFORM_ENV = { SEED: '10k', RATE_LIMITS, NODE_ENV, PAYMENTS_TEST_PROVIDER }

/**
 * Warm-up, then the measured run; fails when any step of the measured run failed. An order refused
 * because its product sold out or changed price since the shopper read it (the demo store tracks a few
 * units of some products) is a right answer, counted apart. `parts` pick the processes whose CPU time
 * per completed order is reported beside the driver's own (see `process-cpu.mjs`).
 * @param {Record<string, (pid: number, process: { command: string }) => boolean>} parts
 */
async function measure(label, baseUrl, log, parts, profiled = []) {
  await driveFunnel({ baseUrl, shoppers: SHOPPERS, seconds: Math.max(2, SECONDS / 3) })
  const before = readProcesses()
  const driverBefore = process.cpuUsage()
  const load = await profileAround(
    profiled,
    () => driveFunnel({ baseUrl, shoppers: SHOPPERS, seconds: SECONDS }),
    log,
  )
  const driver = process.cpuUsage(driverBefore)
  const used = { ...cpuByPart(before, readProcesses(), parts), driver: (driver.user + driver.system) / 1000 }
  const figures = summariseFunnel(load)
  const perOrder = Object.fromEntries(
    Object.entries(used).map(([part, ms]) => [part, Math.round((ms / Math.max(1, load.funnels)) * 10) / 10]),
  )
  const totalMs = Object.values(perOrder).reduce((sum, ms) => sum + ms, 0)
  figures.cpuMsPerOrder = { ...perOrder, total: Math.round(totalMs * 10) / 10 }
  // The most orders per second the machine's cores could give at this cost, with every core busy.
  figures.coreBoundOrdersPerSecond =
    totalMs > 0 ? Math.round((availableParallelism() * 10_000) / totalMs) / 10 : null
  log(
    `${label}: ${figures.funnelsPerSecond} orders/s over ${figures.seconds} s, ${figures.errors} errors, ` +
      `${figures.refusals} orders rightly refused ${JSON.stringify(figures.refusalsByReason)}; ` +
      `place-order p95 ${figures.steps['place-order'].latencyMs.p95} ms; CPU ms per order ` +
      `${JSON.stringify(figures.cpuMsPerOrder)}, so at most ${figures.coreBoundOrdersPerSecond} orders/s on ` +
      `${availableParallelism()} cores`,
  )
  if (figures.errors > 0)
    throw new Error(
      `${label}: ${figures.errors} steps failed, e.g. ${JSON.stringify(load.errors.slice(0, 3))}`,
    )
  return figures
}

async function onPglite(log, runtime) {
  const dataDir = mkdtempSync(join(tmpdir(), 'aisle-bench-funnel-'))
  const platform = await startPlatform({ ...PLATFORM_ENV, ...cpuProfileEnv(), DATA_DIR: dataDir }, log, {
    runtime,
  })
  try {
    return await measure(
      'PGlite, one process',
      platform.url,
      log,
      { platform: (pid) => pid === platform.pid },
      [platform.pid],
    )
  } finally {
    await platform.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

/**
 * @param {(line: string) => void} log
 * @param {import('../../scripts/platform-runtime.mjs').PlatformRuntime} runtime
 * @param {{ root?: string, label?: string }} [build] the checkout measured (this one) and its name
 */
async function onTopology(log, runtime, { root = repoRoot, label = '' } = {}) {
  /** @type {{ platformPids: number[], nginxPid?: number, primaryDir?: string, replicaDir?: string }} */
  const started = { platformPids: [] }
  const topology = await startTopology({
    processes: PROCESSES,
    root,
    runtime,
    seed: '10k',
    env: { RATE_LIMITS, NODE_ENV, PAYMENTS_TEST_PROVIDER, ...cpuProfileEnv() },
    log,
    onStarted: (part) => {
      if (part.platform) started.platformPids.push(part.platform.pid)
      else Object.assign(started, part)
    },
  })
  // A server's postmaster is the process started on its data directory; its backends descend from it.
  const onDirectory = (dir) => (_pid, process) => dir !== undefined && process.command.includes(dir)
  try {
    return await measure(
      `topology, ${PROCESSES} processes${label ? `, ${label}` : ''}`,
      topology.mainUrl,
      log,
      {
        postgresPrimary: onDirectory(started.primaryDir),
        postgresReplica: onDirectory(started.replicaDir),
        platform: (pid) => started.platformPids.includes(pid),
        nginx: (pid) => pid === started.nginxPid,
      },
      started.platformPids,
    )
  } finally {
    await topology.stop()
  }
}

/**
 * The statements per step, from the in-process pass (`count-statements.mjs`, run by tsx from the
 * platform's folder so its TypeScript settings apply).
 * @returns {Promise<Record<string, { min: number, max: number, mean: number }>>}
 */
export function countStatements(seed = '10k', shoppers = COUNTED_SHOPPERS) {
  const script = join(repoRoot, 'bench', 'funnel', 'count-statements.mjs')
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, seed, String(shoppers)], {
      cwd: join(repoRoot, 'apps', 'platform'),
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
      const last = output.trim().split('\n').at(-1) ?? ''
      if (code !== 0) reject(new Error(`counting statements failed (${code}):\n${output.slice(-2000)}`))
      else resolve(JSON.parse(last))
    })
  })
}

/** The CPU per order of the platform and PostgreSQL together (the driver and nginx left out). */
const platformAndPostgres = ({ cpuMsPerOrder: cpu }) =>
  (cpu.platform ?? 0) + (cpu.postgresPrimary ?? 0) + (cpu.postgresReplica ?? 0)
const mean = (values) => Math.round((values.reduce((sum, value) => sum + value, 0) / values.length) * 10) / 10

/**
 * The topology's rounds, into `results.topology` (this build's last round, with every round's CPU per
 * order) and, with a baseline, `results.baseline` likewise; returns the comparison of the two builds.
 */
async function measureTopology(log, runtime, results) {
  const baselineRuntime = BASELINE ? await benchRuntime({ root: BASELINE, log }) : undefined
  /** @type {{ current: any[], baseline: any[] }} */
  const rounds = { current: [], baseline: [] }
  for (let round = 0; round < ROUNDS; round++) {
    if (baselineRuntime)
      rounds.baseline.push(await onTopology(log, baselineRuntime, { root: BASELINE, label: BASELINE_LABEL }))
    rounds.current.push(await onTopology(log, runtime, { label: BASELINE ? 'this build' : '' }))
  }
  const byRound = (figures) => figures.map((round) => round.cpuMsPerOrder)
  results.topology = { ...rounds.current.at(-1), cpuMsPerOrderByRound: byRound(rounds.current) }
  if (!baselineRuntime) return undefined
  results.baseline = {
    ...rounds.baseline.at(-1),
    label: BASELINE_LABEL,
    revision: revisionOf(BASELINE),
    platformRuntime: baselineRuntime.label,
    cpuMsPerOrderByRound: byRound(rounds.baseline),
  }
  const current = mean(rounds.current.map(platformAndPostgres))
  const baseline = mean(rounds.baseline.map(platformAndPostgres))
  const comparison = {
    what: `CPU ms per order of the platform and PostgreSQL on the topology, mean of ${ROUNDS} alternating rounds per build`,
    baseline: { label: BASELINE_LABEL, revision: results.baseline.revision, cpuMsPerOrder: baseline },
    current: { revision: revisionOf(repoRoot), cpuMsPerOrder: current },
    ratio: Math.round((current / baseline) * 100) / 100,
  }
  log(
    `topology: this build ${current} ms of CPU per order against ${baseline} for ${BASELINE_LABEL}: ${comparison.ratio}x`,
  )
  return comparison
}

/** The short commit a checkout is at, or `undefined` when it is not a git checkout. */
function revisionOf(root) {
  try {
    return execFileSync('git', ['-C', root, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim()
  } catch {
    return undefined
  }
}

/** @param {{ log: (line: string) => void }} options */
export async function run({ log }) {
  const statements = await countStatements()
  log(`statements per step: ${STEPS.map((step) => `${step} ${statements[step].mean}`).join(', ')}`)
  // The platform as production runs it, the bundle on Node 24, unless told otherwise (decision 107).
  const runtime = await benchRuntime({ log })
  const results = {}
  if (TARGETS.includes('pglite')) results.pglite = await onPglite(log, runtime)
  const comparison = TARGETS.includes('topology') ? await measureTopology(log, runtime, results) : undefined
  // The profiler costs CPU itself: a profiled run's figures are logged, not written to results/.
  if (isProfiling) return { keep: false }
  const series = Object.keys(results)
  const labels = { pglite: 'PGlite', topology: `topology ×${PROCESSES}` }
  return {
    figures: {
      task: 'per virtual shopper: visitor token, collection page (24 products), search, product, add to cart, estimate totals, create checkout, hosted checkout page, place order (test card form post); a new visitor each time',
      seed: '10k (demo store plus 10,000 products)',
      shoppers: SHOPPERS,
      seconds: SECONDS,
      processes: PROCESSES,
      nodeEnv: NODE_ENV,
      note: 'closed loop: each shopper waits for each answer, so every step runs at the rate of whole funnels; statements per step counted in-process on PGlite (counting-db, BEGIN/COMMIT not counted); cpuMsPerOrder is the CPU time (user and system, from /proc) each part spent per completed order during the measured run, the driver being this benchmark itself on the same machine, and coreBoundOrdersPerSecond the cores divided by that cost; the machine is shared, so latencies move between runs',
      platformRuntime: runtime.label,
      versions: { node: process.version, autocannon: findPackageVersion('autocannon') },
      statementsPerStep: statements,
      ...(comparison ? { comparison } : {}),
      results,
    },
    chart: {
      title,
      subtitle: [
        `${SHOPPERS} virtual shoppers for ${SECONDS} s each on the 10k seed; every funnel ends in a placed order.`,
        'p99 (light) and p50 (solid) latency per step, in milliseconds; SQL statements per step in brackets.',
      ],
      series: [{ name: 'p99 ms' }, { name: 'p50 ms' }],
      rows: series.flatMap((target) =>
        STEPS.map((step) => {
          const figures = results[target].steps[step]
          return {
            label: `${step} · ${labels[target]}`,
            details: [`${statements[step].mean} statements`],
            isOurs: true,
            values: [figures.latencyMs.p99 ?? 0, figures.latencyMs.p50 ?? 0],
            note: `${figures.perSecond}/s · p50 ${figures.latencyMs.p50} · p95 ${figures.latencyMs.p95} · p99 ${figures.latencyMs.p99} ms`,
          }
        }),
      ),
    },
  }
}

// Run alone: the same result files as `npm run bench -- funnel` (which installs dependencies first).
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const machine = describeMachine()
  const { figures, chart, keep = true } = await run({ log: (line) => console.log(`  ${line}`) })
  if (!keep) process.exit(0)
  const date = new Date().toISOString()
  const footnote = `${machine.cpu}, ${machine.cores} cores, ${machine.os}, Node ${machine.node} · ${date.slice(0, 10)} · node bench/funnel/benchmark.mjs`
  const paths = writeResults(
    name,
    { benchmark: name, title, date, machine, ...figures },
    renderBarChart({ ...chart, footnote }),
  )
  console.log(`  wrote ${paths.json} and ${paths.svg}`)
}
