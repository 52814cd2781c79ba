import { execFile, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { type AddressInfo, createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_CLIENT_ID } from './seed/demo-ids.ts'

// Production runs `node` on the bundle `npm run build` makes: no tsx, no TypeScript at run time.
const run = promisify(execFile)
const platformRoot = join(dirname(fileURLToPath(import.meta.url)), '..')
const dataDir = mkdtempSync(join(tmpdir(), 'aisle-built-platform-'))
const env = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'info', NODE_OPTIONS: '' }

beforeAll(async () => {
  await run(process.execPath, ['scripts/build.mjs'], { cwd: platformRoot })
}, 120_000)

afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

describe('the built platform', () => {
  it('migrates, seeds the demo store and serves it from dist/main.js, then stops on SIGTERM', async () => {
    const port = await findFreePort()
    const platform = spawn(process.execPath, ['--enable-source-maps', 'dist/main.js'], {
      cwd: platformRoot,
      env: { ...env, PORT: String(port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    platform.stdout.on('data', (chunk) => (output += chunk))
    platform.stderr.on('data', (chunk) => (output += chunk))
    const exited = new Promise<number | null>((done) => platform.once('exit', done))
    try {
      const health = await waitForOk(`http://127.0.0.1:${port}/health`, () => platform.exitCode !== null)
      expect(health, output).toEqual({ status: 'ok', database: 'pglite' })
      const token = await fetch(`http://127.0.0.1:${port}/oauth2/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ clientId: DEMO_CLIENT_ID, grantType: 'anonymous' }),
      })
      expect(token.status).toBe(200)
      expect(output).toMatch(/"message":"migrated","versions":\[1,2,/)
      expect(output).toMatch(/"message":"seeded the demo store".*"products":\d+/)
    } finally {
      platform.kill('SIGTERM')
    }
    expect(await exited).toBe(0)
  }, 180_000)

  it('creates a site owner with the built command on the database the platform left', async () => {
    const { stdout } = await run(
      process.execPath,
      ['dist/create-site-owner.js', '--email', 'second-owner@shop.example'],
      { cwd: platformRoot, env: { ...env, SITE_OWNER_PASSWORD: 'a long enough password 1' } },
    )
    expect(stdout).toContain('second-owner@shop.example')
  }, 120_000)

  it('answers the built operator command: the database is migrated and holds two owners', async () => {
    const { stdout } = await run(process.execPath, ['dist/aisle.js', 'status', '--json'], {
      cwd: platformRoot,
      env,
    })
    expect(JSON.parse(stdout)).toMatchObject({ reachable: true, pending: [], rows: { site_users: 2 } })
  }, 120_000)
})

/** The JSON of the first 200 answer from `url`; throws when `hasDied` says the server stopped first. */
async function waitForOk(url: string, hasDied: () => boolean): Promise<unknown> {
  const deadline = Date.now() + 150_000
  while (Date.now() < deadline && !hasDied()) {
    const answer = await fetch(url).catch(() => undefined)
    if (answer?.ok) return answer.json()
    await new Promise((done) => setTimeout(done, 250))
  }
  throw new Error(`${url} did not answer`)
}

/** A port on 127.0.0.1 that nothing listens on right now (the system picks it). */
function findFreePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer()
    probe.once('error', fail)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo
      probe.close(() => done(port))
    })
  })
}
