import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../db/db.ts'
import { ValidationError } from '../http/errors.ts'
import { DEMO_SITE_ID } from '../seed/demo-store.ts'
import { databaseKinds, openTestDatabase } from '../testing/test-database.ts'
import { createWebhookEndpoint, updateWebhookEndpoint } from './webhook-endpoint-store.ts'

const now = new Date('2026-06-01T12:00:00Z')
const input = (url: string) => ({ url, eventTypes: ['cart.created' as const], description: '' })

describe.each(databaseKinds())('webhook endpoints and the site’s development mode on %s', (kind) => {
  let db: Db
  let productionSite: string
  beforeAll(async () => {
    db = await openTestDatabase(kind)
    productionSite = randomUUID()
    await db.query("insert into sites (id, name) values ($1, 'A shop in production')", [productionSite])
  })
  afterAll(() => db.close())

  it('refuses loopback and private receivers for a site not in local development mode', async () => {
    for (const url of [
      'http://127.0.0.1:9999/hooks',
      'https://10.0.0.5/hooks',
      'http://hooks.example.com/',
    ]) {
      await expect(createWebhookEndpoint(db, productionSite, input(url), now)).rejects.toBeInstanceOf(
        ValidationError,
      )
    }
    const { count } = (
      await db.query<{ count: number }>(
        'select count(*)::int as count from webhook_endpoints where site_id = $1',
        [productionSite],
      )
    )[0]!
    expect(count).toBe(0)
  })

  it('takes public https receivers on any site, and refuses moving one to a loopback address', async () => {
    const { endpoint } = await createWebhookEndpoint(
      db,
      productionSite,
      input('https://hooks.example.com/a'),
      now,
    )
    await expect(
      updateWebhookEndpoint(db, productionSite, endpoint.id, { url: 'http://localhost:8080/' }, now),
    ).rejects.toBeInstanceOf(ValidationError)
    const row = await db.query<{ url: string }>('select url from webhook_endpoints where id = $1', [
      endpoint.id,
    ])
    expect(row[0]?.url).toBe('https://hooks.example.com/a')
  })

  it('lets the demo site, which is in local development mode, use a receiver on this machine', async () => {
    const { endpoint } = await createWebhookEndpoint(
      db,
      DEMO_SITE_ID,
      input('http://127.0.0.1:9999/hooks'),
      now,
    )
    expect(endpoint.url).toBe('http://127.0.0.1:9999/hooks')
  })
})
