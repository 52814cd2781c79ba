// The record of a running topology, so that `npm run topology:stop` (another process) finds every part.
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { repoRoot } from '../processes.mjs'

/**
 * @typedef {object} TopologyState
 * @property {'starting' | 'ready' | 'failed' | 'stopping'} status
 * @property {number} supervisorPid the process that owns the databases and stops everything in order
 * @property {string} [error] why it failed
 * @property {string} [dir] the topology's temporary directory
 * @property {string} [primaryDir]
 * @property {string} [primaryUrl]
 * @property {string} [replicaDir]
 * @property {string} [replicaUrl]
 * @property {number} [nginxPid]
 * @property {number} [storefrontPid]
 * @property {string} [storefrontUrl]
 * @property {{ index: number, pid: number, url: string }[]} platforms
 * @property {string} [mainUrl]
 * @property {string} [readOnlyUrl]
 * @property {{ startSeconds: number, replicaCatchUpMs: number }} [figures]
 */

/** `TOPOLOGY_STATE` or `.tmp/topology/state.json` in the repository. */
export function stateFile(env = process.env) {
  return env.TOPOLOGY_STATE || join(repoRoot, '.tmp/topology/state.json')
}

/**
 * The recorded state, or `undefined` when no topology was started (or it was stopped).
 * @returns {TopologyState | undefined}
 */
export function readState(file = stateFile()) {
  if (!existsSync(file)) return undefined
  try {
    return JSON.parse(readFileSync(file, 'utf8'))
  } catch {
    return undefined
  }
}

/** Writes the state whole (a rename, so a reader never sees half of it). */
export function writeState(state, file = stateFile()) {
  mkdirSync(dirname(file), { recursive: true })
  writeFileSync(`${file}.tmp`, `${JSON.stringify(state, null, 2)}\n`)
  renameSync(`${file}.tmp`, file)
}

export function removeState(file = stateFile()) {
  rmSync(file, { force: true })
}

/** Whether a process is alive. */
export function isAlive(pid) {
  if (!(pid > 0)) return false
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return error.code === 'EPERM'
  }
}

/** Resolves once `pid` has exited, or with `false` after `timeoutMs`. */
export async function waitForExit(pid, timeoutMs) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (!isAlive(pid)) return true
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return !isAlive(pid)
}

function signalGroup(pid, signal) {
  try {
    process.kill(-pid, signal)
  } catch {
    // The group is gone.
  }
}

function signalProcess(pid, signal) {
  try {
    process.kill(pid, signal)
  } catch {
    // Already gone.
  }
}

/**
 * Stops what a topology whose supervisor died left running, from its record: nginx, the platform
 * processes (SIGTERM, then SIGKILL after 10 s), the replica and the primary (a fast shutdown, then an
 * immediate one), and removes their directories.
 * @param {TopologyState} state
 * @param {(line: string) => void} log
 */
export async function stopLeftovers(state, log) {
  const groups = [
    state.nginxPid,
    state.storefrontPid,
    ...(state.platforms ?? []).map((platform) => platform.pid),
  ].filter(isAlive)
  for (const pid of groups) signalGroup(pid, 'SIGTERM')
  for (const pid of groups) {
    if (!(await waitForExit(pid, 10_000))) {
      log(`topology: process ${pid} did not stop within 10 s; killing it`)
      signalGroup(pid, 'SIGKILL')
    }
  }
  for (const dir of [state.replicaDir, state.primaryDir]) {
    if (!dir) continue
    const pidFile = join(dir, 'data', 'postmaster.pid')
    const postmaster = existsSync(pidFile) ? Number(readFileSync(pidFile, 'utf8').split('\n')[0]) : 0
    if (isAlive(postmaster)) {
      // SIGINT is PostgreSQL's fast shutdown; SIGQUIT its immediate one.
      signalProcess(postmaster, 'SIGINT')
      if (!(await waitForExit(postmaster, 30_000))) signalProcess(postmaster, 'SIGQUIT')
      await waitForExit(postmaster, 5_000)
    }
    rmSync(dir, { recursive: true, force: true })
  }
  if (state.dir) rmSync(state.dir, { recursive: true, force: true })
}
