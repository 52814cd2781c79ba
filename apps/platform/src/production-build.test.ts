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
    const { platform, output, exited } = startBuiltPlatform({ ...env, PORT: String(port) })
    try {
      const health = await waitForOk(`http://127.0.0.1:${port}/health`, () => platform.exitCode !== null)
      expect(health, output()).toEqual({ status: 'ok', database: 'pglite' })
      const token = await fetch(`http://127.0.0.1:${port}/oauth2/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ clientId: DEMO_CLIENT_ID, grantType: 'anonymous' }),
      })
      expect(token.status).toBe(200)
      expect(output()).toMatch(/"message":"migrated","versions":\[1,2,/)
      expect(output()).toMatch(/"message":"seeded the demo store".*"products":\d+/)
      // The seed's drawings got their WebP sizes before the platform listened (decision 090).
      expect(output()).toMatch(/"message":"rendered the demo pictures".*"sizes":(\d+),"rendered":\1\b/)
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

  it('in production offers pay-later alone, answers no test provider page, and gives the demo store no owner', async () => {
    // An operator asks for the demo store in production: it comes without the published owner password.
    // Nothing of the caller's environment turns the test provider on or gives the owner a password.
    const withoutPaymentAndOwnerSettings = Object.fromEntries(
      Object.entries(env).filter(
        ([name]) => name !== 'PAYMENTS_TEST_PROVIDER' && name !== 'DEMO_OWNER_PASSWORD',
      ),
    )
    const productionDir = mkdtempSync(join(tmpdir(), 'aisle-built-production-'))
    const port = await findFreePort()
    const origin = `http://127.0.0.1:${port}`
    const { platform, output, exited } = startBuiltPlatform({
      ...withoutPaymentAndOwnerSettings,
      NODE_ENV: 'production',
      SEED: 'demo',
      DATA_DIR: productionDir,
      PORT: String(port),
      PUBLIC_URL: origin,
    })
    try {
      await waitForOk(`${origin}/health`, () => platform.exitCode !== null)
      expect(output()).toContain('"message":"Payment providers: offline"')
      expect(output()).toContain('no demo owner: set DEMO_OWNER_PASSWORD')
      expect(output()).not.toContain('created the demo site owner')
      const call = async (path: string, token: string, body: unknown) => {
        const answer = await fetch(`${origin}${path}`, {
          method: 'POST',
          headers: { authorization: token, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        })
        expect(answer.status, path).toBe(200)
        return (await answer.json()) as Record<string, any>
      }
      const { access_token: token } = await call('/oauth2/token', '', {
        clientId: DEMO_CLIENT_ID,
        grantType: 'anonymous',
      })
      const { products } = await call('/stores/v1/products/query-platformized', token, {
        query: { filter: { slug: 'meadow-notebook' } },
      })
      await call('/ecom/v1/carts/current/add-to-cart', token, {
        lineItems: [{ catalogReference: { catalogItemId: products[0].id }, quantity: 1 }],
      })
      const { checkoutId } = await call('/ecom/v1/carts/current/create-checkout', token, {})
      const page = await fetch(`${origin}/_checkout/${checkoutId}`)
      expect(page.status).toBe(200)
      const html = await page.text()
      const choices = [...html.matchAll(/<input[^>]*name="paymentMethod"[^>]*>/g)].map(
        (input) => /value="([^"]+)"/.exec(input[0])?.[1],
      )
      expect(choices).toEqual(['offline'])
      expect(html).not.toContain('4242')
      expect((await fetch(`${origin}/test-provider/pay/tp_${'0'.repeat(32)}`)).status).toBe(404)
    } finally {
      platform.kill('SIGTERM')
    }
    expect(await exited).toBe(0)
    const { stdout } = await run(process.execPath, ['dist/aisle.js', 'status', '--json'], {
      cwd: platformRoot,
      env: { ...env, DATA_DIR: productionDir },
    })
    expect(JSON.parse(stdout)).toMatchObject({ rows: { site_users: 0 } })
    rmSync(productionDir, { recursive: true, force: true })
  }, 180_000)
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

/** The built platform (`dist/main.js`) started with `env`, everything it prints kept, and its exit code. */
function startBuiltPlatform(env: NodeJS.ProcessEnv) {
  const platform = spawn(process.execPath, ['--enable-source-maps', 'dist/main.js'], {
    cwd: platformRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let printed = ''
  platform.stdout.on('data', (chunk) => (printed += chunk))
  platform.stderr.on('data', (chunk) => (printed += chunk))
  const exited = new Promise<number | null>((done) => platform.once('exit', done))
  return { platform, output: () => printed, exited }
}
