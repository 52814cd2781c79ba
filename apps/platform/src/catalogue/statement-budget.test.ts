import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../db/db.ts'
import { createCountingDb } from '../testing/counting-db.ts'
import { databaseKinds, openTestDatabase } from '../testing/test-database.ts'
import { createTestPlatform } from '../testing/test-platform.ts'

// Pinned so that a change that adds a round trip to a hot read shows up here, not in production.
describe.each(databaseKinds())('SQL statements per catalogue read on %s', (kind) => {
  let db: Db
  let counting: ReturnType<typeof createCountingDb>
  let platform: ReturnType<typeof createTestPlatform>
  let token: string
  let tee: string
  beforeAll(async () => {
    db = await openTestDatabase(kind)
    counting = createCountingDb(db)
    platform = createTestPlatform(counting.db)
    token = (await platform.visitorTokens()).access_token
    tee = (await db.query<{ id: string }>("select id from products where slug = 'classic-tee'"))[0]!.id
  })
  afterAll(() => db.close())

  it('reads a product by id in at most 2 statements, the token check included', async () => {
    const statements = await counting.measure(async () => {
      expect((await platform.call('GET', `/stores/v1/products/${tee}`, { token })).status).toBe(200)
    })
    expect(statements.length).toBeLessThanOrEqual(2)
  })

  it('reads a page of 50 products with a filter, a sort and the total in at most 3 statements', async () => {
    const statements = await counting.measure(async () => {
      const response = await platform.call('POST', '/stores/v1/products/query-platformized', {
        token,
        body: {
          query: {
            filter: { price: { $gt: 10 } },
            sort: [{ fieldName: 'name', order: 'ASC' }],
            paging: { limit: 50 },
          },
        },
      })
      expect(response.json.metadata.total).toBeGreaterThan(0)
    })
    expect(statements.length).toBeLessThanOrEqual(3)
  })

  it('still counts the total of a page past the end', async () => {
    const response = await platform.call('POST', '/stores/v1/products/query-platformized', {
      token,
      body: { query: { paging: { offset: 500 } } },
    })
    expect(response.json.metadata).toEqual({ count: 0, offset: 500, total: 42 })
  })
})
