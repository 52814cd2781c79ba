// Where a funnel's CPU goes, step by step: one platform process on a PostgreSQL server of its own (the
// 10k seed, production mode), one shopper at a time, and for each step the CPU time the platform process
// and the server's backends spent on it, read from Linux's per-thread scheduler counters
// (/proc/<pid>/task/<tid>/schedstat, nanoseconds); then the rows each table took and the WAL written per
// order, and the statements by time (pg_stat_statements). Not part of `npm run bench`, and it writes
// nothing to results/: a tool for finding what to cut, without the load's waiting for a core.
// `node bench/funnel/step-cost.mjs [shoppers=200]` from the repository root; STEP_COST_DURABLE=1 for the
// topology primary's durability settings; BENCH_CPU_PROFILE=1 for a profile of the measured shoppers and
// each step's time windows, so `summarise-cpu-profile.mjs <profile> --steps <windows> --step pay` shows one.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import pg from 'pg'
import { startPostgres } from '../../scripts/postgres.mjs'
import { cpuProfileEnv, isProfiling, profileAround, profileDirectory } from '../harness/cpu-profile.mjs'
import { startPlatform } from '../harness/load.mjs'
import { findCollectionIds, runShopper, STEPS } from './shopper.mjs'

const SHOPPERS = Number(process.argv[2] ?? 200)
const WARM_UP = 30

/**
 * CPU nanoseconds so far of every thread of `pids` and of their children (a server's backends), by
 * thread id.
 */
function cpuNs(pids) {
  const threads = new Map()
  const seen = new Set()
  const visit = (pid) => {
    if (seen.has(pid)) return
    seen.add(pid)
    let tasks = []
    try {
      tasks = readdirSync(`/proc/${pid}/task`)
    } catch {
      return
    }
    for (const tid of tasks) {
      try {
        threads.set(tid, Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]))
        for (const child of readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').trim().split(' '))
          if (child) visit(Number(child))
      } catch {
        // ended between the listing and the read
      }
    }
  }
  for (const pid of pids) visit(pid)
  return threads
}

/** The CPU nanoseconds threads spent between two readings (a thread that ended in between is not counted). */
function spentNs(before, after) {
  let total = 0
  for (const [tid, ns] of after) total += ns - (before.get(tid) ?? 0)
  return total
}

function postmasterPid(dataDir) {
  return Number(readFileSync(`${dataDir}/data/postmaster.pid`, 'utf8').split('\n')[0])
}

const log = (line) => console.error(line)
// STEP_COST_DURABLE=1: fsync, synchronous commit and full-page writes on, as the topology's primary has them.
const durable =
  process.env.STEP_COST_DURABLE === '1'
    ? ['fsync = on', 'synchronous_commit = on', 'full_page_writes = on', 'wal_level = replica']
    : []
