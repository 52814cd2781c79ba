// Child processes for the run and test scripts. Plain Node: these run before `npm ci`.
import { spawn } from 'node:child_process'
import { closeSync, openSync } from 'node:fs'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The repository root (the folder above scripts/). */
export const repoRoot = resolve(fileURLToPath(new URL('..', import.meta.url)))

/**
 * Runs a command to completion with its output on this terminal and no stdin (CI has none).
 * @param {string} command
 * @param {string[]} args
 * @param {{ cwd?: string, env?: NodeJS.ProcessEnv }} [options]
 * @returns {Promise<number>} the exit code (128 + n when a signal ended it)
 */
export function run(command, args, { cwd = repoRoot, env = process.env } = {}) {
  return new Promise((done, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'inherit', 'inherit'] })
    child.on('error', (error) =>
      reject(new Error(`could not run ${command}: ${error.message}`, { cause: error })),
    )
    child.on('exit', (code, signal) => done(code ?? 128 + signalNumber(signal)))
  })
}

/**
 * Starts a long-running command in its own process group, so that a signal can reach the whole tree
 * (npm -> sh -> tsx -> node) and not only the npm at its top.
 * @param {string} command
 * @param {string[]} args
 * @param {{ cwd?: string, env?: NodeJS.ProcessEnv, label: string, logFile?: string }} options
 *   `logFile`: append the output there instead of this terminal (the service may outlive this process)
 */
export function startService(command, args, { cwd = repoRoot, env = process.env, label, logFile }) {
  const output = logFile ? openSync(logFile, 'a') : 'pipe'
  const child = spawn(command, args, { cwd, env, stdio: ['ignore', output, output], detached: true })
  if (typeof output === 'number') closeSync(output)
  else {
    prefixLines(child.stdout, process.stdout, label)
    prefixLines(child.stderr, process.stderr, label)
  }
  const exited = new Promise((done) => {
    child.on('error', (error) => {
      process.stderr.write(`${label} | could not start ${command}: ${error.message}\n`)
      done({ code: 1, signal: null })
    })
    child.on('exit', (code, signal) => done({ code, signal }))
  })
  return {
    label,
    child,
    /** @type {Promise<{ code: number | null, signal: NodeJS.Signals | null }>} */
    exited,
    /** Sends a signal to the service's whole process group (which may outlive its leader); quiet when gone. */
    signal(name = 'SIGTERM') {
      if (child.pid === undefined) return
      try {
        process.kill(-child.pid, name)
      } catch {
        // The group is already gone.
      }
    },
  }
}

function prefixLines(from, to, label) {
  let pending = ''
  from.setEncoding('utf8')
  from.on('data', (chunk) => {
    const lines = (pending + chunk).split('\n')
    pending = lines.pop() ?? ''
    for (const line of lines) to.write(`${label} | ${line}\n`)
  })
  from.on('end', () => {
    if (pending) to.write(`${label} | ${pending}\n`)
  })
}

/** @param {NodeJS.Signals | null} signal */
export function signalNumber(signal) {
  return { SIGHUP: 1, SIGINT: 2, SIGKILL: 9, SIGTERM: 15 }[signal ?? ''] ?? 1
}

/** Seconds since `started`, for the timing lines the scripts print. */
export function secondsSince(started) {
  return `${((performance.now() - started) / 1000).toFixed(1)} s`
}
