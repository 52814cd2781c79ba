import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../db/db.ts'
import { createDashboardPlatform, createTestBrowser } from '../../testing/dashboard-browser.ts'
import { databaseKinds, openTestDatabase } from '../../testing/test-database.ts'

describe.each(databaseKinds())('dashboard collections on %s', (kind) => {
  let db: Db
  let platform: Awaited<ReturnType<typeof createDashboardPlatform>>
  let browser: ReturnType<typeof createTestBrowser>
  beforeAll(async () => {
    db = await openTestDatabase(kind)
    platform = await createDashboardPlatform(db)
    browser = createTestBrowser(platform.app)
    await browser.signIn()
  })
  afterAll(() => db.close())

  const members = async (collectionId: string) =>
    (
      await db.query<{ name: string }>(
        `select p.name from product_collections pc join products p on p.id = pc.product_id
         where pc.collection_id = $1 order by p.name`,
        [collectionId],
      )
    ).map((row) => row.name)

  it('creates a collection, adds found products, removes one, renames it and deletes it', async () => {
    const list = await browser.get('/dashboard/collections')
    expect(list.text).toContain('Tees &amp; Tops')
    const created = await browser.submit('/dashboard/collections', {
      name: 'Gift ideas',
      description: 'For others.',
    })
    expect(created.status).toBe(303)
    const id = /\/dashboard\/collections\/([0-9a-f-]{36})/.exec(created.location!)![1]!

    const found = await browser.get(`/dashboard/collections/${id}?add=tee`)
    expect(found.text).toContain('Products to add')
    const candidates = browser.formOf(`/dashboard/collections/${id}/products`)
    expect(candidates.productIds).toBeUndefined() // nothing is checked until the owner checks it
    const ids = [...found.text.matchAll(/name="productIds" value="([0-9a-f-]{36})"/g)].map((m) => m[1]!)
    expect(ids).toHaveLength(2)
    expect((await browser.post(`/dashboard/collections/${id}/products`, { productIds: ids })).status).toBe(
      303,
    )
    expect(await members(id)).toEqual(['Classic Tee', 'Harbor Pocket Tee'])

    await browser.get(`/dashboard/collections/${id}`)
    await browser.post(`/dashboard/collections/${id}/products/delete`, { productIds: [ids[0]!] })
    expect(await members(id)).toHaveLength(1)

    await browser.get(`/dashboard/collections/${id}`)
    const renamed = await browser.submit(`/dashboard/collections/${id}`, {
      name: 'Presents',
      slug: 'presents',
    })
    expect(renamed.status).toBe(303)
    const [row] = await db.query<{ name: string; slug: string }>(
      'select name, slug from collections where id = $1',
      [id],
    )
    expect(row).toEqual({ name: 'Presents', slug: 'presents' })

    await browser.get(`/dashboard/collections/${id}`)
    const deleted = await browser.post(`/dashboard/collections/${id}/delete`)
    expect(deleted.location).toBe('/dashboard/collections?notice=collection-deleted')
    expect(await db.query('select 1 from collections where id = $1', [id])).toHaveLength(0)
  })

  it('refuses a slug another collection has, beside the slug field', async () => {
    await browser.get('/dashboard/collections')
    const refused = await browser.submit('/dashboard/collections', {
      name: 'More tees',
      slug: 'tees-and-tops',
    })
    expect(refused.status).toBe(400)
    expect(refused.text).toMatch(/id="field-slug-error">Another collection already has the slug/)
    expect(refused.text).toContain('value="More tees"')
  })

  it('shows the API schema’s violations beside the name and slug fields, creating nothing', async () => {
    await browser.get('/dashboard/collections')
    const refused = await browser.submit('/dashboard/collections', { name: '', slug: 'Not A Slug' })
    expect(refused.status).toBe(400)
    expect(refused.text).toMatch(/id="field-name"[^>]*aria-invalid="true"/)
    expect(refused.text).toMatch(
      /id="field-slug-error">must be lower-case letters, digits and single hyphens/,
    )
    expect(await db.query("select 1 from collections where slug = 'Not A Slug'")).toHaveLength(0)
  })
})
