import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../db/db.ts'
import type { ShopperCaller } from '../../http/caller.ts'
import { createVisitorCaller } from '../../testing/test-callers.ts'
import { databaseKinds, openTestDatabase } from '../../testing/test-database.ts'
import { TEST_PUBLIC_URL } from '../../testing/test-platform.ts'
import { getProduct, queryProductPage } from './product-reads.ts'
import { takeStock } from './stock-store.ts'

describe.each(databaseKinds())('stock taken by orders on %s', (kind) => {
  let db: Db
  let visitor: ShopperCaller
  const deps = () => ({ db, publicUrl: TEST_PUBLIC_URL })
  beforeAll(async () => {
    db = await openTestDatabase(kind)
    visitor = await createVisitorCaller(db)
  })
  afterAll(() => db.close())

  it('turns a tracked product out of stock when its last unit is taken, and keeps it in stock before', async () => {
    const [product] = await db.query<{ id: string; quantity: number }>(
      `select id, quantity from products
        where track_inventory and not manage_variants and visible and in_stock and quantity > 1 limit 1`,
    )
    await takeStock(db, { kind: 'product', id: product!.id }, product!.quantity - 1)
    const one = await getProduct(deps(), visitor, { id: product!.id })
    expect(one.product.stock).toMatchObject({ quantity: 1, inStock: true, inventoryStatus: 'IN_STOCK' })

    await takeStock(db, { kind: 'product', id: product!.id }, 1)
    const none = await getProduct(deps(), visitor, { id: product!.id })
    expect(none.product.stock).toMatchObject({ quantity: 0, inStock: false, inventoryStatus: 'OUT_OF_STOCK' })
    const inStock = await queryProductPage(deps(), visitor, {
      filter: { id: product!.id, 'stock.inStock': true },
    })
    expect(inStock.products).toEqual([])
  })

  it('turns a tracked variant out of stock when its last unit is taken', async () => {
    const [variant] = await db.query<{ id: string; product_id: string; quantity: number }>(
      `select v.id, v.product_id, v.quantity from product_variants v join products p on p.id = v.product_id
        where v.track_quantity and v.visible and v.in_stock and v.quantity > 0 and p.visible and p.in_stock
        limit 1`,
    )
    await takeStock(db, { kind: 'variant', id: variant!.id }, variant!.quantity)
    const read = await getProduct(deps(), visitor, { id: variant!.product_id })
    const entry = read.product.variants.find((v: { id: string }) => v.id === variant!.id)
    expect(entry?.stock).toMatchObject({ quantity: 0, inStock: false })
  })
})
