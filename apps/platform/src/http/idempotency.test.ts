import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../db/db.ts'
import { DEMO_SITE_ID } from '../seed/demo-store.ts'
import { databaseKinds, openTestDatabase } from '../testing/test-database.ts'
import type { Caller } from './caller.ts'
import { ApplicationError } from './errors.ts'
import { ABANDONED_CLAIM_MS, runIdempotently } from './idempotency.ts'

const now = new Date('2026-11-22T12:00:00Z')
const caller = { kind: 'visitor', siteId: DEMO_SITE_ID, subjectId: 'a-visitor' } as Caller

describe.each(databaseKinds())('Idempotency-Key claims on %s', (kind) => {
  let db: Db
  beforeAll(async () => {
    db = await openTestDatabase(kind)
  })
  afterAll(() => db.close())

  /** A claim left at status 0 (its process died mid-request), `ageMs` before `now`. */
  async function leaveClaim(key: string, fingerprint: string, ageMs: number) {
    // Its `execute` never settles, as in a process that died.
    void runIdempotently(
      db,
      { key, caller, fingerprint, now: new Date(now.getTime() - ageMs) },
      () => new Promise<Response>(() => {}),
    )
    // The claim is written before `execute` runs.
    await expect
      .poll(async () => (await db.query('select 1 from idempotency_keys where key = $1', [key])).length)
      .toBe(1)
  }

  const run = (key: string, fingerprint: string, answer = 'ran') => {
    let runs = 0
    const response = runIdempotently(db, { key, caller, fingerprint, now }, async () => {
      runs += 1
      return new Response(answer, { status: 200 })
    })
    return { response, runs: () => runs }
  }

  it('refuses a retry while the first request may still be running', async () => {
    await leaveClaim('live', 'POST /add 1', ABANDONED_CLAIM_MS - 1_000)
    const retry = run('live', 'POST /add 1')
    await expect(retry.response).rejects.toMatchObject({ code: 'IDEMPOTENCY_KEY_IN_PROGRESS' })
    expect(retry.runs()).toBe(0)
  })

  it('runs the same request again once a claim is abandoned, and keeps its answer', async () => {
    await leaveClaim('dead', 'POST /add 2', ABANDONED_CLAIM_MS + 1_000)
    const retry = run('dead', 'POST /add 2', 'second try')
    expect(await (await retry.response).text()).toBe('second try')
    expect(retry.runs()).toBe(1)
    const replay = run('dead', 'POST /add 2')
    const replayed = await replay.response
    expect(replayed.headers.get('idempotent-replayed')).toBe('true')
    expect(await replayed.text()).toBe('second try')
    expect(replay.runs()).toBe(0)
  })

  it('never hands an abandoned claim to another request with the same key', async () => {
    await leaveClaim('other', 'POST /add 3', ABANDONED_CLAIM_MS + 1_000)
    const other = run('other', 'POST /remove 3')
    const refusal = await other.response.catch((error: unknown) => error)
    expect(refusal).toBeInstanceOf(ApplicationError)
    expect(refusal).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' })
    expect(other.runs()).toBe(0)
  })
})
