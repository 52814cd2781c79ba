import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { findFreePort } from './free-port.mjs'
import { productionRuntime, sourceRuntime } from './platform-runtime.mjs'
import { waitForHttp } from './wait-for-http.mjs'

describe('the platform runtimes', () => {
  it('runs the bundle on Node 24 with source maps, as the deployment files do, and it serves', async () => {
    const lines = []
    const runtime = await productionRuntime({ log: (line) => lines.push(line) })
    expect(runtime.label).toMatch(/^node v24\.\d+\.\d+, bundle$/)
    expect(runtime.args).toEqual([
      '--enable-source-maps',
      expect.stringMatching(/production-dist\/main\.js$/),
    ])
    expect(lines.join('\n')).toMatch(/build: main\.js \d+ KiB/)
    const dataDir = mkdtempSync(join(tmpdir(), 'aisle-runtime-'))
    const port = await findFreePort()
    const child = spawn(runtime.command, runtime.args, {
      cwd: runtime.cwd,
      env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, SEED: 'none', LOG_LEVEL: 'warn' },
      stdio: 'ignore',
    })
    try {
      await waitForHttp(`http://127.0.0.1:${port}/health`, { timeoutMs: 120_000 })
      const health = await fetch(`http://127.0.0.1:${port}/health`)
      expect(await health.json()).toEqual({ status: 'ok', database: 'pglite' })
    } finally {
      child.kill('SIGTERM')
      await new Promise((done) => child.once('exit', done))
      rmSync(dataDir, { recursive: true, force: true })
    }
  }, 240_000)

  it('runs the sources with tsx on this Node for development', () => {
    expect(sourceRuntime('/checkout')).toEqual({
      command: process.execPath,
      args: ['--import', 'tsx', 'src/main.ts'],
      cwd: '/checkout/apps/platform',
      label: `node ${process.version}, tsx`,
    })
  })
})
