// A throwaway PostgreSQL server for tests: its own temporary directory, a free loopback port, trust auth.
// Usage: node scripts/postgres.mjs --self-test   (starts two servers at once, runs SELECT 1 on each,
// restarts one and asks it again, stops them)
import { spawn, spawnSync } from 'node:child_process'
import {
  appendFileSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { aptInstall } from './apt.mjs'
import { findFreePort } from './free-port.mjs'
import { secondsSince, signalNumber } from './processes.mjs'

/**
 * @typedef {object} PostgresServer
 * @property {string} url
 * @property {number} port
 * @property {string} dir
 * @property {() => Promise<void>} stop shuts the server down fast and deletes its directory
 * @property {(options?: { pauseMs?: number }) => Promise<{ stoppedMs: number, downMs: number }>} restart
 *   as `pg_ctl restart -m fast`: every connection is ended, the server stops, stays down `pauseMs` (0),
 *   and starts again on the same port and data; resolves once it accepts connections again, with the
 *   milliseconds the shutdown took and the whole time it was down
 */

const dirPrefix = 'aisle-pg-'

/** Servers started by this process and not yet stopped; stopped on exit and on a signal. */
const running = new Set()

/**
 * Starts a fresh PostgreSQL server for tests: initdb in a new temporary directory (owned by the
 * `postgres` user when running as root, since PostgreSQL refuses to run as root), listening on a free
 * port on 127.0.0.1 only, with its unix socket in that directory and trust authentication. Installs
 * Debian's PostgreSQL first if no server binaries are found. Two calls, in one process or two, get two
 * separate servers.
 * @param {{ log?: (line: string) => void, settings?: string[] }} [options] `settings`: more
 *   `postgresql.conf` lines (`wal_level = replica`)
 * @returns {Promise<PostgresServer>} `url` connects as the `postgres` superuser to the `postgres`
 *   database; `stop()` shuts the server down fast and deletes its directory (also done at exit)
 * @throws {Error} when initdb or the server fails, with the tail of the server's log
 */
export async function startPostgres({ log = () => {}, settings = [] } = {}) {
  const bin = await ensurePostgresBinaries({ log })
  const owner = findOwner()
  stopOrphans({ owner, bin, log })
  const server = createServerDir(owner, bin)
  const { dir } = server
  try {
    const data = join(dir, 'data')
    const initdb = await capture(
      asOwner(owner, [
        join(bin, 'initdb'),
        ...['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C'],
        ...['--no-sync', '--no-instructions'],
      ]),
      dir,
    )
    if (initdb.code !== 0) throw new Error(`initdb failed with exit code ${initdb.code}:\n${initdb.output}`)
    // Test data is disposable: durability settings off make the suites faster.
    const socketDir = dir.replaceAll("'", "''")
    appendFileSync(
      join(data, 'postgresql.conf'),
      [
        '',
        '# scripts/postgres.mjs: a throwaway test server',
        "listen_addresses = '127.0.0.1'",
        `unix_socket_directories = '${socketDir}'`,
        'fsync = off',
        'synchronous_commit = off',
        'full_page_writes = off',
        ...settings,
        '',
      ].join('\n'),
    )
    const port = await startOnFreePort(server, data)
    const url = `postgres://postgres@127.0.0.1:${port}/postgres`
    return {
      url,
      port,
      dir,
      stop: async () => stopServer(server),
      restart: (options) => restartServer(server, options),
    }
  } catch (error) {
    stopServer(server)
    throw error
  }
}

/**
 * Starts a streaming read replica of a server from `startPostgres`: `pg_basebackup -R` into a new
 * temporary directory, through a physical replication slot it creates on the primary, then a hot
 * standby on a free loopback port. Stopping the primary first is fine: the standby waits for it.
 * @param {PostgresServer} primary
 * @param {{ slot: string, log?: (line: string) => void, settings?: string[] }} options `slot`: the
 *   replication slot's name (unique per replica); `settings`: more `postgresql.conf` lines
 * @returns {Promise<PostgresServer>} `url` connects to the standby (read only); `stop()` as for a primary
 * @throws {Error} when the base backup or the standby fails, with the tail of its output
 */
export async function startReplica(primary, { slot, log = () => {}, settings = [] }) {
  const bin = await ensurePostgresBinaries({ log })
  const owner = findOwner()
  const server = createServerDir(owner, bin)
  const { dir } = server
  try {
    const data = join(dir, 'data')
    const backup = await capture(
      asOwner(owner, [
        join(bin, 'pg_basebackup'),
        ...['-h', '127.0.0.1', '-p', String(primary.port), '-U', 'postgres', '-D', data],
        ...['-R', '-C', '-S', slot, '-X', 'stream', '--no-sync'],
      ]),
      dir,
    )
    if (backup.code !== 0) {
      throw new Error(`pg_basebackup failed with exit code ${backup.code}:\n${backup.output}`)
    }
    // The copied configuration names the primary's socket directory: the standby gets its own.
    appendFileSync(
      join(data, 'postgresql.conf'),
      [
        '',
        '# scripts/postgres.mjs: a streaming read replica',
        `unix_socket_directories = '${dir.replaceAll("'", "''")}'`,
        'hot_standby = on',
        ...settings,
        '',
      ].join('\n'),
    )
    const port = await startOnFreePort(server, data)
    const url = `postgres://postgres@127.0.0.1:${port}/postgres`
    return {
      url,
      port,
      dir,
      stop: async () => stopServer(server),
      restart: (options) => restartServer(server, options),
    }
  } catch (error) {
    stopServer(server)
    throw error
  }
}

/** A new server directory, owned by the server's user, stopped with the others at exit. */
function createServerDir(owner, bin) {
  const dir = mkdtempSync(join(tmpdir(), dirPrefix))
  const server = { dir, owner, bin, isStopped: false }
  running.add(server)
  listenForExit()
  writeFileSync(join(dir, 'owner.pid'), String(process.pid))
  if (owner) chownSync(dir, owner.uid, owner.gid)
  return server
}

/** Another process may take the port between our probe and the server's bind: then try another. */
async function startOnFreePort(server, data) {
  const logFile = join(server.dir, 'postgres.log')
  for (let attempt = 1; ; attempt++) {
    const port = await findFreePort()
    const start = await capture(
      asOwner(server.owner, [
        join(server.bin, 'pg_ctl'),
        ...['-D', data, '-l', logFile, '-w', '-t', '60', '-o', `-p ${port}`, 'start'],
      ]),
      server.dir,
    )
    if (start.code === 0) {
      server.port = port
      return port
    }
    const serverLog = existsSync(logFile) ? readFileSync(logFile, 'utf8') : ''
    if (attempt < 5 && /could not bind|address already in use/i.test(serverLog)) continue
    const tail = serverLog.split('\n').slice(-15).join('\n')
    throw new Error(`PostgreSQL did not start (pg_ctl exit code ${start.code}):\n${start.output}\n${tail}`)
  }
}

/**
 * Restarts a server as `pg_ctl restart -m fast` does, as the server's owner: ends every connection and
 * shuts down, stays down `pauseMs`, then starts again on the same port and data, and waits until it
 * accepts connections.
 */
async function restartServer(server, { pauseMs = 0 } = {}) {
  if (server.isStopped) throw new Error(`the server in ${server.dir} was stopped; it cannot restart`)
  const data = join(server.dir, 'data')
  const logFile = join(server.dir, 'postgres.log')
  const pgCtl = async (args) => {
    const run = await capture(
      asOwner(server.owner, [join(server.bin, 'pg_ctl'), '-D', data, ...args]),
      server.dir,
    )
    if (run.code === 0) return
    const tail = existsSync(logFile) ? readFileSync(logFile, 'utf8').split('\n').slice(-15).join('\n') : ''
    throw new Error(`pg_ctl ${args.at(-1)} failed with exit code ${run.code}:\n${run.output}\n${tail}`)
  }
  const started = performance.now()
  await pgCtl(['-m', 'fast', '-w', '-t', '60', 'stop'])
  const stoppedMs = performance.now() - started
  if (pauseMs > 0) await new Promise((resolve) => setTimeout(resolve, pauseMs))
  await pgCtl(['-l', logFile, '-w', '-t', '60', '-o', `-p ${server.port}`, 'start'])
  return { stoppedMs, downMs: performance.now() - started }
}

/** Synchronous, so the exit hook can use it too. Quiet and harmless when called twice. */
function stopServer(server) {
  if (server.isStopped) return
  server.isStopped = true
  running.delete(server)
  const data = join(server.dir, 'data')
  const pidFile = join(data, 'postmaster.pid')
  if (existsSync(pidFile)) {
    const [command, ...args] = asOwner(server.owner, [
      join(server.bin, 'pg_ctl'),
      ...['-D', data, '-m', 'fast', '-w', '-t', '30', 'stop'],
    ])
    const stop = spawnSync(command, args, { cwd: server.dir, stdio: 'ignore' })
    if (stop.status !== 0 && existsSync(pidFile)) {
      // pg_ctl could not stop it in time: an immediate shutdown of the postmaster and its children.
      const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0])
      if (pid > 0) {
        try {
          process.kill(pid, 'SIGQUIT')
        } catch {
          // Already gone.
        }
      }
    }
  }
  rmSync(server.dir, { recursive: true, force: true })
}

