import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../db/db.ts'
import { DEMO_SITE_ID } from '../seed/demo-store.ts'
import { memberTokens } from '../testing/member-flows.ts'
import { databaseKinds, openTestDatabase } from '../testing/test-database.ts'
import { createTestPlatform } from '../testing/test-platform.ts'

describe.each(databaseKinds())('editing the current cart on %s', (kind) => {
  let db: Db
  let platform: ReturnType<typeof createTestPlatform>
  let mug: string
  let tote: string
  beforeAll(async () => {
    db = await openTestDatabase(kind)
    platform = createTestPlatform(db)
    const rows = await db.query<{ id: string; slug: string }>(
      "select id, slug from products where slug in ('meadow-notebook', 'meadow-tote')",
    )
    mug = rows.find((r) => r.slug === 'meadow-notebook')!.id
    tote = rows.find((r) => r.slug === 'meadow-tote')!.id
    await db.query(
      `insert into coupons (id, site_id, code, name, kind, value, expires_at, usage_limit, uses) values
       ('44444444-4444-4444-8444-444444444444', $1, 'SAVE10', 'Ten off', 'PERCENTAGE', 1000, null, null, 0),
       ('55555555-5555-4555-8555-555555555555', $1, 'OLD', 'Gone', 'PERCENTAGE', 1000, '2020-01-01', null, 0),
       ('66666666-6666-4666-8666-666666666666', $1, 'USEDUP', 'Used', 'FIXED_AMOUNT', 500, null, 1, 1)`,
      [DEMO_SITE_ID],
    )
  })
  afterAll(() => db.close())

  async function visitor() {
    const { access_token: token } = await platform.visitorTokens()
    const call = (method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
      platform.call(method, `/ecom/v1/carts/current${path}`, { token, body, headers })
    return { token, call }
  }
  /** Rows a refused change must leave as they are. */
  const counts = async () =>
    (
      await db.query<{ carts: number; lines: number; events: number }>(
        `select (select count(*)::int from carts) as carts, (select count(*)::int from cart_line_items) as lines,
                (select count(*)::int from events) as events`,
      )
    )[0]
  const events = (cartId: string) =>
    db
      .query<{ type: string }>('select type from events where entity_id = $1 order by sequence', [cartId])
      .then((rows) => rows.map((r) => r.type))

  // Issue 14: a visitor set the price of what they bought with a custom line (decision 019).
  it('refuses custom line items from a visitor with 403 and writes nothing: no cart, no event', async () => {
    const { call } = await visitor()
    const before = await counts()
    const refused = await call('POST', '/add-to-cart', {
      customLineItems: [
        {
          productName: { original: 'Summit Pouch' },
          price: '0.01',
          quantity: 50,
          physicalProperties: { sku: 'SKU-0042' },
        },
      ],
    })
    expect(refused.status).toBe(403)
    expect(refused.json.details.applicationError).toMatchObject({
      code: 'CUSTOM_LINE_ITEMS_FORBIDDEN',
      data: { customLineItems: 1 },
    })
    expect(refused.json.message).toContain('added by the merchant')
    expect(refused.json.message).toContain('API key')
    expect(refused.json.message).toContain('POST /ecom/v1/carts/{id}/add-to-cart')
    expect(await counts()).toEqual(before)
    expect((await call('GET', '')).json.details.applicationError.code).toBe('OWNED_CART_NOT_FOUND')
  })

  it('refuses a shopper’s add that holds custom lines beside catalogue ones whole, leaving the cart as it was', async () => {
    const { call } = await visitor()
    const cart = (
      await call('POST', '/add-to-cart', { lineItems: [{ catalogReference: { catalogItemId: mug } }] })
    ).json.cart
    const version = async () =>
      (await db.query<{ v: string }>('select xmin::text as v from carts where id = $1', [cart.id]))[0]!.v
    const before = { counts: await counts(), version: await version() }
    const refused = await call('POST', '/add-to-cart', {
      lineItems: [{ catalogReference: { catalogItemId: mug }, quantity: 2 }],
      customLineItems: [{ productName: { original: 'Gift wrap' }, price: '0.00' }],
    })
    expect(refused.status).toBe(403)
    expect(refused.json.details.applicationError.code).toBe('CUSTOM_LINE_ITEMS_FORBIDDEN')
    expect({ counts: await counts(), version: await version() }).toEqual(before)
    expect((await call('GET', '')).json.cart.lineItems.map((l: { quantity: number }) => l.quantity)).toEqual([
      1,
    ])
  })

  it('refuses custom line items from a member too', async () => {
    const { token } = await visitor()
    const member = (await memberTokens(platform, token)).tokens.access_token
    const before = await counts()
    const refused = await platform.call('POST', '/ecom/v1/carts/current/add-to-cart', {
      token: member,
      body: { customLineItems: [{ productName: { original: 'Engraving' }, price: '1.00' }] },
    })
    expect(refused.status).toBe(403)
    expect(refused.json.details.applicationError.code).toBe('CUSTOM_LINE_ITEMS_FORBIDDEN')
    expect(await counts()).toEqual(before)
  })

  it('changes quantities, removes lines, and answers unknown lines with LINE_ITEM_NOT_FOUND', async () => {
    const { call } = await visitor()
    const added = (
      await call('POST', '/add-to-cart', {
        lineItems: [
          { catalogReference: { catalogItemId: mug }, quantity: 1 },
          { catalogReference: { catalogItemId: tote }, quantity: 1 },
        ],
      })
    ).json.cart
    const [first, second] = added.lineItems
    const updated = await call('POST', '/update-line-items-quantity', {
      lineItems: [
        { id: first.id, quantity: 5 },
        { id: second.id, quantity: 0 },
      ],
    })
    expect(
      updated.json.cart.lineItems.map((l: { id: string; quantity: number }) => [l.id, l.quantity]),
    ).toEqual([[first.id, 5]])
    const unknown = await call('POST', '/remove-line-items', {
      lineItemIds: ['00000000-0000-4000-8000-000000000000'],
    })
    expect(unknown.status).toBe(404)
    expect(unknown.json.details.applicationError.code).toBe('LINE_ITEM_NOT_FOUND')
    const removed = await call('POST', '/remove-line-items', { lineItemIds: [first.id] })
    expect(removed.json.cart.lineItems).toEqual([])
  })

  it('applies a valid coupon, refuses unknown, expired and used-up ones, and removes it', async () => {
    const { call } = await visitor()
    await call('POST', '/add-to-cart', { lineItems: [{ catalogReference: { catalogItemId: mug } }] })
    const applied = await call('PATCH', '', { couponCode: 'save10', cartInfo: { buyerNote: 'Gift, please' } })
    expect(applied.json.cart).toMatchObject({ couponCode: 'SAVE10', cartInfo: { buyerNote: 'Gift, please' } })
    for (const [code, expected] of [
      ['NOPE', 'COUPON_NOT_FOUND'],
      ['OLD', 'COUPON_NOT_APPLICABLE'],
      ['USEDUP', 'COUPON_NOT_APPLICABLE'],
    ] as const) {
      const refused = await call('PATCH', '', { couponCode: code })
      expect(refused.json.details.applicationError.code, code).toBe(expected)
    }
    expect((await call('GET', '')).json.cart.couponCode).toBe('SAVE10')
    const removed = await call('POST', '/remove-coupon')
    expect(removed.json.cart.couponCode).toBeUndefined()
    expect(removed.json.cart.cartInfo).toEqual({ buyerNote: 'Gift, please' })
  })

  // Decision 044: the merchant sets discounts, with an API key, on the cart by its id.
  it('refuses merchant discounts from a visitor and a member with 403, and changes nothing', async () => {
    const { call } = await visitor()
    const before = await counts()
    const first = await call('PATCH', '', { merchantDiscounts: [{ percentage: 100 }] })
    expect(first.status).toBe(403)
    expect(first.json.details.applicationError.code).toBe('MERCHANT_DISCOUNTS_FORBIDDEN')
    expect(await counts()).toEqual(before)

    const added = await call('POST', '/add-to-cart', {
      lineItems: [{ catalogReference: { catalogItemId: mug } }],
    })
    const lineId = added.json.cart.lineItems[0].id as string
    const cartId = added.json.cart.id as string
    for (const merchantDiscounts of [[{ amount: '1.00', lineItemIds: [lineId] }], []]) {
      const refused = await call('PATCH', '', { merchantDiscounts, cartInfo: { buyerNote: 'cheaper?' } })
      expect(refused.status).toBe(403)
      expect(refused.json.details.applicationError.code).toBe('MERCHANT_DISCOUNTS_FORBIDDEN')
    }
    const cart = (await call('GET', '')).json.cart
    expect(cart).toMatchObject({ merchantDiscounts: [], cartInfo: {} })
    expect(await events(cartId)).toEqual(['cart.created'])

    const stranger = await visitor()
    const member = (await memberTokens(platform, stranger.token)).tokens.access_token
    const asMember = await platform.call('PATCH', '/ecom/v1/carts/current', {
      token: member,
      body: { merchantDiscounts: [{ percentage: 10 }] },
    })
    expect(asMember.status).toBe(403)
    expect(asMember.json.details.applicationError.code).toBe('MERCHANT_DISCOUNTS_FORBIDDEN')
  })

  it('stores the contact address with its geocode, answers it, and keeps it apart from the cart info', async () => {
    const { call } = await visitor()
    const contactInfo = {
      address: {
        country: 'US',
        subdivision: 'US-NY',
        city: 'Brooklyn',
        postalCode: '11201',
        addressLine: '1 Main St',
        geocode: { latitude: 40.7033, longitude: -73.9881 },
      },
      contactDetails: { firstName: 'Ada', lastName: 'Lovelace', phone: '+1 555 0100' },
    }
    const set = await call('PATCH', '', { cartInfo: { buyerNote: 'Ring twice', contactInfo } })
    expect(set.status).toBe(200)
    expect(set.json.cart).toMatchObject({ contactInfo, cartInfo: { buyerNote: 'Ring twice' } })
    expect(set.json.cart.cartInfo).not.toHaveProperty('contactInfo')
    // The contact alone leaves the note; the note alone leaves the contact.
    const moved = { address: { ...contactInfo.address, city: 'New York', postalCode: '10001' } }
    expect((await call('PATCH', '', { cartInfo: { contactInfo: moved } })).json.cart).toMatchObject({
      contactInfo: moved,
      cartInfo: { buyerNote: 'Ring twice' },
    })
    expect((await call('PATCH', '', { cartInfo: { buyerNote: 'Leave it' } })).json.cart.contactInfo).toEqual(
      moved,
    )
    expect((await call('GET', '')).json.cart.contactInfo).toEqual(moved)
    const removed = await call('PATCH', '', { cartInfo: { contactInfo: null } })
    expect(removed.json.cart.contactInfo).toBeUndefined()
    expect((await call('GET', '')).json.cart).not.toHaveProperty('contactInfo')
  })

  it('refuses a contact geocode off the globe with the field named, and changes nothing', async () => {
    const { call } = await visitor()
    const before = await counts()
    const refused = await call('PATCH', '', {
      cartInfo: { contactInfo: { address: { geocode: { latitude: 91, longitude: 'Infinity' } } } },
    })
    expect(refused.status).toBe(400)
    expect(
      refused.json.details.validationError.fieldViolations.map((v: { field: string }) => v.field),
    ).toEqual([
      'cartInfo.contactInfo.address.geocode.latitude',
      'cartInfo.contactInfo.address.geocode.longitude',
    ])
    expect(await counts()).toEqual(before)
  })

  it('deletes the cart, and records created, updated and deleted events with the visitor', async () => {
    const { call } = await visitor()
    const cart = (
      await call('POST', '/add-to-cart', { lineItems: [{ catalogReference: { catalogItemId: mug } }] })
    ).json.cart
    await call('POST', '/update-line-items-quantity', {
      lineItems: [{ id: cart.lineItems[0].id, quantity: 2 }],
    })
    expect((await call('DELETE', '')).json).toEqual({})
    expect((await call('GET', '')).status).toBe(404)
    expect((await call('DELETE', '')).status).toBe(404)
    expect(await events(cart.id)).toEqual(['cart.created', 'cart.updated', 'cart.deleted'])
    const [created] = await db.query<{ identity: Record<string, string>; payload: Record<string, unknown> }>(
      "select identity, payload from events where entity_id = $1 and type = 'cart.created'",
      [cart.id],
    )
    expect(created!.identity).toEqual({
      identityType: 'ANONYMOUS_VISITOR',
      anonymousVisitorId: cart.buyerInfo.visitorId,
    })
    expect(created!.payload.id).toBe(cart.id)
  })

  it('ends 50 concurrent adds of the same item with the exact sum', async () => {
    const { call } = await visitor()
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        call('POST', '/add-to-cart', {
          lineItems: [{ catalogReference: { catalogItemId: tote }, quantity: 1 }],
        }),
      ),
    )
    expect(answers.every((a) => a.status === 200)).toBe(true)
    const cart = (await call('GET', '')).json.cart
    expect(cart.lineItems).toHaveLength(1)
    expect(cart.lineItems[0].quantity).toBe(50)
  })

  describe('Idempotency-Key', () => {
    it('answers a retried write once, and refuses the key for another request', async () => {
      const { call } = await visitor()
      const body = { lineItems: [{ catalogReference: { catalogItemId: tote }, quantity: 3 }] }
      const first = await call('POST', '/add-to-cart', body, { 'idempotency-key': 'add-tote-1' })
      const retry = await call('POST', '/add-to-cart', body, { 'idempotency-key': 'add-tote-1' })
      expect(retry.status).toBe(200)
      expect(retry.headers.get('idempotent-replayed')).toBe('true')
      expect(retry.json).toEqual(first.json)
      expect((await call('GET', '')).json.cart.lineItems[0].quantity).toBe(3)
      const other = await call(
        'POST',
        '/add-to-cart',
        { ...body, lineItems: [{ ...body.lineItems[0], quantity: 4 }] },
        { 'idempotency-key': 'add-tote-1' },
      )
      expect(other.status).toBe(422)
      expect(other.json.details.applicationError.code).toBe('IDEMPOTENCY_KEY_REUSED')
    })

    it('keeps keys per caller, replays refusals, and checks the key’s form', async () => {
      const alice = await visitor()
      const bob = await visitor()
      const body = { lineItems: [{ catalogReference: { catalogItemId: tote }, quantity: 1 }] }
      await alice.call('POST', '/add-to-cart', body, { 'idempotency-key': 'shared' })
      const bobs = await bob.call('POST', '/add-to-cart', body, { 'idempotency-key': 'shared' })
      expect(bobs.headers.get('idempotent-replayed')).toBeNull()
      const refusal = { lineItemIds: ['00000000-0000-4000-8000-000000000000'] }
      const refused = await alice.call('POST', '/remove-line-items', refusal, {
        'idempotency-key': 'remove-1',
      })
      const again = await alice.call('POST', '/remove-line-items', refusal, { 'idempotency-key': 'remove-1' })
      expect([refused.status, again.status]).toEqual([404, 404])
      expect(again.headers.get('idempotent-replayed')).toBe('true')
      const bad = await alice.call('POST', '/add-to-cart', body, { 'idempotency-key': 'has space' })
      expect(bad.status).toBe(400)
    })
  })
})
