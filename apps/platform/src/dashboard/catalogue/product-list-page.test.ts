import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../db/db.ts'
import { DEMO_SITE_ID } from '../../seed/demo-store.ts'
import { createApiKey } from '../../sites/api-key-store.ts'
import { createDashboardPlatform, createTestBrowser } from '../../testing/dashboard-browser.ts'
import { databaseKinds, openTestDatabase } from '../../testing/test-database.ts'

describe.each(databaseKinds())('the dashboard product list on %s', (kind) => {
  let db: Db
  let platform: Awaited<ReturnType<typeof createDashboardPlatform>>
  let browser: ReturnType<typeof createTestBrowser>
  let headers: Record<string, string>
  beforeAll(async () => {
    db = await openTestDatabase(kind)
    platform = await createDashboardPlatform(db)
    browser = createTestBrowser(platform.app)
    await browser.signIn()
    const { key } = await createApiKey(
      db,
      { siteId: DEMO_SITE_ID, name: 'test', permissions: ['catalogue'] },
      new Date(),
    )
    headers = { authorization: key, 'aisle-site-id': DEMO_SITE_ID }
  })
  afterAll(() => db.close())

  const createProduct = async (name: string, price: number) => {
    const response = await platform.app.request('http://platform.test/stores/v1/products', {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ product: { name, productType: 'physical', priceData: { price } } }),
    })
    expect(response.status).toBe(200)
    return ((await response.json()) as { product: { id: string } }).product.id
  }
  const visibleOf = async (ids: string[]) =>
    (
      await db.query<{ id: string; visible: boolean }>(
        'select id, visible from products where id = any($1::uuid[]) order by name',
        [ids],
      )
    ).map((row) => row.visible)
  const eventsOf = async (type: string, ids: string[]) =>
    (
      await db.query<{ entity_id: string }>(
        'select entity_id from events where type = $1 and entity_id = any($2::text[])',
        [type, ids],
      )
    ).length

  it('shows each product with its picture, status, stock, price with currency and collections, sorted as the URL says', async () => {
    const page = await browser.get('/dashboard/products?sort=price-desc')
    expect(page.status).toBe(200)
    const ids = [...page.text.matchAll(/<a href="\/dashboard\/products\/([0-9a-f-]{36})">/g)].map(
      (m) => m[1]!,
    )
    expect(ids).toHaveLength(20)
    const priceOf = new Map(
      (
        await db.query<{ id: string; price: string }>(
          'select id, discounted_price_minor as price from products where id = any($1::uuid[])',
          [ids],
        )
      ).map((row) => [row.id, Number(row.price)]),
    )
    const prices = ids.map((id) => priceOf.get(id)!)
    expect(prices).toEqual([...prices].sort((a, b) => b - a))
    expect(prices[0]).toBeGreaterThan(prices[19]!)
    const tee = await browser.get('/dashboard/products?q=classic+tee')
    expect(tee.text).toMatch(/<img class="thumb" src="http[^"]+" alt="" width="40" height="40"/)
    expect(tee.text).toContain('<span class="badge ok">Visible</span>')
    // Seeded in Tees & Tops and Sale.
    expect(tee.text).toMatch(/Sale|Tees &amp; Tops/)
    // Its variants differ in price: the range, each end with its currency.
    expect(tee.text).toMatch(/\$\d+\.\d\d – \$\d+\.\d\d/)
    // The page links keep the filters and the sort.
    const sorted = await browser.get('/dashboard/products?status=visible&sort=name-desc')
    expect(sorted.text).toContain('href="/dashboard/products?status=visible&amp;sort=name-desc&amp;page=2"')
    expect(sorted.text).toContain('<option value="name-desc" selected="">Name, Z to A</option>')
  })

  it('filters low and out of stock, and answers a filter it does not know with a 400 page', async () => {
    await db.query(
      "update products set track_inventory = true, quantity = 3, in_stock = true where slug = 'classic-tee'",
    )
    const low = await browser.get('/dashboard/products?stock=low')
    expect(low.text).toContain('Classic Tee')
    expect(low.text).toContain('<span class="badge waiting">Low stock</span>')
    expect((await browser.get('/dashboard/products?stock=low&q=parka')).text).toContain('0 products')
    for (const query of ['status=gone', 'sort=cheapest', 'stock=some'])
      expect((await browser.get(`/dashboard/products?${query}`)).status).toBe(400)
  })

  it('hides and shows the ticked products in one change, each recording its event, and goes back to the list', async () => {
    const ids = [await createProduct('Bulk Lamp', 40), await createProduct('Bulk Vase', 25)]
    await browser.get('/dashboard/products?q=bulk')
    const hidden = await browser.submit('/dashboard/products/bulk-action', { ids, action: 'hide' })
    expect(hidden.status).toBe(303)
    expect(hidden.location).toBe('/dashboard/products?q=bulk&notice=products-hidden')
    expect(await visibleOf(ids)).toEqual([false, false])
    expect(await eventsOf('product.changed', ids)).toBe(2)
    const page = await browser.get(hidden.location!)
    expect(page.text).toContain('The ticked products are hidden from the shop.')
    expect(page.text.match(/<span class="badge off">Hidden<\/span>/g)).toHaveLength(2)
    await browser.submit('/dashboard/products/bulk-action', { ids: [ids[0]!], action: 'show' })
    expect(await visibleOf(ids)).toEqual([true, false])
  })

  it('adds the ticked products to a collection', async () => {
    const ids = [await createProduct('Collected Mug', 12), await createProduct('Collected Cup', 9)]
    const collection = (await db.query<{ id: string }>("select id from collections where slug = 'sale'"))[0]!
      .id
    await browser.get('/dashboard/products?q=collected')
    const added = await browser.submit('/dashboard/products/bulk-action', {
      ids,
      action: 'collection',
      collectionId: collection,
    })
    expect(added.status).toBe(303)
    const members = await db.query(
      'select product_id from product_collections where collection_id = $1 and product_id = any($2::uuid[])',
      [collection, ids],
    )
    expect(members).toHaveLength(2)
  })

  it('asks before deleting, deletes only when confirmed, and deletes none when one id is of no product', async () => {
    const ids = [await createProduct('Doomed Chair', 80), await createProduct('Doomed Stool', 30)]
    await browser.get('/dashboard/products?q=doomed')
    const asked = await browser.submit('/dashboard/products/bulk-action', { ids, action: 'delete' })
    expect(asked.status).toBe(200)
    expect(asked.text).toContain('<h2 id="confirm-delete-title">Delete 2 products?</h2>')
    expect(asked.text).toContain('<li>Doomed Chair</li>')
    expect(await visibleOf(ids)).toHaveLength(2)
    const missing = '00000000-0000-4000-8000-000000000000'
    const refused = await browser.post('/dashboard/products/bulk-action', {
      ids: [...ids, missing],
      action: 'delete',
      confirmed: 'yes',
    })
    expect(refused.status).toBe(404)
    expect(refused.text).toContain(`Nothing changed: Product ${missing} was not found.`)
    expect(await visibleOf(ids)).toHaveLength(2)
    // The dialog's own form: its hidden fields carry the ids and the confirmation.
    await browser.get('/dashboard/products?q=doomed')
    await browser.submit('/dashboard/products/bulk-action', { ids, action: 'delete' })
    const deleted = await browser.submit('/dashboard/products/bulk-action')
    expect(deleted.status).toBe(303)
    expect(deleted.location).toBe('/dashboard/products?q=doomed&notice=products-deleted')
    expect(await visibleOf(ids)).toHaveLength(0)
    expect(await eventsOf('product.deleted', ids)).toBe(2)
  })

  it('refuses an empty selection, an unknown action and a post without the session’s token, changing nothing', async () => {
    const ids = [await createProduct('Guarded Desk', 120)]
    await browser.get('/dashboard/products?q=guarded')
    const empty = await browser.post('/dashboard/products/bulk-action', { action: 'hide' })
    expect(empty.status).toBe(400)
    expect(empty.text).toContain('Nothing changed: tick the products to change first.')
    const unknown = await browser.post('/dashboard/products/bulk-action', { ids, action: 'explode' })
    expect(unknown.status).toBe(400)
    const forged = await browser.post('/dashboard/products/bulk-action', {
      ids,
      action: 'hide',
      csrf: 'forged',
    })
    expect(forged.status).toBe(403)
    const elsewhere = await browser.post('/dashboard/products/bulk-action', {
      ids,
      action: 'hide',
      back: 'https://evil.example/dashboard/products',
    })
    expect(elsewhere.location).toBe('/dashboard/products?notice=products-hidden')
    expect(await visibleOf(ids)).toEqual([false])
  })
})
