import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../db/db.ts'
import { DEMO_SITE_ID } from '../seed/demo-store.ts'
import { createApiKey } from '../sites/api-key-store.ts'
import { databaseKinds, openTestDatabase } from '../testing/test-database.ts'
import { createTestPlatform } from '../testing/test-platform.ts'
import { createDueDeliveries } from '../webhooks/delivery-worker.ts'
import { readOutboxLag } from './outbox-lag.ts'

describe.each(databaseKinds())('readOutboxLag on %s', (kind) => {
  let db: Db
  let platform: ReturnType<typeof createTestPlatform>
  beforeAll(async () => {
    db = await openTestDatabase(kind)
    platform = createTestPlatform(db)
  })
  afterAll(() => db.close())

  it('answers zeros when nothing waits', async () => {
    expect(await readOutboxLag(db, platform.clock())).toEqual({
      pendingWebhookDeliveries: 0,
      oldestUndeliveredEventAgeSeconds: 0,
      pendingMails: 0,
      oldestPendingMailAgeSeconds: 0,
    })
  })

  it('ages the oldest event an endpoint has not received, before and after it becomes a delivery', async () => {
    const { key } = await createApiKey(
      db,
      { siteId: DEMO_SITE_ID, name: 'hooks', permissions: ['webhooks'] },
      platform.clock(),
    )
    const endpoint = await platform.call('POST', '/webhooks/v1/endpoints', {
      headers: { authorization: key, 'aisle-site-id': DEMO_SITE_ID },
      body: { url: 'https://hooks.example.com/aisle', eventTypes: ['cart.created', 'cart.updated'] },
    })
    expect(endpoint.status).toBe(200)
    const [product] = await db.query<{ id: string }>(
      'select id from products where manage_variants = false and in_stock order by slug limit 1',
    )
    const { access_token } = await platform.visitorTokens()
    const added = await platform.call('POST', '/ecom/v1/carts/current/add-to-cart', {
      token: access_token,
      body: { lineItems: [{ catalogReference: { catalogItemId: product!.id }, quantity: 1 }] },
    })
    expect(added.status).toBe(200)

    platform.clock.advance(30)
    const before = await readOutboxLag(db, platform.clock())
    expect(before.oldestUndeliveredEventAgeSeconds).toBe(30)
    expect(before.pendingWebhookDeliveries).toBe(0)

    // An event becomes a delivery once no older transaction of the server is open, and on a shared
    // PostgreSQL server other test files' transactions may be: ask until the event is past them all.
    let created = 0
    for (let round = 0; round < 200 && created === 0; round++) {
      created = await createDueDeliveries(db, platform.clock())
      if (created === 0) await new Promise((done) => setTimeout(done, 25))
    }
    expect(created).toBeGreaterThan(0)
    platform.clock.advance(15)
    const after = await readOutboxLag(db, platform.clock())
    expect(after.oldestUndeliveredEventAgeSeconds).toBe(45)
    expect(after.pendingWebhookDeliveries).toBeGreaterThan(0)

    await db.query(`update webhook_deliveries set status = 'DELIVERED'`)
    expect((await readOutboxLag(db, platform.clock())).oldestUndeliveredEventAgeSeconds).toBe(0)
  })

  it('counts and ages the e-mails still to be sent', async () => {
    const written = new Date(platform.clock().getTime() - 90_000)
    for (const status of ['PENDING', 'PENDING', 'SENT']) {
      await db.query(
        `insert into mail_outbox (id, site_id, topic, recipient, subject, text_body, status, next_attempt_date, created_date)
         values ($1, $2, 'test', 'a@example.com', 'Hi', 'Hello', $3, $4, $4)`,
        [randomUUID(), DEMO_SITE_ID, status, written],
      )
    }
    const lag = await readOutboxLag(db, platform.clock())
    expect(lag.pendingMails).toBe(2)
    expect(lag.oldestPendingMailAgeSeconds).toBe(90)
  })
})
