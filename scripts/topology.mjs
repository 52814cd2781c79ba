// `npm run topology`: the scale-out topology on this machine. A PostgreSQL primary with a streaming read
// replica, N platform processes on it, nginx in front with a main host and a read-only host, and with
// --storefront the storefront behind nginx's page cache.
//   node scripts/topology.mjs start [--processes N] [--seed demo|10k|none] [--storefront]   starts it
//   node scripts/topology.mjs status                                       what runs, replication lag
//   node scripts/topology.mjs stop                                         stops everything, removes it
// `start` hands the topology to a supervisor process that outlives it; `stop` finds it through the state
// file (`TOPOLOGY_STATE`, default .tmp/topology/state.json). Both are idempotent.
import { spawn } from 'node:child_process'
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, statSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { ensureDependencies } from './ensure-dependencies.mjs'
import { repoRoot, secondsSince } from './processes.mjs'
import { describeReplication } from './topology/replicated-postgres.mjs'
import { startTopology } from './topology/start-topology.mjs'
import {
  isAlive,
  readState,
  removeState,
  stateFile,
  stopLeftovers,
  waitForExit,
  writeState,
} from './topology/topology-state.mjs'

const usage = `usage: node scripts/topology.mjs start [--processes N] [--seed demo|10k|none] [--storefront] | status | stop
  start   a primary and a streaming replica, N platform processes (3), nginx (with --storefront, the
          storefront behind nginx's page cache too); prints the URLs
  status  the parts that run and the replica's lag
  stop    stops everything (nginx, processes, replica, primary) and removes its directories
  Environment: SEED (demo), TOPOLOGY_PROCESSES (3), TOPOLOGY_PORT and TOPOLOGY_READ_ONLY_PORT (free
  ports), TOPOLOGY_STATE (the state file); the platform's own settings (RATE_LIMITS, LOG_LEVEL...) pass through.`

const log = (line) => console.log(line)
const [command, ...rest] = process.argv.slice(2)

/** Reads `--name value` from the arguments, else the environment variable, else the default. */
function option(name, variable, fallback) {
  const index = rest.indexOf(`--${name}`)
  if (index >= 0) return rest[index + 1] ?? fallback
  return process.env[variable] || fallback
}

function parseOptions() {
  const processes = Number(option('processes', 'TOPOLOGY_PROCESSES', '3'))
  const seed = option('seed', 'SEED', 'demo')
  if (!Number.isInteger(processes) || processes < 1 || processes > 16)
    throw new Error('--processes must be a whole number from 1 to 16')
  if (!['demo', '10k', 'none'].includes(seed)) throw new Error('--seed must be demo, 10k or none')
  const mainPort = Number(process.env.TOPOLOGY_PORT ?? 0)
  const readOnlyPort = Number(process.env.TOPOLOGY_READ_ONLY_PORT ?? 0)
  const storefront = rest.includes('--storefront')
  return { processes, seed, mainPort, readOnlyPort, storefront }
}

function printUrls(state) {
  log(
    `main host       ${state.mainUrl}   (every method, round-robin over ${state.platforms.length} processes)`,
  )
  log(`read-only host  ${state.readOnlyUrl}   (GET, HEAD, OPTIONS; catalogue reads from the replica)`)
  if (state.storefrontUrl) log(`storefront      ${state.storefrontUrl}   (through nginx's page cache)`)
  for (const platform of state.platforms)
    log(`platform ${platform.index}      ${platform.url}   (pid ${platform.pid})`)
  log(`primary         ${state.primaryUrl}`)
  log(`replica         ${state.replicaUrl}`)
}

