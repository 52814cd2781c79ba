// A platform process stopped with SIGTERM drains before it closes: for DRAIN_DELAY_MS its /ready answers
// 503 while it still serves everything else and accepts new connections (a load balancer polling /ready
// takes it out), then it stops accepting and exits 0. One spawned process on its own embedded database.
// Run with `node --test scripts/faults/`; about 20 s.
import assert from 'node:assert/strict'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, it } from 'node:test'
import { findFreePort } from '../free-port.mjs'
import { repoRoot, startService } from '../processes.mjs'
import { waitForHttp } from '../wait-for-http.mjs'

const DRAIN_DELAY_MS = 2_000
const figures = {}

describe('a platform process stopped with SIGTERM', { timeout: 300_000 }, () => {
  let dir

  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'aisle-draining-'))
  })

  after(() => {
    rmSync(dir, { recursive: true, force: true })
    console.log(`draining figures: ${JSON.stringify(figures)}`)
  })

  /** Starts the platform on a free port with `DRAIN_DELAY_MS` set, and waits until it is ready. */
  async function startPlatform(drainDelayMs) {
    const port = await findFreePort()
    const logFile = join(dir, 'platform.log')
    const service = startService(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      // tsx reads the platform's TypeScript settings from the working directory.
      cwd: join(repoRoot, 'apps', 'platform'),
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: join(dir, 'data'),
        DATABASE_URL: '',
        SEED: 'none',
        LOG_LEVEL: 'warn',
        DRAIN_DELAY_MS: String(drainDelayMs),
      },
      label: 'platform',
      logFile,
    })
    const url = `http://127.0.0.1:${port}`
    const exited = new AbortController()
    service.exited.then(() => exited.abort())
    await waitForHttp(`${url}/ready`, {
      timeoutMs: 120_000,
      isReady: (status) => status === 200,
      signal: exited.signal,
    }).catch((error) => {
      throw new Error(`${error.message}\n${readFileSync(logFile, 'utf8').slice(-3000)}`)
    })
    return { service, url }
  }

  it('answers /ready 503 and keeps serving on new connections for the drain delay, then closes and exits 0', async (t) => {
    const { service, url } = await startPlatform(DRAIN_DELAY_MS)
    t.after(() => service.signal('SIGKILL'))
    const signalled = performance.now()
    service.signal('SIGTERM')
    const polls = []
    // Each poll on a new connection: the process must still accept them while it drains.
    while (performance.now() - signalled < DRAIN_DELAY_MS + 15_000) {
      const at = performance.now() - signalled
      const [ready, health] = await Promise.all([get(`${url}/ready`), get(`${url}/health`)])
      polls.push({ at, ready, health })
      if (ready.status === 'refused' && health.status === 'refused') break
      await sleep(100)
    }
    const { code, signal } = await service.exited
    const draining = polls.filter((poll) => poll.ready.status === 503)
    const served = draining.filter((poll) => poll.health.status === 200)
    const closedAt = polls.find((poll) => poll.health.status === 'refused')?.at
    figures.drain = {
      drainDelayMs: DRAIN_DELAY_MS,
      polls: polls.length,
      readyAnswered503: draining.length,
      healthServedWhileDraining: served.length,
      lastServedMs: Math.round(served.at(-1)?.at ?? 0),
      refusedFromMs: closedAt === undefined ? null : Math.round(closedAt),
      exitCode: code,
    }
    console.log(`draining on SIGTERM: ${JSON.stringify(figures.drain)}`)
    // From the first poll on, /ready says no, in the normalised shape, naming the drain.
    assert.equal(polls[0]?.ready.status, 503)
    assert.equal(polls[0]?.ready.body?.details?.applicationError?.code, 'NOT_READY')
    assert.equal(polls[0]?.ready.body?.details?.applicationError?.data?.isDraining, true)
    // Everything else is still served, on new connections, for several polls after the signal.
    assert.ok(served.length >= 3, `served ${served.length} polls while draining`)
    assert.ok(served.every((poll) => poll.ready.status === 503))
    // Then the listener closes and the process ends cleanly.
    assert.notEqual(closedAt, undefined, 'the process stopped accepting connections')
    assert.equal(signal, null)
    assert.equal(code, 0)
  })

  it('closes at once on a second signal during the drain delay', async (t) => {
    const longDelayMs = 60_000
    const { service, url } = await startPlatform(longDelayMs)
    t.after(() => service.signal('SIGKILL'))
    const signalled = performance.now()
    service.signal('SIGTERM')
    assert.equal((await get(`${url}/ready`)).status, 503)
    assert.equal((await get(`${url}/health`)).status, 200)
    service.signal('SIGTERM')
    const { code } = await service.exited
    figures.secondSignal = {
      drainDelayMs: longDelayMs,
      exitedAfterMs: Math.round(performance.now() - signalled),
    }
    console.log(`second SIGTERM: ${JSON.stringify(figures.secondSignal)}`)
    assert.equal(code, 0)
    // Well inside the delay it would otherwise have waited.
    assert.ok(
      figures.secondSignal.exitedAfterMs < longDelayMs / 2,
      `${figures.secondSignal.exitedAfterMs} ms`,
    )
  })
})

/** A GET on a new connection (no keep-alive agent): its status and JSON body, or `refused`. */
function get(url) {
  return new Promise((resolve) => {
    const outgoing = request(url, { agent: false, timeout: 5_000 }, (response) => {
      let text = ''
      response.setEncoding('utf8')
      response.on('data', (chunk) => {
        text += chunk
      })
      response.on('end', () => {
        let body
        try {
          body = JSON.parse(text)
        } catch {
          body = undefined
        }
        resolve({ status: response.statusCode, body })
      })
    })
    outgoing.on('timeout', () => outgoing.destroy(new Error('timeout')))
    outgoing.on('error', (error) =>
      resolve({ status: error.code === 'ECONNREFUSED' ? 'refused' : (error.code ?? error.message) }),
    )
    outgoing.end()
  })
}

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms))
}
