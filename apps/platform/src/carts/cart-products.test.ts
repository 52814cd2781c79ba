import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Db, queryOne } from '../db/db.ts'
import { DEMO_SITE_ID } from '../seed/demo-store.ts'
import { createCountingDb } from '../testing/counting-db.ts'
import { databaseKinds, openTestDatabase } from '../testing/test-database.ts'
import { createTestPlatform } from '../testing/test-platform.ts'
import { readVisibleProducts } from './cart-store.ts'

const CART = '/ecom/v1/carts/current'

// Two apps on one database stand for two platform processes: each keeps the products it priced.
describe.each(databaseKinds())('the products a cart keeps per catalogue version on %s', (kind) => {
  let db: Db
  let counting: ReturnType<typeof createCountingDb>
  let first: ReturnType<typeof createTestPlatform>
  let second: ReturnType<typeof createTestPlatform>
  let product: { id: string }
  beforeAll(async () => {
    db = await openTestDatabase(kind)
    counting = createCountingDb(db)
    first = createTestPlatform(counting.db)
    second = createTestPlatform(db)
    const [row] = await db.query<{ id: string }>(
      'select id from products where site_id = $1 and not manage_variants and visible order by slug limit 1',
      [DEMO_SITE_ID],
    )
    product = { id: row!.id }
  })
  afterAll(() => db.close())

  const add = { lineItems: [{ catalogReference: { catalogItemId: '' }, quantity: 1 }] }
  const addProduct = () => ({
    lineItems: [{ ...add.lineItems[0]!, catalogReference: { catalogItemId: product.id } }],
  })
  const priceOf = (cart: { lineItems: { price: { amount: string } }[] }) => cart.lineItems[0]!.price.amount

  it('reads a product once, then prices with the kept one until the catalogue changes', async () => {
    const token = (await first.visitorTokens()).access_token
    const firstAdd = await counting.measure(() =>
      first.call('POST', `${CART}/add-to-cart`, { token, body: addProduct() }),
    )
    const again = await counting.measure(() => first.call('GET', CART, { token }))
    expect(
      firstAdd.some((sql) => sql.includes('where id = any($2::uuid[]) limit cardinality($2::uuid[])')),
    ).toBe(true)
    expect(again).toHaveLength(1)
  })

  it('prices with a price another process changed, at once', async () => {
    const token = (await first.visitorTokens()).access_token
    const before = (await first.call('POST', `${CART}/add-to-cart`, { token, body: addProduct() })).json.cart
    // Another process (or a statement typed by hand) changes the price: the catalogue version moves.
    await db.query('update products set price_minor = price_minor + 100 where id = $1', [product.id])
    await db.query(
      'update product_variants set price_minor = price_minor + 100 where product_id = $1 and price_minor is not null',
      [product.id],
    )
    expect((await second.call('GET', CART, { token })).json.cart.lineItems[0].price.amount).not.toBe(
      priceOf(before),
    )
    const after = (await first.call('GET', CART, { token })).json.cart
    expect(Number(priceOf(after))).toBeCloseTo(Number(priceOf(before)) + 1, 2)
  })

  it('refuses a product hidden since it was kept', async () => {
    const token = (await first.visitorTokens()).access_token
    expect((await first.call('POST', `${CART}/add-to-cart`, { token, body: addProduct() })).status).toBe(200)
    await db.query('update products set visible = false where id = $1', [product.id])
    try {
      const refused = await first.call('POST', `${CART}/add-to-cart`, { token, body: addProduct() })
      expect(refused.status).toBe(404)
      expect(refused.json.details.applicationError.code).toBe('PRODUCT_NOT_FOUND')
    } finally {
      await db.query('update products set visible = true where id = $1', [product.id])
    }
  })
})

// PostgreSQL plans a prepared statement afresh on every call while its generic plan looks dearer than the
// custom ones: the lookup's cost said 10 products per call, so each call planned for 0.25 ms to work 0.09.
describe.runIf(databaseKinds().includes('postgres'))('the cart products lookup on PostgreSQL', () => {
  it('keeps one plan on a connection instead of planning every call', async () => {
    const db = await openTestDatabase('postgres')
    try {
      // The planner weighs plans by the table's statistics: a shop of thousands of products, not the demo's 43.
      await db.query(
        `insert into products (id, site_id, name, slug, product_type, price_minor, discounted_price_minor)
         select gen_random_uuid(), $1, 'Filler ' || n, 'filler-' || n, 'physical', 100, 100
           from generate_series(1, 5000) n`,
        [DEMO_SITE_ID],
      )
      await db.query('analyze products')
      const ids = await db.query<{ id: string }>(
        'select id from products where site_id = $1 order by slug limit 8',
        [DEMO_SITE_ID],
      )
      // One transaction holds one connection, whose prepared statements count their plans.
      const plans = await db.transaction(async (tx) => {
        for (const { id } of ids) await readVisibleProducts(tx, DEMO_SITE_ID, [id])
        return queryOne<{ generic_plans: number; custom_plans: number }>(
          tx,
          `select generic_plans, custom_plans from pg_prepared_statements
            where statement like '%from products where id = any($2::uuid[])%'`,
        )
      })
      expect(ids).toHaveLength(8)
      // PostgreSQL tries 5 custom plans before it weighs the generic one.
      expect(plans).toEqual({ generic_plans: 3, custom_plans: 5 })
    } finally {
      await db.close()
    }
  })
})
