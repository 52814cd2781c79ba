import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../db/db.ts'
import { STOCK_CHANGES_KEPT } from '../db/migrations/043-stock-versions.ts'
import { DEMO_SITE_ID } from '../seed/demo-store.ts'
import { createCountingDb } from '../testing/counting-db.ts'
import { databaseKinds, openTestDatabase } from '../testing/test-database.ts'
import { createTestPlatform } from '../testing/test-platform.ts'
import { takeStock } from './products/stock-store.ts'
import { createStockChanges } from './stock-changes.ts'

type Versions = {
  catalogue_version: number
  stock_version: number
  stock_changes: { v: number; p: string; f?: string[] }[]
}

describe.each(databaseKinds())('stock versions on %s', (kind) => {
  let db: Db
  let counting: ReturnType<typeof createCountingDb>
  let platform: ReturnType<typeof createTestPlatform>
  let token: string
  /** A product that tracks its own stock, one whose variants track theirs, and one that tracks none. */
  let tracked: string
  let variantOf: { productId: string; variantId: string }
  let untracked: string
  beforeAll(async () => {
    db = await openTestDatabase(kind)
    counting = createCountingDb(db)
    platform = createTestPlatform(counting.db)
    token = (await platform.visitorTokens()).access_token
    const one = async (sql: string) => (await db.query<{ id: string; product_id?: string }>(sql))[0]!
    tracked = (
      await one(
        'select id from products where track_inventory and not manage_variants and quantity > 5 and visible order by slug limit 1',
      )
    ).id
    untracked = (
      await one(
        'select id from products where not track_inventory and not manage_variants and visible order by slug limit 1',
      )
    ).id
    const variant = await one(
      'select v.id, v.product_id from product_variants v join products p on p.id = v.product_id where v.track_quantity and v.quantity > 5 and p.visible order by p.slug limit 1',
    )
    variantOf = { productId: variant.product_id!, variantId: variant.id }
  })
  afterAll(() => db.close())

  const versions = async () =>
    (
      await db.query<Versions>(
        'select catalogue_version, stock_version, stock_changes from sites where id = $1',
        [DEMO_SITE_ID],
      )
    )[0]!

  describe('the triggers', () => {
    it('count a change of stock counts only as a stock version, naming the products it changed', async () => {
      const before = await versions()
      expect(await takeStock(db, { kind: 'product', id: tracked }, 1)).toBe(true)
      const afterProduct = await versions()
      expect(afterProduct.catalogue_version).toBe(before.catalogue_version)
      expect(afterProduct.stock_version).toBe(before.stock_version + 1)
      expect(afterProduct.stock_changes).toContainEqual({ v: before.stock_version + 1, p: tracked })
      // A variant's count names its product, whose answers show it.
      expect(await takeStock(db, { kind: 'variant', id: variantOf.variantId }, 1)).toBe(true)
      const afterVariant = await versions()
      expect(afterVariant.catalogue_version).toBe(before.catalogue_version)
      expect(afterVariant.stock_changes).toContainEqual({
        v: before.stock_version + 2,
        p: variantOf.productId,
      })
    })

    it('count an in-stock flip as a stock version too, naming the collections of the product that flipped', async () => {
      const start = await versions()
      const [{ quantity }] = (await db.query<{ quantity: number }>(
        'select quantity from products where id = $1',
        [tracked],
      )) as [{ quantity: number }]
      const collections = (
        await db.query<{ collection_id: string }>(
          'select collection_id from product_collections where product_id = $1 order by collection_id',
          [tracked],
        )
      ).map((row) => row.collection_id)
      // Taking the last units turns the product out of stock: the lists of its collections that hold only
      // what is in stock change, and the entry says which they are.
      expect(await takeStock(db, { kind: 'product', id: tracked }, quantity)).toBe(true)
      const soldOut = await versions()
      expect(soldOut.catalogue_version).toBe(start.catalogue_version)
      expect(soldOut.stock_version).toBe(start.stock_version + 1)
      expect(soldOut.stock_changes).toContainEqual({ v: start.stock_version + 1, p: tracked, f: collections })
      await db.query('update products set quantity = $2, in_stock = true where id = $1', [tracked, quantity])
      const back = await versions()
      expect(back.catalogue_version).toBe(start.catalogue_version)
      expect(back.stock_changes).toContainEqual({ v: start.stock_version + 2, p: tracked, f: collections })
    })

    it('count anything else as a catalogue version: a price, a count beside a name, a flip beside a ribbon', async () => {
      const start = await versions()
      await db.query('update products set price_minor = price_minor + 1 where id = $1', [untracked])
      await db.query("update products set quantity = quantity + 1, name = name || ' ' where id = $1", [
        tracked,
      ])
      await db.query("update products set in_stock = not in_stock, ribbon = 'Sale' where id = $1", [
        untracked,
      ])
      const after = await versions()
      expect(after.catalogue_version).toBe(start.catalogue_version + 3)
      expect(after.stock_version).toBe(start.stock_version)
      await db.query('update products set in_stock = not in_stock, ribbon = null where id = $1', [untracked])
      // An update that changes nothing bumps neither.
      const settled = await versions()
      await db.query('update products set quantity = quantity where id = $1', [tracked])
      expect(await versions()).toEqual(settled)
    })

    it(`keep the changes of the last ${STOCK_CHANGES_KEPT} stock versions`, async () => {
      for (let n = 0; n < STOCK_CHANGES_KEPT + 6; n++)
        await db.query('update products set quantity = quantity + 1 where id = $1', [tracked])
      const { stock_version: version, stock_changes: changes } = await versions()
      expect(changes).toHaveLength(STOCK_CHANGES_KEPT)
      expect(Math.min(...changes.map((change) => change.v))).toBe(version - STOCK_CHANGES_KEPT + 1)
    })
  })

  describe('what a process learns of them', () => {
    it('answers which products changed between two versions, and does not know what is older than it keeps or newer than it read', async () => {
      const changes = createStockChanges()
      const { stock_version: from } = await versions()
      await db.query('update products set quantity = quantity + 1 where id = $1', [tracked])
      await db.query('update product_variants set quantity = quantity + 1 where id = $1', [
        variantOf.variantId,
      ])
      expect(await changes.between(db, DEMO_SITE_ID, from, from + 2)).toEqual({
        products: new Set([tracked, variantOf.productId]),
        flipped: new Map(),
      })
      expect(await changes.between(db, DEMO_SITE_ID, from + 1, from + 2)).toEqual({
        products: new Set([variantOf.productId]),
        flipped: new Map(),
      })
      expect(await changes.between(db, DEMO_SITE_ID, from + 2, from + 2)).toEqual({
        products: new Set(),
        flipped: new Map(),
      })
      // A server that has not reached the caller's version yet (a replica behind) cannot say.
      expect(await changes.between(db, DEMO_SITE_ID, from, from + 3)).toBeUndefined()
      expect(
        await changes.between(db, DEMO_SITE_ID, from + 2 - STOCK_CHANGES_KEPT - 1, from + 2),
      ).toBeUndefined()
    })

    it('reads the database again only for a version newer than it has read', async () => {
      const changes = createStockChanges()
      const { stock_version: from } = await versions()
      await db.query('update products set quantity = quantity + 1 where id = $1', [tracked])
      const first = await counting.measure(() => changes.between(counting.db, DEMO_SITE_ID, from, from + 1))
      const again = await counting.measure(() => changes.between(counting.db, DEMO_SITE_ID, from, from + 1))
      expect([first.length, again.length]).toEqual([1, 0])
    })
  })

  describe('cached catalogue answers', () => {
    const getProduct = (id: string, headers: Record<string, string> = {}) =>
      platform.call('GET', `/stores/v1/products/${id}`, { token, headers })
    const queryByIds = (ids: string[], sort?: { fieldName: string; order: 'ASC' | 'DESC' }[]) =>
      platform.call('POST', '/stores/v1/products/query-platformized', {
        token,
        body: { query: { filter: { id: { $in: ids } }, ...(sort ? { sort } : {}) } },
      })

    it('keeps the answers that show none of the products a sale changed, and makes again those that do', async () => {
      const other = await getProduct(untracked)
      const sold = await getProduct(tracked)
      const page = await queryByIds([untracked])
      const quantityBefore = sold.json.product.stock.quantity as number
      expect(await takeStock(db, { kind: 'product', id: tracked }, 1)).toBe(true)

      // The token check, and once per process the stock changes: the kept answer, with the ETag it had.
      const keptRead = await counting.measure(async () => {
        const again = await getProduct(untracked, { 'if-none-match': other.headers.get('etag')! })
        expect(again.status).toBe(304)
      })
      expect(keptRead).toHaveLength(2)
      const keptPage = await counting.measure(async () =>
        expect((await queryByIds([untracked])).json).toEqual(page.json),
      )
      expect(keptPage).toHaveLength(1)

      const fresh = await getProduct(tracked, { 'if-none-match': sold.headers.get('etag')! })
      expect(fresh.status).toBe(200)
      expect(fresh.json.product.stock.quantity).toBe(quantityBefore - 1)
      const freshPage = await queryByIds([tracked, untracked])
      const shown = freshPage.json.products.find((product: { id: string }) => product.id === tracked)
      expect(shown.stock.quantity).toBe(quantityBefore - 1)
    })

    it('keeps, when a product sells out, the answers that neither show it nor list what is in stock in its collections', async () => {
      const [product] = await db.query<{ id: string; quantity: number }>(
        `select p.id, p.quantity from products p
          where p.site_id = $1 and p.track_inventory and not p.manage_variants and p.quantity > 0 and p.visible
            and exists (select 1 from product_collections pc where pc.product_id = p.id)
          order by p.slug limit 1`,
        [DEMO_SITE_ID],
      )
      const [its] = await db.query<{ id: string }>(
        'select collection_id as id from product_collections where product_id = $1 order by collection_id limit 1',
        [product!.id],
      )
      const [other] = await db.query<{ id: string }>(
        `select c.id from collections c where c.site_id = $1
            and not exists (select 1 from product_collections pc where pc.collection_id = c.id and pc.product_id = $2)
          order by c.slug limit 1`,
        [DEMO_SITE_ID, product!.id],
      )
      const inStockOf = (collectionId: string) =>
        platform.call('POST', '/stores/v1/products/query-platformized', {
          token,
          body: { query: { filter: { collectionIds: { $hasSome: [collectionId] }, 'stock.inStock': true } } },
        })
      const idsOf = (answer: { json: Record<string, { id: string }[]> }) =>
        (answer.json.products ?? []).map((shown) => shown.id)
      const readsProducts = (statements: string[]) =>
        statements.some((sql) => sql.includes('from products p'))
      expect(idsOf(await inStockOf(its!.id))).toContain(product!.id)
      const otherList = await inStockOf(other!.id)
      const otherPage = await getProduct(untracked)
      expect(await takeStock(db, { kind: 'product', id: product!.id }, product!.quantity)).toBe(true)
      try {
        const kept = await counting.measure(async () => {
          expect((await inStockOf(other!.id)).json).toEqual(otherList.json)
          const again = await getProduct(untracked, { 'if-none-match': otherPage.headers.get('etag')! })
          expect(again.status).toBe(304)
        })
        expect(readsProducts(kept)).toBe(false)
        const remade = await counting.measure(async () =>
          expect(idsOf(await inStockOf(its!.id))).not.toContain(product!.id),
        )
        expect(readsProducts(remade)).toBe(true)
      } finally {
        await db.query('update products set quantity = $2, in_stock = true where id = $1', [
          product!.id,
          product!.quantity,
        ])
      }
      // Back in stock, it joins its collection's list again, which did not show it.
      expect(idsOf(await inStockOf(its!.id))).toContain(product!.id)
    })

    it('makes again, after any sale, an answer whose order or filter names stock counts', async () => {
      const sort = [{ fieldName: 'stock.quantity', order: 'DESC' as const }]
      const before = await queryByIds([untracked, variantOf.productId], sort)
      expect(before.status).toBe(200)
      expect(await takeStock(db, { kind: 'product', id: tracked }, 1)).toBe(true)
      const statements = await counting.measure(async () => {
        expect((await queryByIds([untracked, variantOf.productId], sort)).status).toBe(200)
      })
      expect(statements.length).toBeGreaterThan(1)
      expect(statements.some((sql) => sql.includes('stock_changes'))).toBe(false)
    })

    it('prices a cart with the stock count a sale left, at once', async () => {
      const cartToken = (await platform.visitorTokens()).access_token
      const [{ quantity }] = (await db.query<{ quantity: number }>(
        'select quantity from products where id = $1',
        [tracked],
      )) as [{ quantity: number }]
      const added = await platform.call('POST', '/ecom/v1/carts/current/add-to-cart', {
        token: cartToken,
        body: { lineItems: [{ catalogReference: { catalogItemId: tracked }, quantity }] },
      })
      expect(added.json.cart.lineItems[0].availability.status).toBe('AVAILABLE')
      expect(await takeStock(db, { kind: 'product', id: tracked }, 1)).toBe(true)
      const cart = await platform.call('GET', '/ecom/v1/carts/current', { token: cartToken })
      expect(cart.json.cart.lineItems[0].availability).toEqual({
        status: 'PARTIALLY_AVAILABLE',
        quantityAvailable: quantity - 1,
      })
    })
  })
})