/**
 * A run killed with SIGKILL could not stop its server: the next run stops and removes every server
 * whose owning process is gone. Servers of runs still alive are left alone.
 */
function stopOrphans({ owner, bin, log }) {
  for (const name of readdirSync(tmpdir())) {
    if (!name.startsWith(dirPrefix)) continue
    const dir = join(tmpdir(), name)
    let ownerPid
    try {
      ownerPid = Number(readFileSync(join(dir, 'owner.pid'), 'utf8'))
    } catch {
      continue // Another user's, or being created right now.
    }
    if (!(ownerPid > 0) || isAlive(ownerPid)) continue
    log(`postgres: stopping a server left behind by process ${ownerPid} in ${dir}`)
    stopServer({ dir, owner, bin, isStopped: false })
  }
}

function isAlive(pid) {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return error.code === 'EPERM'
  }
}

let isListening = false

function listenForExit() {
  if (isListening) return
  isListening = true
  const stopAll = () => {
    for (const server of running) stopServer(server)
  }
  process.on('exit', stopAll)
  for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM', 'SIGHUP'])) {
    const onSignal = () => {
      stopAll()
      // Keep the default behaviour (exit) unless the host script handles the signal itself.
      if (process.listenerCount(signal) === 1) process.exit(128 + signalNumber(signal))
    }
    process.on(signal, onSignal)
  }
}