const postgres = await startPostgres({
  log,
  settings: ['shared_preload_libraries = pg_stat_statements', ...durable],
})
const platform = await startPlatform(
  {
    SEED: '10k',
    DATABASE_URL: postgres.url,
    RATE_LIMITS: 'anonymousToken.ip=off',
    NODE_ENV: 'production',
    PAYMENTS_TEST_PROVIDER: 'on',
    ...cpuProfileEnv(),
  },
  log,
)
try {
  const server = postmasterPid(postgres.dir)
  const collectionIds = await findCollectionIds(fetch, platform.url)
  const platformNs = Object.fromEntries(STEPS.map((step) => [step, 0]))
  const serverNs = Object.fromEntries(STEPS.map((step) => [step, 0]))
  let measuring = false
  /** Each measured step's window on the monotonic clock, in microseconds (a profile's clock). */
  const windows = []
  const micros = () => Number(process.hrtime.bigint() / 1000n)
  const around = async (step, fn) => {
    if (!measuring) return fn()
    const p0 = cpuNs([platform.pid])
    const s0 = cpuNs([server])
    const from = micros()
    const result = await fn()
    windows.push([step, from, micros()])
    // Let the platform finish what it does after answering (logs, hooks) before reading.
    await new Promise((resolve) => setImmediate(resolve))
    platformNs[step] += spentNs(p0, cpuNs([platform.pid]))
    serverNs[step] += spentNs(s0, cpuNs([server]))
    return result
  }
  let orders = 0
  let refusals = 0
  const one = async () => {
    try {
      await runShopper({ fetch, baseUrl: platform.url, collectionIds, around })
      if (measuring) orders++
    } catch (error) {
      if (error?.name !== 'RefusalError' && !String(error?.constructor?.name).includes('Refusal')) throw error
      refusals++
    }
  }
  for (let index = 0; index < WARM_UP; index++) await one()
  // What the measured shoppers wrote: WAL bytes, and rows per table, from the server's statistics.
  const client = new pg.Client({ connectionString: postgres.url })
  await client.connect()
  await client.query('create extension if not exists pg_stat_statements')
  const tableWrites = async () => {
    await client.query('select pg_stat_clear_snapshot()')
    const { rows } = await client.query(
      'select relname, n_tup_ins as ins, n_tup_upd as upd, n_tup_hot_upd as hot, n_tup_del as del from pg_stat_user_tables',
    )
    return new Map(rows.map((row) => [row.relname, row]))
  }
  const walBefore = (await client.query('select pg_current_wal_lsn() as lsn')).rows[0].lsn
  const tablesBefore = await tableWrites()
  await client.query('select pg_stat_statements_reset()')
  measuring = true
  // BENCH_CPU_PROFILE=1: a CPU profile of the platform over the measured shoppers.
  await profileAround(
    [platform.pid],
    async () => {
      for (let index = 0; index < SHOPPERS; index++) await one()
    },
    log,
  )
  // Statistics reach the views a moment after the transactions that made them.
  await new Promise((resolve) => setTimeout(resolve, 1000))
  const walAfter = (await client.query('select pg_current_wal_lsn() as lsn')).rows[0].lsn
  const walBytes = (
    await client.query('select pg_wal_lsn_diff($1, $2)::float8 as bytes', [walAfter, walBefore])
  ).rows[0].bytes
  const tablesAfter = await tableWrites()
  const perOrder = (value) => Math.round((value / orders) * 100) / 100
  const tables = [...tablesAfter]
    .map(([name, after]) => {
      const before = tablesBefore.get(name) ?? { ins: 0, upd: 0, hot: 0, del: 0 }
      const delta = (key) => perOrder(Number(after[key]) - Number(before[key]))
      return { table: name, ins: delta('ins'), upd: delta('upd'), hot: delta('hot'), del: delta('del') }
    })
    .filter((row) => row.ins + row.upd + row.del > 0)
    .sort((a, b) => b.ins + b.upd + b.del - (a.ins + a.upd + a.del))
  console.table(tables)
  console.log(`WAL per order: ${Math.round(walBytes / orders)} bytes`)
  const { rows: statements } = await client.query(
    `select calls, round(total_exec_time::numeric, 1) as ms, rows, left(regexp_replace(query, '\\s+', ' ', 'g'), 110) as query
     from pg_stat_statements where query not like '%pg_stat%' order by total_exec_time desc limit 40`,
  )
  console.table(statements.map((row) => ({ ...row, perOrder: perOrder(Number(row.calls)) })))
  await client.end()
  if (isProfiling) {
    const path = join(profileDirectory, `steps-${platform.pid}.json`)
    writeFileSync(path, JSON.stringify(windows))
    log(`step windows: ${path} (summarise-cpu-profile.mjs <profile> --steps ${path} --step <name>)`)
  }
  const rows = STEPS.map((step) => ({
    step,
    platformMs: Math.round(platformNs[step] / orders / 1e4) / 100,
    serverMs: Math.round(serverNs[step] / orders / 1e4) / 100,
  }))
  const sum = (key) => Math.round(rows.reduce((total, row) => total + row[key], 0) * 100) / 100
  console.table(rows)
  console.log(JSON.stringify({ orders, refusals, platformMs: sum('platformMs'), serverMs: sum('serverMs') }))
} finally {
  await platform.stop()
  await postgres.stop()
}
