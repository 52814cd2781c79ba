import { type ChildProcess, spawn } from 'node:child_process'
import { createServer } from 'node:net'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const repoRoot = resolve(fileURLToPath(new URL('../..', import.meta.url)))

/** A built storefront server of its own, started by a test (the suite's shared one is global setup's). */
export interface StorefrontProcess {
  url: string
  /** Whether the process still runs. */
  isRunning(): boolean
  /** What it printed, for a failure's message. */
  output(): string
  stop(): Promise<void>
}

/** Starts `apps/storefront/server.js` (as `npm start` does) on a free loopback port against `apiUrl`. */
export async function startStorefront(apiUrl: string): Promise<StorefrontProcess> {
  const port = await findFreePort()
  const lines: string[] = []
  const child: ChildProcess = spawn(process.execPath, ['apps/storefront/server.js'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      AISLE_API_URL: apiUrl,
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const keep = (chunk: Buffer) => lines.push(chunk.toString('utf8'))
  child.stdout?.on('data', keep)
  child.stderr?.on('data', keep)
  let running = true
  const exited = new Promise<void>((done) => child.on('exit', () => done()))
  void exited.then(() => {
    running = false
  })
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 30_000
  for (;;) {
    if (!running) throw new Error(`the storefront exited at start:\n${lines.join('')}`)
    try {
      const answer = await fetch(`${url}/robots.txt`)
      await answer.body?.cancel()
      break
    } catch {
      if (Date.now() > deadline)
        throw new Error(`the storefront did not answer within 30 s:\n${lines.join('')}`)
      await new Promise((done) => setTimeout(done, 100))
    }
  }
  return {
    url,
    isRunning: () => running,
    output: () => lines.join(''),
    async stop() {
      if (!running) return
      child.kill('SIGTERM')
      await exited
    },
  }
}

/** A port nothing listens on now, on 127.0.0.1. */
export function findFreePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer()
    server.once('error', fail)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => done(port))
    })
  })
}