/** PostgreSQL refuses to run as root: then the server runs as the `postgres` user. */
function findOwner() {
  if (process.getuid?.() !== 0) return null
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('postgres:'))
  if (!line) throw new Error('running as root, but there is no `postgres` user to run PostgreSQL as')
  const [, , uid, gid] = line.split(':')
  return { name: 'postgres', uid: Number(uid), gid: Number(gid) }
}

function asOwner(owner, command) {
  if (!owner) return command
  if (existsSync('/usr/sbin/runuser') || existsSync('/sbin/runuser')) {
    return ['runuser', '-u', owner.name, '--', ...command]
  }
  const quoted = command.map((part) => `'${part.replaceAll("'", "'\\''")}'`).join(' ')
  return ['su', owner.name, '-s', '/bin/sh', '-c', quoted]
}

/** Runs a command quietly, keeping its output for the error message. */
function capture([command, ...args], cwd) {
  return new Promise((resolve, reject) => {
    // Its own process group: a Ctrl+C reaches us, and we stop the server in order.
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], detached: true })
    let output = ''
    child.stdout.on('data', (chunk) => {
      output += chunk
    })
    child.stderr.on('data', (chunk) => {
      output += chunk
    })
    child.on('error', (error) =>
      reject(new Error(`could not run ${command}: ${error.message}`, { cause: error })),
    )
    child.on('close', (code) => resolve({ code: code ?? 1, output }))
  })
}

