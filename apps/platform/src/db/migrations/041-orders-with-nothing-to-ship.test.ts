import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fulfillmentStatusOf } from '../../orders/order-state.ts'
import { seedDemoCommerce } from '../../seed/demo-commerce.ts'
import { DEMO_SITE_ID } from '../../seed/demo-store.ts'
import { findClassicTee, placeNotebookOrder } from '../../testing/placed-orders.ts'
import { databaseKinds, openTestDatabase } from '../../testing/test-database.ts'
import { createTestPlatform } from '../../testing/test-platform.ts'
import type { Db } from '../db.ts'
import { migrate } from '../migrate.ts'

describe.each(databaseKinds())('migration 041, orders with nothing to ship, on %s', (kind) => {
  let db: Db
  let platform: ReturnType<typeof createTestPlatform>
  beforeAll(async () => {
    db = await openTestDatabase(kind)
    platform = createTestPlatform(db)
    await seedDemoCommerce(db, DEMO_SITE_ID, new Date('2026-01-01T00:00:00Z'))
    await db.query(
      "update products set track_inventory = false, in_stock = true where slug in ('meadow-notebook', 'classic-tee')",
    )
    await db.query(
      "update product_variants set quantity = 100 where product_id = (select id from products where slug = 'classic-tee')",
    )
  })
  afterAll(() => db.close())

  /**
   * An order of a Classic Tee (when `withTee`) and a notebook that is stored as not shipping (as a booking's or
   * a ticket's line is), with these counts on the tee and this stored fulfilment, as an older platform left it.
   */
  async function storedOrder(
    withTee: boolean,
    tee: { shipped: number; refunded: number },
    stored: { status?: string; fulfillment: string },
  ) {
    const teeProduct = await findClassicTee(db)
    const { orderId } = await placeNotebookOrder(platform.app, db, platform.clock(), {
      paid: true,
      ...(withTee
        ? { variant: { productId: teeProduct.id, variantId: teeProduct.variantId, quantity: 2 } }
        : {}),
    })
    await db.query("update order_lines set shippable = false where order_id = $1 and name like '%otebook%'", [
      orderId,
    ])
    await db.query(
      'update order_lines set shipped_quantity = $2, refunded_quantity = $3 where order_id = $1 and shippable',
      [orderId, tee.shipped, tee.refunded],
    )
    await db.query('update orders set status = $2, fulfillment_status = $3 where id = $1', [
      orderId,
      stored.status ?? 'APPROVED',
      stored.fulfillment,
    ])
    return orderId
  }

  it('fulfils approved orders by their shippable lines alone, and leaves canceled ones', async () => {
    const orders = {
      nothingToShip: await storedOrder(false, { shipped: 0, refunded: 0 }, { fulfillment: 'NOT_FULFILLED' }),
      mixedTeeShipped: await storedOrder(
        true,
        { shipped: 2, refunded: 0 },
        { fulfillment: 'PARTIALLY_FULFILLED' },
      ),
      mixedTeePartly: await storedOrder(
        true,
        { shipped: 1, refunded: 0 },
        { fulfillment: 'PARTIALLY_FULFILLED' },
      ),
      mixedWaiting: await storedOrder(true, { shipped: 0, refunded: 0 }, { fulfillment: 'NOT_FULFILLED' }),
      canceled: await storedOrder(
        false,
        { shipped: 0, refunded: 0 },
        { status: 'CANCELED', fulfillment: 'NOT_FULFILLED' },
      ),
    }
    await db.query('delete from schema_migrations where version = 41')
    expect(await migrate(db)).toEqual([41])
    const rows = await db.query<{ id: string; fulfillment_status: string }>(
      'select id, fulfillment_status from orders where id = any($1::uuid[])',
      [Object.values(orders)],
    )
    const statusOf = (id: string) => rows.find((row) => row.id === id)?.fulfillment_status
    expect(statusOf(orders.nothingToShip)).toBe('FULFILLED')
    expect(statusOf(orders.mixedTeeShipped)).toBe('FULFILLED')
    expect(statusOf(orders.mixedTeePartly)).toBe('PARTIALLY_FULFILLED')
    expect(statusOf(orders.mixedWaiting)).toBe('NOT_FULFILLED')
    expect(statusOf(orders.canceled)).toBe('NOT_FULFILLED')
    // The migration answers as the domain's rule does, for every approved order.
    for (const id of [
      orders.nothingToShip,
      orders.mixedTeeShipped,
      orders.mixedTeePartly,
      orders.mixedWaiting,
    ]) {
      const lines = await db.query<{
        quantity: number
        shipped_quantity: number
        refunded_quantity: number
        shippable: boolean | null
      }>(
        'select quantity, shipped_quantity, refunded_quantity, shippable from order_lines where order_id = $1',
        [id],
      )
      expect(lines.some((line) => line.shippable === false)).toBe(true)
      expect(statusOf(id)).toBe(fulfillmentStatusOf(lines))
    }
  })
})
