import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readCartContents, writeCartChange } from '../../carts/cart-store.ts'
import { DEMO_SITE_ID } from '../../seed/demo-store.ts'
import { createVisitorCaller } from '../../testing/test-callers.ts'
import { databaseKinds, openTestDatabase } from '../../testing/test-database.ts'
import type { Db } from '../db.ts'
import { migrate } from '../migrate.ts'

describe.each(databaseKinds())('migration 016, custom lines are the merchant’s, on %s', (kind) => {
  let db: Db
  let notebook: string
  beforeAll(async () => {
    db = await openTestDatabase(kind)
    const [row] = await db.query<{ id: string }>("select id from products where slug = 'meadow-notebook'")
    notebook = row!.id
  })
  afterAll(() => db.close())

  const priced = (name: string, extra: Record<string, unknown> = {}) =>
    JSON.stringify({
      productName: { original: name },
      priceMinor: 1,
      descriptionLines: [],
      itemType: { preset: 'PHYSICAL' },
      paymentOption: 'FULL_PAYMENT_ONLINE',
      ...extra,
    })

  /** A visitor's cart holding a notebook and the custom lines given, as the caller that owns it. */
  async function cartWith(customs: string[]) {
    const cartId = randomUUID()
    const owner = randomUUID()
    await db.query(
      `insert into carts (id, site_id, owner_kind, owner_id, currency) values ($1, $2, 'visitor', $3, 'USD')`,
      [cartId, DEMO_SITE_ID, owner],
    )
    await db.query(
      `insert into cart_line_items (id, cart_id, position, app_id, catalog_item_id, variant_id, custom, quantity)
       select $1, $2, 1, 'stores', $3::text, v.id, null, 1 from product_variants v where v.product_id = $3::uuid limit 1`,
      [randomUUID(), cartId, notebook],
    )
    for (const [index, custom] of customs.entries()) {
      await db.query(
        `insert into cart_line_items (id, cart_id, position, app_id, catalog_item_id, variant_id, custom, quantity)
         values ($1, $2, $3, 'custom', null, null, $4, 50)`,
        [randomUUID(), cartId, index + 2, custom],
      )
    }
    const caller = await createVisitorCaller(db, owner, 'unused')
    return { cartId, caller }
  }

  /** Runs migration 016 again, as a database at version 15 would: it is written to be re-run. */
  async function migrateFrom15() {
    await db.query('delete from schema_migrations where version = 16')
    expect(await migrate(db)).toEqual([16])
  }

  it('removes the custom lines shoppers priced from carts, keeps the rest, and gives those carts a new version', async () => {
    const shoppers = await cartWith([priced('Summit Pouch'), priced('Gift wrap')])
    const untouched = await cartWith([])
    const merchants = await cartWith([priced('Engraving', { addedBy: { apiKeyId: randomUUID() } })])
    const before = await readCartContents(db, shoppers.caller)
    const untouchedBefore = await readCartContents(db, untouched.caller)
    await migrateFrom15()
    const after = await readCartContents(db, shoppers.caller)
    expect(after.lines.map((line) => line.catalog_item_id)).toEqual([notebook])
    expect(after.version).not.toBe(before.version)
    expect((await readCartContents(db, untouched.caller)).version).toBe(untouchedBefore.version)
    const kept = await readCartContents(db, merchants.caller)
    expect(kept.lines.map((line) => line.custom?.productName.original ?? 'notebook')).toEqual([
      'notebook',
      'Engraving',
    ])
    // A change read before the migration finds the cart changed, and writes nothing (decision 018).
    const stale = await writeCartChange(
      db,
      {
        cartId: shoppers.cartId,
        guard: { version: before.version ?? null },
        savedLines: before.lines.filter((line) => line.custom),
      },
      new Date(),
    )
    expect(stale).toBe(false)
    expect((await readCartContents(db, shoppers.caller)).lines).toHaveLength(1)
  })

  it('keeps the lines of orders, marking those that were custom lines as custom with no merchant', async () => {
    const orderId = randomUUID()
    const checkoutId = randomUUID()
    const owner = randomUUID()
    await db.query(
      `insert into checkouts (id, site_id, cart_id, owner_kind, owner_id, channel_type, lines, totals, created_date, updated_date)
       values ($1, $2, $3, 'visitor', $4, 'WEB', '[]', '{}', now(), now())`,
      [checkoutId, DEMO_SITE_ID, randomUUID(), owner],
    )
    await db.query(
      `insert into orders (id, site_id, checkout_id, owner_kind, owner_id, email, status, payment_status, payment,
         currency, subtotal_minor, total_minor, totals, created_date)
       values ($1, $2, $3, 'visitor', $4, 'buyer@example.com', 'APPROVED', 'PAID', '{}', 'USD', 51, 51, '{}', now())`,
      [orderId, DEMO_SITE_ID, checkoutId, owner],
    )
    await db.query(
      `insert into order_lines (id, order_id, position, catalog_item_id, variant_id, name, quantity, unit_price_minor, total_minor, custom)
       values ($1, $3, 1, $4, null, 'Meadow notebook', 1, 1, 1, null),
              ($2, $3, 2, null, null, 'Summit Pouch', 50, 1, 50, null)`,
      [randomUUID(), randomUUID(), orderId, notebook],
    )
    await migrateFrom15()
    const lines = await db.query<{ name: string; custom: unknown }>(
      'select name, custom from order_lines where order_id = $1 order by position',
      [orderId],
    )
    expect(lines).toEqual([
      { name: 'Meadow notebook', custom: null },
      { name: 'Summit Pouch', custom: {} },
    ])
  })
})
