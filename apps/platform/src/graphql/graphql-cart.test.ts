import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../db/db.ts'
import { seedDemoCommerce } from '../seed/demo-commerce.ts'
import { DEMO_SITE_ID } from '../seed/demo-store.ts'
import { createGraphQLCaller } from '../testing/graphql-client.ts'
import { databaseKinds, openTestDatabase } from '../testing/test-database.ts'
import { createTestPlatform } from '../testing/test-platform.ts'
import { createAlphaSchema } from './schema.ts'
import { selectAll, withoutNulls } from './testing/select-all.ts'

const schema = createAlphaSchema()

const ADD = `mutation ($lineItems: [LineItemInput!]) {
  addToCurrentCart(lineItems: $lineItems) { id lineItems { id quantity product { slug } } }
}`

describe.each(databaseKinds())('the current cart over GraphQL on %s', (kind) => {
  let db: Db
  let platform: ReturnType<typeof createTestPlatform>
  let graphql: ReturnType<typeof createGraphQLCaller>
  let tee: { id: string; variantId: string }
  let notebook: string
  beforeAll(async () => {
    db = await openTestDatabase(kind)
    platform = createTestPlatform(db)
    graphql = createGraphQLCaller(platform)
    // The demo's shipping, tax and coupons (WELCOME10).
    await seedDemoCommerce(db, DEMO_SITE_ID, new Date('2026-01-01T00:00:00Z'))
    const [teeRow] = await db.query<{ id: string; variant_id: string }>(
      `select p.id, v.id as variant_id from products p join product_variants v on v.product_id = p.id
        where p.slug = 'classic-tee' and v.in_stock order by v.position limit 1`,
    )
    tee = { id: teeRow!.id, variantId: teeRow!.variant_id }
    const [notebookRow] = await db.query<{ id: string }>(
      'select p.id from products p where p.manage_variants = false and p.in_stock order by p.slug limit 1',
    )
    notebook = notebookRow!.id
  })
  afterAll(() => db.close())

  /** A new visitor, from the token endpoint. */
  async function visitor() {
    return (await platform.visitorTokens()).access_token
  }

  const teeLine = (quantity: number) => ({
    catalogReference: { catalogItemId: tee.id, appId: 'stores', options: { variantId: tee.variantId } },
    quantity,
  })

  it('adds to a new visitor’s cart, reads it back, and records cart.created as REST does', async () => {
    const token = await visitor()
    const added = await graphql(
      ADD,
      { lineItems: [teeLine(2), { catalogReference: { catalogItemId: notebook } }] },
      { token },
    )
    expect(added.json.errors).toBeUndefined()
    const cart = added.json.data.addToCurrentCart
    expect(cart.lineItems.map((line: { quantity: number }) => line.quantity)).toEqual([2, 1])
    expect(cart.lineItems[0].product.slug).toBe('classic-tee')

    const read = await graphql(`{ currentCart ${selectAll(schema, 'Cart')} }`, {}, { token })
    const same = await platform.call('GET', '/ecom/v1/carts/current', { token })
    expect(read.json.data.currentCart.id).toBe(cart.id)
    expect(withoutNulls(read.json.data.currentCart)).toEqual(withoutNulls(same.json.cart))

    const events = await db.query<{ type: string }>(
      'select type from events where entity_id = $1 order by created_date',
      [cart.id],
    )
    expect(events.map((event) => event.type)).toEqual(['cart.created'])
  })

  it('keeps each visitor to their own cart', async () => {
    const owner = await visitor()
    await graphql(ADD, { lineItems: [teeLine(1)] }, { token: owner })
    const other = await graphql('{ currentCart { id } }', {}, { token: await visitor() })
    expect(other.json.data.currentCart).toBeNull()
    expect(other.json.errors[0]).toMatchObject({
      path: ['currentCart'],
      extensions: { code: 'OWNED_CART_NOT_FOUND', status: 404 },
    })
  })

  it('changes quantities, removes lines, applies and removes a coupon, and deletes the cart', async () => {
    const token = await visitor()
    const added = await graphql(
      ADD,
      { lineItems: [teeLine(1), { catalogReference: { catalogItemId: notebook } }] },
      { token },
    )
    const [teeId, notebookId] = added.json.data.addToCurrentCart.lineItems.map(
      (line: { id: string }) => line.id,
    )

    const quantities = await graphql(
      'mutation ($lineItems: [LineItemQuantityInput!]!) { updateCurrentCartLineItemQuantity(lineItems: $lineItems) { lineItems { id quantity } } }',
      { lineItems: [{ id: teeId, quantity: 5 }] },
      { token },
    )
    expect(quantities.json.data.updateCurrentCartLineItemQuantity.lineItems).toEqual([
      { id: teeId, quantity: 5 },
      { id: notebookId, quantity: 1 },
    ])

    const removed = await graphql(
      `mutation { removeLineItemsFromCurrentCart(lineItemIds: ["${notebookId}"]) { lineItems { id } } }`,
      {},
      { token },
    )
    expect(removed.json.data.removeLineItemsFromCurrentCart.lineItems).toEqual([{ id: teeId }])

    const coupon = await graphql(
      'mutation { updateCurrentCart(couponCode: "WELCOME10", cartInfo: { buyerNote: "gift" }) { couponCode cartInfo appliedDiscounts { coupon { code } } } }',
      {},
      { token },
    )
    expect(coupon.json.data.updateCurrentCart).toEqual({
      couponCode: 'WELCOME10',
      cartInfo: { buyerNote: 'gift' },
      appliedDiscounts: [{ coupon: { code: 'WELCOME10' } }],
    })
    const withoutCoupon = await graphql(
      'mutation { removeCouponFromCurrentCart { couponCode } }',
      {},
      { token },
    )
    expect(withoutCoupon.json.data.removeCouponFromCurrentCart).toEqual({ couponCode: null })

    const deleted = await graphql('mutation { deleteCurrentCart }', {}, { token })
    expect(deleted.json.data).toEqual({ deleteCurrentCart: true })
    const gone = await graphql('{ currentCart { id } }', {}, { token })
    expect(gone.json.errors[0].extensions.code).toBe('OWNED_CART_NOT_FOUND')
  })

  it('runs the mutations of one document in order', async () => {
    const token = await visitor()
    const answer = await graphql(
      `mutation ($a: [LineItemInput!], $b: [LineItemInput!]) {
         first: addToCurrentCart(lineItems: $a) { lineItems { quantity } }
         second: addToCurrentCart(lineItems: $b) { lineItems { quantity } }
       }`,
      { a: [teeLine(1)], b: [teeLine(2)] },
      { token },
    )
    expect(answer.json.data.first.lineItems).toEqual([{ quantity: 1 }])
    expect(answer.json.data.second.lineItems).toEqual([{ quantity: 3 }])
  })

  it('estimates totals with every field as POST .../estimate-totals does, and changes nothing', async () => {
    const token = await visitor()
    await graphql(ADD, { lineItems: [teeLine(2)] }, { token })
    await graphql('mutation { updateCurrentCart(couponCode: "WELCOME10") { id } }', {}, { token })
    const before = await db.query('select updated_date from carts order by updated_date desc limit 1')
    const choices = {
      shippingAddress: { country: 'US', subdivision: 'US-NY', city: 'New York', postalCode: '10001' },
    }
    const answer = await graphql(
      `query ($shippingAddress: AddressInput) { estimateCurrentCartTotals(shippingAddress: $shippingAddress) ${selectAll(schema, 'TotalsEstimate')} }`,
      choices,
      { token },
    )
    expect(answer.json.errors).toBeUndefined()
    const same = await platform.call('POST', '/ecom/v1/carts/current/estimate-totals', {
      token,
      body: choices,
    })
    expect(withoutNulls(answer.json.data.estimateCurrentCartTotals)).toEqual(withoutNulls(same.json))
    expect(answer.json.data.estimateCurrentCartTotals.appliedDiscounts[0].coupon.code).toBe('WELCOME10')
    expect(await db.query('select updated_date from carts order by updated_date desc limit 1')).toEqual(
      before,
    )
  })

  // Issue 14: the mutation calls the REST route, whose cart domain refuses a shopper's custom lines.
  it('refuses custom line items from a visitor with CUSTOM_LINE_ITEMS_FORBIDDEN, writing nothing', async () => {
    const token = await visitor()
    const counts = () =>
      db.query(
        'select (select count(*)::int from carts) as carts, (select count(*)::int from events) as events',
      )
    const before = await counts()
    const refused = await graphql(
      `mutation ($custom: [CustomLineItemInput!]) { addToCurrentCart(customLineItems: $custom) { id } }`,
      {
        custom: [
          {
            productName: { original: 'Summit Pouch' },
            price: '0.01',
            quantity: 50,
            physicalProperties: { sku: 'SKU-0042' },
          },
        ],
      },
      { token },
    )
    expect(refused.json.data).toEqual({ addToCurrentCart: null })
    expect(refused.json.errors[0].extensions).toMatchObject({
      code: 'CUSTOM_LINE_ITEMS_FORBIDDEN',
      status: 403,
    })
    expect(refused.json.errors[0].message).toContain('added by the merchant')
    expect(await counts()).toEqual(before)
  })

  it('refuses merchant discounts from a visitor as REST does, and stores and answers the contact', async () => {
    const token = await visitor()
    await graphql(ADD, { lineItems: [teeLine(1)] }, { token })
    const refused = await graphql(
      `mutation ($discounts: [MerchantDiscountInput!]) {
        updateCurrentCart(merchantDiscounts: $discounts) { id merchantDiscounts { id } }
      }`,
      { discounts: [{ percentage: 50 }] },
      { token },
    )
    expect(refused.json.data).toEqual({ updateCurrentCart: null })
    expect(refused.json.errors[0].extensions).toMatchObject({
      code: 'MERCHANT_DISCOUNTS_FORBIDDEN',
      status: 403,
    })
    const contactInfo = {
      address: { country: 'US', city: 'Brooklyn', geocode: { latitude: 40.69, longitude: -73.99 } },
      contactDetails: { firstName: 'Ada' },
    }
    const set = await graphql(
      `mutation ($cartInfo: CartInfoInput) {
        updateCurrentCart(cartInfo: $cartInfo) {
          contactInfo { address { country city geocode { latitude longitude } } contactDetails { firstName } }
          merchantDiscounts { id }
          appliedDiscounts { discountType merchantDiscount { id } }
        }
      }`,
      { cartInfo: { contactInfo } },
      { token },
    )
    expect(set.json.errors).toBeUndefined()
    expect(set.json.data.updateCurrentCart).toEqual({
      contactInfo,
      merchantDiscounts: [],
      appliedDiscounts: [],
    })
  })

  it('answers a bad change with the error REST gives, and changes nothing', async () => {
    const token = await visitor()
    await graphql(ADD, { lineItems: [teeLine(1)] }, { token })
    const restBody = { lineItems: [{ ...teeLine(1), quantity: 0 }] }
    const invalid = await graphql(ADD, restBody, { token })
    const same = await platform.call('POST', '/ecom/v1/carts/current/add-to-cart', { token, body: restBody })
    expect(invalid.json.data).toEqual({ addToCurrentCart: null })
    expect(invalid.json.errors[0]).toEqual({
      message: same.json.message,
      locations: expect.any(Array),
      path: ['addToCurrentCart'],
      extensions: { code: 'INVALID_ARGUMENT', status: 400, details: same.json.details },
    })
    expect(same.json.details.validationError.fieldViolations[0].field).toBe('lineItems[0].quantity')

    const unknownLine = await graphql(
      'mutation { removeLineItemsFromCurrentCart(lineItemIds: ["00000000-0000-4000-8000-000000000000"]) { id } }',
      {},
      { token },
    )
    expect(unknownLine.json.errors[0].extensions).toMatchObject({ code: 'LINE_ITEM_NOT_FOUND', status: 404 })
    const unknownCoupon = await graphql(
      'mutation { updateCurrentCart(couponCode: "NOPE") { id } }',
      {},
      { token },
    )
    expect(unknownCoupon.json.errors[0].extensions.code).toBe(
      (await platform.call('PATCH', '/ecom/v1/carts/current', { token, body: { couponCode: 'NOPE' } })).json
        .details.applicationError.code,
    )
    const cart = await graphql('{ currentCart { lineItems { quantity } couponCode } }', {}, { token })
    expect(cart.json.data.currentCart).toEqual({ lineItems: [{ quantity: 1 }], couponCode: null })
  })

  it('answers a retry with the same Idempotency-Key from the first answer, adding once', async () => {
    const token = await visitor()
    const body = { query: ADD, variables: { lineItems: [teeLine(1)] } }
    const headers = { 'idempotency-key': 'add-once-1' }
    const first = await platform.call('POST', '/graphql/alpha', { token, body, headers })
    const retry = await platform.call('POST', '/graphql/alpha', { token, body, headers })
    expect(retry.headers.get('idempotent-replayed')).toBe('true')
    expect(retry.json).toEqual(first.json)
    const cart = await graphql('{ currentCart { lineItems { quantity } } }', {}, { token })
    expect(cart.json.data.currentCart.lineItems).toEqual([{ quantity: 1 }])
  })
})
