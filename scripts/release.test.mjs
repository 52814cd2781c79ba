// The release archive on its own: unpacked in a temporary folder, far from the repository's node_modules,
// run with plain node against a throwaway PostgreSQL server, as an operator would.
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findFreePort } from './free-port.mjs'
import { findPostgresBinaries, startPostgres } from './postgres.mjs'
import { repoRoot } from './processes.mjs'
import { shopAsVisitor, visitStorefront } from './shopper.mjs'

const pgBin = (() => {
  try {
    return findPostgresBinaries()
  } catch {
    return undefined
  }
})()
const OWNER_PASSWORD = 'a long release owner password'

/** Runs a command to its end; resolves with its code and both outputs, never rejects on a non-zero code. */
function runCommand(command, args, { cwd, env, input } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ['pipe', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk) => (stdout += chunk))
    child.stderr.on('data', (chunk) => (stderr += chunk))
    child.on('error', reject)
    child.on('close', (code) => resolve({ code, stdout, stderr }))
    child.stdin.end(input ?? '')
  })
}

/** Starts a server of the archive; `stop()` sends SIGTERM, then SIGKILL after 10 s. */
function startServer(args, { cwd, env }) {
  const child = spawn(process.execPath, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout.on('data', (chunk) => (output += chunk))
  child.stderr.on('data', (chunk) => (output += chunk))
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)))
  return {
    output: () => output,
    hasExited: () => child.exitCode !== null || child.signalCode !== null,
    exited,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return exited
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000)
      const result = await exited
      clearTimeout(timer)
      return result
    },
  }
}

/** Waits for a 200 from `url`; fails early with the server's output when it exits first. */
async function waitForOk(url, server) {
  const deadline = Date.now() + 120_000
  while (Date.now() < deadline) {
    if (server.hasExited()) throw new Error(`the server exited before ${url} answered:\n${server.output()}`)
    const answer = await fetch(url).catch(() => undefined)
    if (answer?.status === 200) return answer
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`${url} did not answer 200 within 2 minutes:\n${server.output()}`)
}

