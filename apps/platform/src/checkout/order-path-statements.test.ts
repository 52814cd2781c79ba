import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../db/db.ts'
import { DEMO_SITE_ID } from '../seed/demo-store.ts'
import { createCountingDb } from '../testing/counting-db.ts'
import { databaseKinds, openTestDatabase } from '../testing/test-database.ts'
import { createTestPlatform } from '../testing/test-platform.ts'

// The SQL statements of the order path's REST steps before the hosted checkout (decision 089), as the
// funnel benchmark counts them (BEGIN and COMMIT not counted): a visitor token, two adds, an estimate
// and a checkout. The cart's changes are pinned in cart-statement-budget.test.ts, the hosted checkout's
// steps in hosted/payment-statements.test.ts and placing the order in place-order.test.ts.
describe.each(databaseKinds())('SQL statements of the order path on %s', (kind) => {
  let db: Db
  let counting: ReturnType<typeof createCountingDb>
  let platform: ReturnType<typeof createTestPlatform>
  let products: string[]
  const address = {
    country: 'US',
    subdivision: 'US-NY',
    city: 'Brooklyn',
    postalCode: '11201',
    addressLine: '5 Main St',
  }
  beforeAll(async () => {
    db = await openTestDatabase(kind)
    counting = createCountingDb(db)
    platform = createTestPlatform(counting.db)
    products = (
      await db.query<{ id: string }>(
        'select id from products where site_id = $1 and not manage_variants and visible and in_stock order by slug limit 2',
        [DEMO_SITE_ID],
      )
    ).map((row) => row.id)
  })
  afterAll(() => db.close())

  async function counted<T>(fn: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
    let result: T | undefined
    const statements = await counting.measure(async () => {
      result = await fn()
    })
    return { result: result as T, statements }
  }

  it('issues a visitor token in 1 statement, and nothing for an unknown client', async () => {
    const visitors = async () =>
      (await db.query<{ n: number }>('select count(*)::int as n from visitors'))[0]!.n
    const before = await visitors()
    const issued = await counted(() => platform.visitorTokens())
    expect(issued.result.access_token).toEqual(expect.any(String))
    expect(issued.statements, issued.statements.join('\n\n')).toHaveLength(1)
    expect(await visitors()).toBe(before + 1)
    // The tokens work: the cart's read checks the new access token.
    const cart = await platform.call('GET', '/ecom/v1/carts/current', { token: issued.result.access_token })
    expect(cart.status).toBe(404)

    const refused = await platform.call('POST', '/oauth2/token', {
      body: { clientId: 'no-such-client', grantType: 'anonymous' },
    })
    expect(refused.status).toBe(401)
    expect(refused.json.error).toBe('invalid_client')
    expect(await visitors()).toBe(before + 1)
  })

  it('adds twice, estimates in 1 statement and creates the checkout in 2', async () => {
    const { access_token: token } = await platform.visitorTokens()
    const call = (path: string, body: unknown) =>
      counted(() => platform.call('POST', `/ecom/v1/carts/current${path}`, { token, body }))
    const add = (catalogItemId: string) => ({
      lineItems: [{ catalogReference: { catalogItemId }, quantity: 1 }],
    })
    // The first add creates the cart (its products read once by this process, then kept).
    const first = await call('/add-to-cart', add(products[0]!))
    expect(first.result.status).toBe(200)
    expect(first.statements.length, first.statements.join('\n\n')).toBeLessThanOrEqual(3)
    const second = await call('/add-to-cart', add(products[1]!))
    expect(second.result.status).toBe(200)
    expect(second.statements.length, second.statements.join('\n\n')).toBeLessThanOrEqual(3)

    // The token's check, the cart, its lines, the catalogue version and the site's setup in one
    // statement; the products are the ones the adds kept.
    const estimate = await call('/estimate-totals', { shippingAddress: address, billingAddress: address })
    expect(estimate.result.status, JSON.stringify(estimate.result.json)).toBe(200)
    expect(estimate.result.json.cart.lineItems).toHaveLength(2)
    expect(estimate.statements, estimate.statements.join('\n\n')).toHaveLength(1)

    // The same read, then the checkout's insert: no transaction around them.
    const checkout = await call('/create-checkout', {
      channelType: 'WEB',
      email: 'shopper@example.com',
      shippingAddress: address,
      billingAddress: address,
    })
    expect(checkout.result.status, JSON.stringify(checkout.result.json)).toBe(200)
    expect(checkout.statements, checkout.statements.join('\n\n')).toHaveLength(2)
    const [stored] = await db.query<{ totals: any; lines: unknown[] }>(
      'select totals, lines from checkouts where id = $1',
      [checkout.result.json.checkoutId],
    )
    expect(stored?.lines).toHaveLength(2)
    expect(stored?.totals.priceSummary.total).toEqual(estimate.result.json.priceSummary.total)
  })

  it('refuses an estimate and a checkout with a bad token with the 401 of every route, writing nothing', async () => {
    const checkouts = async () =>
      (await db.query<{ n: number }>('select count(*)::int as n from checkouts'))[0]!.n
    const before = await checkouts()
    for (const path of ['/estimate-totals', '/create-checkout']) {
      const answer = await platform.call('POST', `/ecom/v1/carts/current${path}`, {
        token: 'not-a-token',
        body: { channelType: 'WEB' },
      })
      expect(answer.status).toBe(401)
    }
    expect(await checkouts()).toBe(before)
  })
})