/** `PG_BIN`, else the newest Debian install, else whatever `pg_config` on the PATH names. */
export function findPostgresBinaries() {
  const hasServer = (bin) => ['initdb', 'pg_ctl', 'postgres'].every((name) => existsSync(join(bin, name)))
  if (process.env.PG_BIN) {
    if (hasServer(process.env.PG_BIN)) return process.env.PG_BIN
    throw new Error(`PG_BIN=${process.env.PG_BIN} has no initdb, pg_ctl and postgres`)
  }
  const debian = '/usr/lib/postgresql'
  if (existsSync(debian)) {
    const versions = readdirSync(debian)
      .filter((name) => /^\d+$/.test(name))
      .sort((a, b) => Number(b) - Number(a))
    for (const version of versions) {
      if (hasServer(join(debian, version, 'bin'))) return join(debian, version, 'bin')
    }
  }
  const pgConfig = spawnSync('pg_config', ['--bindir'], { encoding: 'utf8' })
  const bin = pgConfig.status === 0 ? pgConfig.stdout.trim() : ''
  return bin && hasServer(bin) ? bin : undefined
}

async function ensurePostgresBinaries({ log }) {
  const found = findPostgresBinaries()
  if (found) return found
  log("postgres: no PostgreSQL server binaries found; installing Debian's postgresql package")
  const started = performance.now()
  // Debian's package would also create and start a cluster on port 5432; tests need only their own.
  const clusterConfig = '/etc/postgresql-common/createcluster.conf'
  if (!existsSync(clusterConfig) && process.getuid?.() === 0) {
    mkdirSync('/etc/postgresql-common', { recursive: true })
    writeFileSync(clusterConfig, 'create_main_cluster = false\n')
  }
  await aptInstall(['postgresql'], { log, dpkgOptions: ['--force-confdef', '--force-confold'] })
  const installed = findPostgresBinaries()
  if (!installed) throw new Error('apt-get installed postgresql, but its server binaries were not found')
  log(`postgres: installed in ${secondsSince(started)}`)
  return installed
}

async function selfTest() {
  const started = performance.now()
  const servers = await Promise.all([
    startPostgres({ log: console.log }),
    startPostgres({ log: console.log }),
  ])
  console.log(`started two servers at once in ${secondsSince(started)}:`)
  const bin = findPostgresBinaries()
  const psql = bin && existsSync(join(bin, 'psql')) ? join(bin, 'psql') : 'psql'
  let failures = 0
  for (const server of servers) {
    const answer = spawnSync(psql, [server.url, '-tAc', 'select 1, current_setting($$listen_addresses$$)'], {
      encoding: 'utf8',
    })
    const isGood = answer.status === 0 && answer.stdout.trim() === '1|127.0.0.1'
    if (!isGood) failures++
    console.log(`  ${server.url}  ${isGood ? 'ok' : 'FAILED'}: ${(answer.stdout || answer.stderr).trim()}`)
  }
  const [first] = servers
  const { downMs } = await first.restart({ pauseMs: 200 })
  const again = spawnSync(psql, [first.url, '-tAc', 'select 1'], { encoding: 'utf8' })
  const isBack = again.status === 0 && again.stdout.trim() === '1'
  if (!isBack) failures++
  console.log(
    `  ${first.url}  ${isBack ? 'ok' : 'FAILED'} after a restart of ${Math.round(downMs)} ms: ${(again.stdout || again.stderr).trim()}`,
  )
  const stopping = performance.now()
  await Promise.all(servers.map((server) => server.stop()))
  for (const server of servers) {
    if (existsSync(server.dir)) {
      failures++
      console.log(`  ${server.dir} was not removed`)
    }
    const probe = spawnSync(psql, [server.url, '-tAc', 'select 1'], { encoding: 'utf8' })
    if (probe.status === 0) {
      failures++
      console.log(`  ${server.url} still answers after stop()`)
    }
  }
  console.log(`stopped both and removed their directories in ${secondsSince(stopping)}`)
  console.log(failures === 0 ? 'postgres self-test: ok' : `postgres self-test: ${failures} failure(s)`)
  process.exitCode = failures === 0 ? 0 : 1
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (process.argv.includes('--self-test')) {
    await selfTest()
  } else {
    console.error('usage: node scripts/postgres.mjs --self-test')
    process.exitCode = 2
  }
}
