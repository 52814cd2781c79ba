import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../db/db.ts'
import { createDashboardPlatform, createTestBrowser } from '../../testing/dashboard-browser.ts'
import { databaseKinds, openTestDatabase } from '../../testing/test-database.ts'

describe.each(databaseKinds())('dashboard bulk changes on %s', (kind) => {
  let db: Db
  let platform: Awaited<ReturnType<typeof createDashboardPlatform>>
  let browser: ReturnType<typeof createTestBrowser>
  let ids: string[]
  const prices = async (of = ids) =>
    (
      await db.query<{ price_minor: number }>(
        'select price_minor from products where id = any($1::uuid[]) order by id',
        [of],
      )
    ).map((p) => p.price_minor)
  beforeAll(async () => {
    db = await openTestDatabase(kind)
    // Three products a transaction, so seven products take three.
    platform = await createDashboardPlatform(db, { bulkChunkSize: 3 })
    browser = createTestBrowser(platform.app)
    await browser.signIn()
    ids = (await db.query<{ id: string }>('select id from products order by id limit 7')).map((p) => p.id)
  })
  afterAll(() => db.close())

  describe('POST /dashboard/bulk/preview, /apply and /undo', () => {
    it('previews without writing, applies in steps with progress, and undoes', async () => {
      const original = await prices()
      await browser.get('/dashboard/products')
      const picked = await browser.post('/dashboard/bulk', { ids })
      expect(picked.status).toBe(200)
      expect(picked.text).toContain('7 products picked from the list')

      const preview = await browser.submit('/dashboard/bulk/preview', {
        property: 'price',
        mode: 'percent',
        value: '10',
      })
      expect(preview.status).toBe(200)
      expect(preview.text).toContain('Preview: price of 7 products')
      expect([...preview.text.matchAll(/<tr><td>/g)]).toHaveLength(7)
      expect(await prices()).toEqual(original)

      const applied = await browser.submit('/dashboard/bulk/apply')
      expect(applied.status).toBe(200)
      expect(applied.headers.get('x-frame-options')).toBe('DENY')
      expect(applied.text).toContain('Changed 0 of 7 products')
      expect(applied.text).toContain('Changed 3 of 7 products')
      expect(applied.text).toContain('Changed 6 of 7 products')
      expect(applied.text).toContain('Done: changed 7 products.')
      expect(applied.text.indexOf('Changed 3 of 7')).toBeLessThan(applied.text.indexOf('Done'))
      expect(await prices()).toEqual(original.map((price) => price + Math.round(price / 10)))
      const operations = browser.formOf('/dashboard/bulk/undo').operations![0]!.split(',')
      expect(operations).toHaveLength(3)

      const undone = await browser.submit('/dashboard/bulk/undo')
      expect(undone.status).toBe(200)
      expect(undone.text).toContain('Put back the earlier values of 7 products.')
      expect(await prices()).toEqual(original)
    })

    it('keeps a product changed since, and says so', async () => {
      await browser.post('/dashboard/bulk', { ids })
      await browser.submit('/dashboard/bulk/preview', { property: 'price', mode: 'set', value: '5' })
      await browser.submit('/dashboard/bulk/apply')
      await db.query('update products set price_minor = 777 where id = $1', [ids[0]])
      const undone = await browser.submit('/dashboard/bulk/undo')
      expect(undone.text).toContain('Put back the earlier values of 6 products.')
      expect(undone.text).toContain('1 product was changed again since, and kept its newer values.')
      expect((await prices([ids[0]!]))[0]).toBe(777)
    })

    it('refuses a change that would make a price negative, naming it, before anything is written', async () => {
      const before = await prices()
      await browser.post('/dashboard/bulk', { ids })
      const refused = await browser.submit('/dashboard/bulk/preview', {
        property: 'price',
        mode: 'amount',
        value: '-100000',
      })
      expect(refused.status).toBe(400)
      expect(refused.text).toContain('would be negative')
      expect(await prices()).toEqual(before)
    })

    it('stops at the step that fails, reports what was applied and offers its undo', async () => {
      const before = await prices()
      await browser.post('/dashboard/bulk', { ids })
      await browser.submit('/dashboard/bulk/preview', { property: 'weight', mode: 'set', value: '2' })
      // A product deleted between the preview and the apply: its step (the third) fails whole.
      await db.query('delete from products where id = $1', [ids[6]])
      const applied = await browser.submit('/dashboard/bulk/apply')
      expect(applied.text).toContain('Stopped after 6 of 7 products')
      expect(applied.text).toContain('Products not found')
      const undone = await browser.submit('/dashboard/bulk/undo')
      expect(undone.text).toContain('Put back the earlier values of 6 products.')
      expect(await prices(ids.slice(0, 6))).toEqual(before.slice(0, 6))
    })
  })

  describe('GET /dashboard/bulk', () => {
    it('takes every product matching the list filter', async () => {
      const collection = (
        await db.query<{ id: string }>("select id from collections where slug = 'tees-and-tops'")
      )[0]!.id
      const members = await db.query<{ product_id: string }>(
        'select product_id from product_collections where collection_id = $1',
        [collection],
      )
      const count = members.length
      const form = await browser.get(`/dashboard/bulk?collection=${collection}`)
      expect(form.text).toContain(`${count} products matching the list`)
      const preview = await browser.submit('/dashboard/bulk/preview', {
        property: 'cost',
        mode: 'amount',
        value: '1',
      })
      expect(preview.status).toBe(200)
      expect(preview.text).toContain(`Preview: cost of ${count} products`)
      expect(browser.formOf('/dashboard/bulk/apply').ids![0]!.split(',').sort()).toEqual(
        members.map((m) => m.product_id).sort(),
      )
    })
  })
})
