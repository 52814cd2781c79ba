import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SESSION_COOKIE } from '../dashboard/session/owner-session.ts'
import type { Db } from '../db/db.ts'
import { NormalisedErrorAnswer } from '../hostile-input/error-answer.ts'
import { DEMO_CLIENT_ID } from '../seed/demo-ids.ts'
import { openTestDatabase } from '../testing/test-database.ts'
import { createTestPlatform } from '../testing/test-platform.ts'

/** `db` with a switch that makes every statement fail as a PostgreSQL server that is down would. */
function withOutage(db: Db) {
  let isDown = false
  const refuse = () =>
    Promise.reject(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }))
  const outageDb: Db = {
    kind: db.kind,
    query: (sql, params) => (isDown ? refuse() : db.query(sql, params)),
    transaction: (fn) => (isDown ? refuse() : db.transaction(fn)),
    close: () => db.close(),
  }
  return {
    db: outageDb,
    setDown(down: boolean) {
      isDown = down
    },
  }
}

describe('a database that cannot be reached', () => {
  let outage: ReturnType<typeof withOutage>
  let platform: ReturnType<typeof createTestPlatform>
  beforeAll(async () => {
    outage = withOutage(await openTestDatabase('pglite'))
    platform = createTestPlatform(outage.db)
  })
  afterAll(() => outage.db.close())

  it('answers API calls with a normalised 503 DATABASE_UNAVAILABLE and Retry-After, then serves again without a restart', async () => {
    const { access_token } = await platform.visitorTokens()
    outage.setDown(true)
    const calls = [
      platform.call('GET', '/ecom/v1/carts/current', { token: access_token }),
      platform.call('POST', '/oauth2/token', {
        body: { clientId: DEMO_CLIENT_ID, grantType: 'anonymous' },
      }),
      platform.call('POST', '/ecom/v1/carts/current/add-to-cart', {
        token: access_token,
        body: { lineItems: [{ quantity: 1, catalogReference: { catalogItemId: crypto.randomUUID() } }] },
      }),
    ]
    for (const answer of await Promise.all(calls)) {
      expect(answer.status).toBe(503)
      expect(answer.headers.get('retry-after')).toMatch(/^[1-9]\d*$/)
      expect(NormalisedErrorAnswer.safeParse(answer.json).success).toBe(true)
      expect(answer.json.details.applicationError.code).toBe('DATABASE_UNAVAILABLE')
      // Nothing of the driver's message reaches the caller.
      expect(answer.text).not.toContain('ECONNREFUSED')
    }
    outage.setDown(false)
    const back = await platform.call('GET', '/ecom/v1/carts/current', { token: access_token })
    expect(back.status).not.toBe(503)
    expect(back.status).toBeLessThan(500)
  })

  it('answers the hosted pages with a 503 page that says to try again, with Retry-After', async () => {
    const id = crypto.randomUUID()
    outage.setDown(true)
    try {
      for (const path of [
        `/_auth/login?session=${'s'.repeat(43)}`,
        `/_auth/authorize?session=${'s'.repeat(43)}`,
        `/_auth/signup?session=${'s'.repeat(43)}`,
        `/_checkout/${id}`,
        `/_redirect/checkout?session=${id}`,
        `/_product?session=${id}`,
        `/_account?session=${id}`,
      ]) {
        const answer = await platform.call('GET', path)
        expect(answer.status, path).toBe(503)
        expect(answer.headers.get('retry-after'), path).toMatch(/^[1-9]\d*$/)
        expect(answer.headers.get('content-type'), path).toContain('text/html')
        expect(answer.headers.get('cache-control'), path).toBe('no-store')
        expect(answer.text, path).toMatch(/try again/i)
        expect(answer.text, path).not.toContain('ECONNREFUSED')
      }
    } finally {
      outage.setDown(false)
    }
  })

  it('answers a dashboard page with a 503 page and Retry-After', async () => {
    outage.setDown(true)
    try {
      // A session cookie the dashboard must look up in the database.
      const answer = await platform.call('GET', '/dashboard/products', {
        headers: { cookie: `${SESSION_COOKIE}=${'a'.repeat(43)}` },
      })
      expect(answer.status).toBe(503)
      expect(answer.headers.get('retry-after')).toMatch(/^[1-9]\d*$/)
      expect(answer.headers.get('content-type')).toContain('text/html')
    } finally {
      outage.setDown(false)
    }
  })
})
