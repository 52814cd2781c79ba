// A platform process stopped with SIGTERM drains before it closes: for DRAIN_DELAY_MS its /ready answers
// 503 while it still serves everything else and accepts new connections (a load balancer polling /ready
// takes it out), then it stops accepting and exits 0. One spawned process on its own embedded database.
// Run with `node --test scripts/faults/`; about 20 s. The tests wait for states (the process answering
// 503 once it has the signal, refusing once it closed, its exit), never for a length of time: on a loaded
// machine the signal may be handled after the first request, which must not fail the test.
import assert from 'node:assert/strict'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, it } from 'node:test'
import { findFreePort } from '../free-port.mjs'
import { repoRoot, startService } from '../processes.mjs'
import { waitForHttp } from '../wait-for-http.mjs'
import { waitForState } from '../wait-for-state.mjs'

const DRAIN_DELAY_MS = 3_000
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
    // Each poll on a new connection: the process must still accept them while it drains. Polled until
    // both are refused (the state), with a deadline only against a hang.
    await waitForState(
      'the process stops accepting connections after draining',
      async () => {
        const at = performance.now() - signalled
        const [ready, health] = await Promise.all([get(`${url}/ready`), get(`${url}/health`)])
        polls.push({ at, ready, health })
        return ready.status === 'refused' && health.status === 'refused'
      },
      { timeoutMs: DRAIN_DELAY_MS + 120_000 },
    )
    const { code, signal } = await service.exited
    // Until the process handles the signal (later on a loaded machine), /ready still answers 200.
    const firstDraining = polls.findIndex((poll) => poll.ready.status === 503)
    const after = firstDraining < 0 ? [] : polls.slice(firstDraining)
    const draining = after.filter((poll) => poll.ready.status === 503)
    const served = draining.filter((poll) => poll.health.status === 200)
    const closedAt = polls.find((poll) => poll.health.status === 'refused')?.at
    figures.drain = {
      drainDelayMs: DRAIN_DELAY_MS,
      polls: polls.length,
      readyAnswered200BeforeTheSignalLanded: Math.max(firstDraining, 0),
      readyAnswered503: draining.length,
      healthServedWhileDraining: served.length,
      lastServedMs: Math.round(served.at(-1)?.at ?? 0),
      refusedFromMs: closedAt === undefined ? null : Math.round(closedAt),
      exitCode: code,
    }
    console.log(`draining on SIGTERM: ${JSON.stringify(figures.drain)}`)
    // Once it has the signal, /ready says no, in the normalised shape, naming the drain.
    assert.ok(firstDraining >= 0, 'the process answered /ready 503 while draining')
    assert.ok(
      polls.slice(0, firstDraining).every((poll) => poll.ready.status === 200),
      'only 200 before the signal landed',
    )
    assert.equal(polls[firstDraining].ready.body?.details?.applicationError?.code, 'NOT_READY')
    assert.equal(polls[firstDraining].ready.body?.details?.applicationError?.data?.isDraining, true)
    // From then on /ready never says yes again: 503 while it serves, then refused.
    assert.deepEqual(
      [...new Set(after.map((poll) => poll.ready.status))].filter((status) => status !== 503),
      ['refused'],
    )
    // Everything else is still served, on new connections, while it drains.
    assert.ok(served.length >= 1, `served ${served.length} polls while draining`)
    // It cannot close before the delay has passed since the signal (sent before it was handled).
    assert.notEqual(closedAt, undefined, 'the process stopped accepting connections')
    assert.ok(closedAt >= DRAIN_DELAY_MS, `closed ${Math.round(closedAt)} ms after the signal`)
    // Then the process ends cleanly.
    assert.equal(signal, null)
    assert.equal(code, 0)
  })

  it('closes at once on a second signal during the drain delay', async (t) => {
    const longDelayMs = 60_000
    const { service, url } = await startPlatform(longDelayMs)
    t.after(() => service.signal('SIGKILL'))
    const signalled = performance.now()
    service.signal('SIGTERM')
    // The state "draining": /ready says 503 once the process has handled the signal, however late.
    const answers = []
    await waitForState('the process drains on the first signal', async () => {
      const { status } = await get(`${url}/ready`)
      answers.push(status)
      return status !== 200
    })
    // 200 until the signal is handled, then 503: never closed or failing before the second signal.
    assert.equal(answers.at(-1), 503, `/ready answered ${answers.join(', ')}`)
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
