import { type ChildProcess, spawn } from 'node:child_process'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const repoRoot = resolve(fileURLToPath(new URL('../..', import.meta.url)))

/** `npm start` run by a test, as a new user runs it: one command, the platform and the storefront. */
export interface NpmStart {
  /** What it printed so far, for a failure's message. */
  output(): string
  /** Stops it as Ctrl+C does and waits until both services are gone. */
  stop(): Promise<void>
}

/**
 * Runs `npm start` from the repository with `env` added (PLATFORM_PORT, STOREFRONT_PORT, DATA_DIR…) and
 * resolves once it prints that Aisle is running.
 * @throws Error when it exits first or is not ready within `timeoutMs`.
 */
export async function runNpmStart(env: Record<string, string>, timeoutMs = 240_000): Promise<NpmStart> {
  const lines: string[] = []
  // Its own process group, so that the signal reaches npm's whole tree (npm -> sh -> node -> services).
  const child: ChildProcess = spawn('npm', ['start'], {
    cwd: repoRoot,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  })
  const exited = new Promise<void>((done) => child.once('exit', () => done()))
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      try {
        process.kill(-child.pid!, 'SIGINT')
      } catch {}
      await Promise.race([exited, new Promise((done) => setTimeout(done, 20_000))])
      try {
        process.kill(-child.pid!, 'SIGKILL')
      } catch {}
    }
  }
  const ready = new Promise<void>((done, fail) => {
    const keep = (chunk: Buffer) => {
      lines.push(chunk.toString('utf8'))
      if (process.env.AISLE_E2E_VERBOSE) process.stdout.write(chunk)
      if (lines.join('').includes('Aisle is running')) done()
    }
    child.stdout?.on('data', keep)
    child.stderr?.on('data', keep)
    void exited.then(() => fail(new Error(`npm start exited before it was ready:\n${lines.join('')}`)))
    setTimeout(
      () => fail(new Error(`npm start was not ready within ${timeoutMs / 1000} s:\n${lines.join('')}`)),
      timeoutMs,
    ).unref()
  })
  try {
    await ready
  } catch (error) {
    await stop()
    throw error
  }
  return { output: () => lines.join(''), stop }
}
