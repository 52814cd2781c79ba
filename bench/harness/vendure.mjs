// The peer a merchant would pick instead (issue 36): Vendure 3.7.3 with its sample store, on a database
// of the benchmark's own PostgreSQL server, so that both platforms are measured on one server.
// Its packages live in `bench/peers/vendure` and are installed on first use (not by the repository's
// npm install: a benchmark-only peer of some 600 packages).
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { findFreePort } from '../../scripts/free-port.mjs'
import { repoRoot, run, startService } from '../../scripts/processes.mjs'
import { waitForHttp } from '../../scripts/wait-for-http.mjs'

export const VENDURE_VERSION = '3.7.3'
const peerDir = join(repoRoot, 'bench', 'peers', 'vendure')

/** Installs the peer's packages from its lockfile when they are missing. */
async function ensureInstalled(log) {
  if (existsSync(join(peerDir, 'node_modules', '@vendure', 'core', 'package.json'))) return
  log(`installing Vendure ${VENDURE_VERSION} into bench/peers/vendure (once)`)
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'
  const code = await run(npm, ['ci', '--no-audit', '--no-fund'], { cwd: peerDir })
  if (code !== 0) throw new Error('could not install Vendure (npm ci in bench/peers/vendure failed)')
}

/**
 * Starts Vendure on a fresh database `vendure` of `postgres` (the sample store imported and indexed
 * first, about a minute) and waits until its Shop API answers.
 * @param {{ postgres: { url: string }, log: (line: string) => void }} options
 */
export async function startVendure({ postgres, log }) {
  await ensureInstalled(log)
  const admin = new URL(postgres.url)
  const { default: pg } = await import(join(peerDir, 'node_modules', 'pg', 'lib', 'index.js'))
  const client = new pg.Client({ connectionString: admin.href })
  await client.connect()
  await client.query('drop database if exists vendure')
  await client.query('create database vendure')
  await client.end()
  const database = new URL(admin)
  database.pathname = '/vendure'
  const assetDir = mkdtempSync(join(tmpdir(), 'aisle-bench-vendure-assets-'))
  const env = { ...process.env, VENDURE_DISABLE_TELEMETRY: 'true' }
  const started = Date.now()
  const populatePort = String(await findFreePort())
  const populate = startService(
    process.execPath,
    ['server.mjs', 'populate', database.href, populatePort, assetDir],
    {
      cwd: peerDir,
      env,
      label: 'vendure populate',
      logFile: join(assetDir, 'populate.log'),
    },
  )
  const populated = await populate.exited
  if (populated.code !== 0)
    throw new Error(`Vendure's sample store did not import (see ${join(assetDir, 'populate.log')})`)
  log(
    `Vendure ${VENDURE_VERSION}: sample store imported and indexed in ${Math.round((Date.now() - started) / 1000)} s`,
  )
  const port = await findFreePort()
  const service = startService(
    process.execPath,
    ['server.mjs', 'serve', database.href, String(port), assetDir],
    {
      cwd: peerDir,
      env,
      label: 'vendure',
      logFile: join(assetDir, 'server.log'),
    },
  )
  const url = `http://127.0.0.1:${port}`
  await waitForHttp(`${url}/health`, { timeoutMs: 180_000 })
  log(`Vendure on ${url}`)
  return {
    url,
    shopApi: `${url}/shop-api`,
    pid: service.child.pid,
    async stop() {
      service.signal('SIGTERM')
      await service.exited
      rmSync(assetDir, { recursive: true, force: true })
    },
  }
}