describe.skipIf(!pgBin)('the release archive', () => {
  let workDir
  let releaseDir
  let postgres
  let baseEnv
  const servers = []

  beforeAll(async () => {
    // Reuses an archive newer than its sources: only a change rebuilds it (the storefront build is the slow part).
    const made = await runCommand(process.execPath, ['scripts/release.mjs', '--reuse'], {
      cwd: repoRoot,
      env: { ...process.env, NODE_OPTIONS: '' },
    })
    if (made.code !== 0) throw new Error(`npm run release failed:\n${made.stdout}\n${made.stderr}`)
    const archive = made.stdout.trim().split('\n').at(-1)
    workDir = mkdtempSync(join(tmpdir(), 'aisle-release-'))
    const unpacked = await runCommand('tar', ['-xzf', archive, '-C', workDir])
    if (unpacked.code !== 0) throw new Error(`tar failed: ${unpacked.stderr}`)
    releaseDir = join(workDir, readdirSync(workDir)[0])
    postgres = await startPostgres()
    // Nothing of this test run leaks in (NODE_OPTIONS, Vitest's variables, TEST_DATABASE_URL): only a PATH
    // with this node and the PostgreSQL client tools, and the settings each command is given.
    baseEnv = {
      PATH: [dirname(process.execPath), pgBin, '/usr/bin', '/bin'].join(':'),
      HOME: workDir,
      NODE_ENV: 'production',
      DATABASE_URL: postgres.url,
      DATA_DIR: join(workDir, 'data'),
    }
  }, 900_000)

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()))
    await postgres?.stop()
    if (workDir) rmSync(workDir, { recursive: true, force: true })
  }, 60_000)

  const aisle = (args, options = {}) =>
    runCommand(process.execPath, ['bin/aisle.mjs', ...args], {
      cwd: releaseDir,
      env: { ...baseEnv, ...options.env },
      input: options.input,
    })

  it('holds the built apps and production dependencies only: no sources, no build tools', () => {
    const modules = readdirSync(join(releaseDir, 'node_modules'))
    for (const tool of ['tsx', 'vite', 'esbuild', 'vitest', 'typescript', '@biomejs']) {
      expect(modules, tool).not.toContain(tool)
    }
    expect(modules).toEqual(expect.arrayContaining(['hono', 'pg', 'express', 'react-dom', 'sharp']))
    expect(existsSync(join(releaseDir, 'apps/platform/src'))).toBe(false)
    for (const file of [
      'apps/platform/dist/main.js',
      'apps/platform/dist/aisle.js',
      'apps/storefront/server.js',
      'apps/storefront/server-app.js',
      'apps/storefront/build/server/index.js',
      'deploy/README.md',
      'deploy/systemd/aisle-platform@.service',
      'README.md',
      '.env.example',
    ]) {
      expect(existsSync(join(releaseDir, file)), file).toBe(true)
    }
    const release = JSON.parse(readFileSync(join(releaseDir, 'release.json'), 'utf8'))
    expect(release.target).toBe(`${process.platform}-${process.arch}`)
  })

  it('migrates, seeds and creates an owner with its operator command', async () => {
    const migrated = await aisle(['migrate'])
    expect(migrated.code, migrated.stderr).toBe(0)
    expect(migrated.stderr).toMatch(/^migrated 001 foundation in \d+ ms$/m)
    expect(migrated.stdout).toMatch(/^Applied \d+ migration\(s\)/)
    const seeded = await aisle(['seed', 'demo'])
    expect(seeded.code, seeded.stderr).toBe(0)
    expect(seeded.stdout).toContain('Seeded the demo store')
    const owner = await aisle(['create-owner', '--email', 'owner@release.example'], {
      input: `${OWNER_PASSWORD}\n`,
    })
    expect(owner.code, owner.stderr).toBe(0)
    expect(owner.stdout).toContain('Created site owner owner@release.example')
    expect(owner.stdout + owner.stderr).not.toContain(OWNER_PASSWORD)
    const status = await aisle(['status', '--json'])
    expect(status.code, status.stderr).toBe(0)
    expect(JSON.parse(status.stdout)).toMatchObject({ reachable: true, pending: [], rows: { site_users: 1 } })
  }, 180_000)

  it('serves a shopper: the platform and the storefront run from the archive on PostgreSQL', async () => {
    const [platformPort, storefrontPort] = await Promise.all([findFreePort(), findFreePort()])
    const platformUrl = `http://127.0.0.1:${platformPort}`
    const storefrontUrl = `http://127.0.0.1:${storefrontPort}`
    const platform = startServer(['--enable-source-maps', 'apps/platform/dist/main.js'], {
      cwd: releaseDir,
      env: {
        ...baseEnv,
        HOST: '127.0.0.1',
        PORT: String(platformPort),
        PUBLIC_URL: platformUrl,
        SEED: 'none',
        TRUSTED_PROXIES: 'loopback',
        LOG_LEVEL: 'warn',
      },
    })
    servers.push(platform)
    const storefront = startServer(['apps/storefront/server.js'], {
      cwd: releaseDir,
      env: {
        PATH: baseEnv.PATH,
        HOST: '127.0.0.1',
        PORT: String(storefrontPort),
        AISLE_API_URL: platformUrl,
      },
    })
    servers.push(storefront)
    const health = await waitForOk(`${platformUrl}/health`, platform)
    expect(await health.json()).toEqual({ status: 'ok', database: 'postgres' })
    await waitForOk(`${storefrontUrl}/`, storefront)

    // The visitor's token, the catalogue, the cart and a checkout, through the SDK as a shop's code would,
    // then the storefront's pages.
    const shopped = await shopAsVisitor(platformUrl)
    const { checkoutId } = await shopped.client.currentCart.createCheckoutFromCurrentCart({
      channelType: 'WEB',
    })
    expect(checkoutId).toMatch(/^[0-9a-f-]{36}$/)
    await visitStorefront(storefrontUrl, shopped)

    expect(await platform.stop()).toBe(0)
    expect(await storefront.stop()).toBe(0)
  }, 180_000)

  it('backs the database up with deploy/backup.sh and checks the dump by restoring it', async () => {
    const backups = join(workDir, 'backups')
    const backup = await runCommand('sh', ['deploy/backup.sh', backups, '1'], {
      cwd: releaseDir,
      env: baseEnv,
    })
    expect(backup.code, `${backup.stdout}\n${backup.stderr}`).toBe(0)
    expect(backup.stdout).toMatch(/migrations {2}\d+ applied, 0 pending/)
    expect(backup.stdout).toMatch(/restored and checked/)
    expect(readdirSync(backups).filter((name) => name.endsWith('.dump'))).toHaveLength(1)
  }, 120_000)
})

if (!pgBin) {
  describe('the release archive', () => {
    it.skip('needs PostgreSQL server binaries (initdb, pg_ctl, postgres): install postgresql or set PG_BIN', () => {})
  })
}