async function start() {
  const options = parseOptions()
  const current = readState()
  if (current && isAlive(current.supervisorPid)) {
    log(`topology: already running (supervisor ${current.supervisorPid}, ${current.status})`)
    if (current.status === 'ready') printUrls(current)
    return 0
  }
  if (current) {
    log('topology: a previous run was not stopped; stopping what it left')
    await stopLeftovers(current, log)
    removeState()
  }
  const started = performance.now()
  await ensureDependencies({ log })
  const file = stateFile()
  mkdirSync(dirname(file), { recursive: true })
  const logFile = join(dirname(file), 'supervisor.log')
  const output = openSync(logFile, 'w')
  const supervisor = spawn(
    process.execPath,
    [
      fileURLToPath(import.meta.url),
      'supervise',
      '--processes',
      String(options.processes),
      '--seed',
      options.seed,
    ],
    {
      cwd: repoRoot,
      detached: true,
      stdio: ['ignore', output, output],
      env: { ...process.env, TOPOLOGY_STATE: file },
    },
  )
  closeSync(output)
  supervisor.unref()
  let printed = 0
  const follow = () => {
    if (!existsSync(logFile) || statSync(logFile).size <= printed) return
    const bytes = readFileSync(logFile)
    process.stdout.write(bytes.subarray(printed))
    printed = bytes.length
  }
  for (;;) {
    follow()
    const state = readState(file)
    if (state?.supervisorPid === supervisor.pid && state.status === 'ready') {
      log(`topology: started in ${secondsSince(started)}`)
      printUrls(state)
      log('stop it with: npm run topology:stop')
      return 0
    }
    if (state?.status === 'failed' || !isAlive(supervisor.pid)) {
      follow()
      log(`topology: failed to start${state?.error ? `: ${state.error}` : ''} (log: ${logFile})`)
      if (state) await stopLeftovers(state, log)
      removeState(file)
      return 1
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

/** The process that owns the topology while it runs: it starts it, records it, and stops it in order. */
async function supervise() {
  const options = parseOptions()
  const state = { status: 'starting', supervisorPid: process.pid, platforms: [] }
  writeState(state)
  let topology
  let isStopping = false
  const stopAll = async () => {
    if (isStopping) return
    isStopping = true
    writeState({ ...state, status: 'stopping' })
    const figures = topology ? await topology.stop() : undefined
    if (figures) log(`topology: stopped in ${figures.stopSeconds.toFixed(1)} s`)
    removeState()
    process.exit(0)
  }
  // SIGUSR2 is `stop`'s: only this process listens to it, so the parts stop in order (nginx, then the
  // processes, then the databases). On SIGTERM or SIGINT the database helper stops the servers at once.
  for (const signal of ['SIGUSR2', 'SIGTERM', 'SIGINT', 'SIGHUP']) process.on(signal, stopAll)
  try {
    topology = await startTopology({
      ...options,
      log,
      onStarted: (part) => {
        if (part.platform) state.platforms = [...state.platforms, part.platform]
        else Object.assign(state, part)
        if (!isStopping) writeState(state)
      },
    })
    Object.assign(state, {
      status: 'ready',
      dir: topology.dir,
      mainUrl: topology.mainUrl,
      readOnlyUrl: topology.readOnlyUrl,
      storefrontUrl: topology.storefrontUrl,
      platforms: topology.platforms.map((platform) => ({
        index: platform.index,
        pid: platform.pid(),
        url: platform.url,
      })),
      figures: topology.figures,
    })
    if (!isStopping) writeState(state)
    // Stay up, owning the databases, until `stop`.
    setInterval(() => {}, 2 ** 30)
  } catch (error) {
    writeState({ ...state, status: 'failed', error: error instanceof Error ? error.message : String(error) })
    process.exit(1)
  }
}

async function status() {
  const state = readState()
  if (!state) {
    log('topology: not running')
    return 0
  }
  const isRunning = isAlive(state.supervisorPid)
  log(
    `topology: ${isRunning ? state.status : 'supervisor gone (run stop to clean up)'} (supervisor ${state.supervisorPid})`,
  )
  if (state.mainUrl) printUrls(state)
  for (const platform of state.platforms) {
    const health = await fetch(`${platform.url}/health`, { signal: AbortSignal.timeout(2_000) }).then(
      (response) => `${response.status}`,
      (error) => error.cause?.code ?? error.message,
    )
    log(`platform ${platform.index}: ${isAlive(platform.pid) ? 'running' : 'gone'}, /health ${health}`)
  }
  if (state.primaryUrl) {
    const replicas = await describeReplication({ url: state.primaryUrl }).catch((error) => error)
    if (replicas instanceof Error) log(`replication: the primary does not answer (${replicas.message})`)
    for (const replica of Array.isArray(replicas) ? replicas : []) {
      log(
        `replication: ${replica.state}, replay lag ${replica.replayLagMs ?? 0} ms, ${replica.replayBytesBehind} bytes behind`,
      )
    }
  }
  if (state.figures) log(`figures: ${JSON.stringify(state.figures)}`)
  return isRunning ? 0 : 1
}

async function stop() {
  const state = readState()
  if (!state) {
    log('topology: not running')
    return 0
  }
  const started = performance.now()
  if (isAlive(state.supervisorPid)) {
    process.kill(state.supervisorPid, 'SIGUSR2')
    if (!(await waitForExit(state.supervisorPid, 60_000))) {
      log('topology: the supervisor did not stop within 60 s; killing it')
      process.kill(state.supervisorPid, 'SIGKILL')
    }
  }
  // Whatever the supervisor could not stop (it was killed, or died).
  await stopLeftovers(state, log)
  removeState()
  log(`topology: stopped in ${secondsSince(started)}`)
  return 0
}

const commands = { start, stop, status, supervise }
if (!(command in commands)) {
  console.error(usage)
  process.exit(command === '--help' ? 0 : 2)
}
try {
  const code = await commands[command]()
  if (command !== 'supervise') process.exit(code)
} catch (error) {
  console.error(`topology: ${error instanceof Error ? error.message : error}`)
  process.exit(1)
}
