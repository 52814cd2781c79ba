import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fulfillmentStatusOf } from '../../orders/order-state.ts'
import { seedDemoCommerce } from '../../seed/demo-commerce.ts'
import { DEMO_SITE_ID } from '../../seed/demo-store.ts'
import { placeNotebookOrder } from '../../testing/placed-orders.ts'
import { databaseKinds, openTestDatabase } from '../../testing/test-database.ts'
import { createTestPlatform } from '../../testing/test-platform.ts'
import type { Db } from '../db.ts'
import { migrate } from '../migrate.ts'

describe.each(databaseKinds())('migration 028, refunded units are not to ship, on %s', (kind) => {
  let db: Db
  let platform: ReturnType<typeof createTestPlatform>
  beforeAll(async () => {
    db = await openTestDatabase(kind)
    platform = createTestPlatform(db)
    await seedDemoCommerce(db, DEMO_SITE_ID, new Date('2026-01-01T00:00:00Z'))
    await db.query(
      "update products set track_inventory = false, in_stock = true where slug = 'meadow-notebook'",
    )
  })
  afterAll(() => db.close())

  /** An order of `quantity` notebooks stored with these counts and status, as an older platform left it. */
  async function storedOrder(
    quantity: number,
    counts: { shipped: number; refunded: number },
    stored: { status?: string; fulfillment: string },
  ) {
    const { orderId } = await placeNotebookOrder(platform.app, db, platform.clock(), { quantity, paid: true })
    await db.query(
      'update order_lines set shipped_quantity = $2, refunded_quantity = $3 where order_id = $1',
      [orderId, counts.shipped, counts.refunded],
    )
    await db.query('update orders set status = $2, fulfillment_status = $3 where id = $1', [
      orderId,
      stored.status ?? 'APPROVED',
      stored.fulfillment,
    ])
    return orderId
  }

  it('brings the stored fulfilment of every approved order to what the counts say, and leaves canceled ones', async () => {
    const orders = {
      shippedAndRefunded: await storedOrder(
        2,
        { shipped: 1, refunded: 1 },
        { fulfillment: 'PARTIALLY_FULFILLED' },
      ),
      allRefunded: await storedOrder(1, { shipped: 0, refunded: 1 }, { fulfillment: 'NOT_FULFILLED' }),
      partly: await storedOrder(3, { shipped: 1, refunded: 1 }, { fulfillment: 'PARTIALLY_FULFILLED' }),
      waiting: await storedOrder(2, { shipped: 0, refunded: 1 }, { fulfillment: 'NOT_FULFILLED' }),
      canceled: await storedOrder(
        1,
        { shipped: 0, refunded: 1 },
        { status: 'CANCELED', fulfillment: 'NOT_FULFILLED' },
      ),
    }
    await db.query('delete from schema_migrations where version = 28')
    expect(await migrate(db)).toEqual([28])
    const rows = await db.query<{ id: string; fulfillment_status: string }>(
      'select id, fulfillment_status from orders where id = any($1::uuid[])',
      [Object.values(orders)],
    )
    const statusOf = (id: string) => rows.find((row) => row.id === id)?.fulfillment_status
    expect(statusOf(orders.shippedAndRefunded)).toBe('FULFILLED')
    expect(statusOf(orders.allRefunded)).toBe('FULFILLED')
    expect(statusOf(orders.partly)).toBe('PARTIALLY_FULFILLED')
    expect(statusOf(orders.waiting)).toBe('NOT_FULFILLED')
    expect(statusOf(orders.canceled)).toBe('NOT_FULFILLED')
    // The migration answers as the domain's rule does, for every approved order.
    for (const id of [orders.shippedAndRefunded, orders.allRefunded, orders.partly, orders.waiting]) {
      const lines = await db.query<{
        quantity: number
        shipped_quantity: number
        refunded_quantity: number
        shippable: boolean | null
      }>(
        'select quantity, shipped_quantity, refunded_quantity, shippable from order_lines where order_id = $1',
        [id],
      )
      expect(statusOf(id)).toBe(fulfillmentStatusOf(lines))
    }
  })
})
