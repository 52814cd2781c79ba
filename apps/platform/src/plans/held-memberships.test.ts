import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { saveCheckoutChoices } from '../checkout/checkout-store.ts'
import { PlaceOrderRefused, placeOrder } from '../checkout/place-order.ts'
import { claimOrderNeeds } from '../checkout/place-order-store.ts'
import type { Db } from '../db/db.ts'
import { seedDemoCommerce } from '../seed/demo-commerce.ts'
import { DEMO_SITE_ID } from '../seed/demo-store.ts'
import { createCountingDb } from '../testing/counting-db.ts'
import { memberTokens } from '../testing/member-flows.ts'
import { BROOKLYN_ADDRESS } from '../testing/shopper-address.ts'
import { databaseKinds, openTestDatabase } from '../testing/test-database.ts'
import { createTestPlatform } from '../testing/test-platform.ts'
import { membershipGrantOf } from './grant-membership.ts'
import { insertMembership } from './membership-store.ts'
import { type PlanRow, savePlan } from './plan-store.ts'

describe.each(databaseKinds())('memberships in the estimate and the order on %s', (kind) => {
  let db: Db
  let platform: ReturnType<typeof createTestPlatform>
  let notebook: string
  let other: string
  let plan: PlanRow
  beforeAll(async () => {
    db = await openTestDatabase(kind)
    platform = createTestPlatform(db)
    await seedDemoCommerce(db, DEMO_SITE_ID, new Date('2026-01-01T00:00:00Z'))
    const products = await db.query<{ id: string; slug: string }>(
      `select id, slug from products where site_id = $1 and visible and product_type = 'physical' and not track_inventory and not manage_variants
        order by slug limit 2`,
      [DEMO_SITE_ID],
    )
    notebook = products[0]!.id
    other = products[1]!.id
    const saved = await savePlan(db, DEMO_SITE_ID, {
      id: crypto.randomUUID(),
      isNew: true,
      fields: {
        name: 'Reader club',
        description: '',
        priceMinor: 2500,
        duration: { unit: 'MONTH', count: 1 },
        sessions: 2,
        productIds: [notebook, crypto.randomUUID()],
        collectionIds: [],
      },
      now: platform.clock(),
    })
    plan = saved!
  })
  afterAll(() => db.close())

  /** A new member holding the plan (with `sessions` left), whose cart holds the covered and another product. */
  async function memberWithCart(options: { sessions?: number; expired?: boolean } = {}) {
    const visitor = await platform.visitorTokens()
    const member = await memberTokens(platform, visitor.access_token)
    const token = member.tokens.access_token
    const grant = membershipGrantOf(plan, {
      memberId: member.memberId,
      currency: 'USD',
      now: platform.clock(),
    })
    await insertMembership(db, {
      ...grant,
      sessions: options.sessions ?? grant.sessions,
      ...(options.expired ? { expirationDate: new Date(platform.clock().getTime() - 1000) } : {}),
    })
    const added = await platform.call('POST', '/ecom/v1/carts/current/add-to-cart', {
      token,
      body: {
        lineItems: [
          { catalogReference: { catalogItemId: notebook }, quantity: 2 },
          { catalogReference: { catalogItemId: other }, quantity: 1 },
        ],
      },
    })
    expect(added.status, added.text).toBe(200)
    const lines = added.json.cart.lineItems as { id: string; catalogReference: { catalogItemId: string } }[]
    const covered = lines.find((line) => line.catalogReference.catalogItemId === notebook)!.id
    return { token, memberId: member.memberId, membershipId: grant.id, covered }
  }

  const estimate = (token: string, body: unknown = {}) =>
    platform.call('POST', '/ecom/v1/carts/current/estimate-totals', { token, body })

  it('offers the held plan for the line it covers and pays it at zero as a MEMBERSHIP line', async () => {
    const { token, membershipId, covered } = await memberWithCart()
    const answer = await estimate(token)
    expect(answer.status, answer.text).toBe(200)
    expect(answer.json.membershipOptions.eligibleMemberships).toEqual([
      { id: membershipId, appId: 'aisle-plans', name: 'Reader club', lineItemIds: [covered] },
    ])
    const line = answer.json.calculatedLineItems.find((item: any) => item.lineItemId === covered)
    expect(line.paymentOption).toBe('MEMBERSHIP')
    expect(Number(line.pricesBreakdown.price.amount)).toBe(0)
  })

  it('charges the covered line in full when the buyer selects no membership', async () => {
    const { token, covered } = await memberWithCart()
    const answer = await estimate(token, { selectedMemberships: { memberships: [] } })
    expect(answer.status, answer.text).toBe(200)
    const line = answer.json.calculatedLineItems.find((item: any) => item.lineItemId === covered)
    expect(line.paymentOption).toBe('FULL_PAYMENT_ONLINE')
    expect(Number(line.pricesBreakdown.price.amount)).toBeGreaterThan(0)
  })

  it('lists an expired plan as invalid with its expiration date and charges the line', async () => {
    const { token, membershipId } = await memberWithCart({ expired: true })
    const answer = await estimate(token)
    expect(answer.json.membershipOptions.eligibleMemberships).toEqual([])
    expect(answer.json.membershipOptions.invalidMemberships).toEqual([
      {
        membership: {
          id: membershipId,
          appId: 'aisle-plans',
          name: 'Reader club',
          expirationDate: new Date(platform.clock().getTime() - 1000).toISOString(),
        },
        reason: 'EXPIRED',
      },
    ])
  })

  /** The member's checkout with addresses, and the total the buyer saw. */
  async function readyCheckout(token: string) {
    const created = await platform.call('POST', '/ecom/v1/carts/current/create-checkout', {
      token,
      body: { channelType: 'WEB' },
    })
    expect(created.status, created.text).toBe(200)
    const checkoutId = created.json.checkoutId as string
    await saveCheckoutChoices(
      db,
      checkoutId,
      {
        email: 'member@example.com',
        shippingAddress: BROOKLYN_ADDRESS,
        billingAddress: BROOKLYN_ADDRESS,
        selectedShippingOption: { code: 'standard' },
      },
      platform.clock(),
    )
    const payment = { status: 'PAID', provider: 'test-card', transactionId: 'tp_test' } as const
    const first = await placeOrder(db, { checkoutId, payment, now: platform.clock(), expectedTotalMinor: -1 })
    if (first.kind !== 'price-changed') throw new Error('expected the total to be confirmed first')
    return { checkoutId, payment, now: platform.clock(), expectedTotalMinor: first.totalMinor }
  }
  const sessionsLeft = async (membershipId: string) =>
    (
      await db.query<{ left: number }>('select sessions_left as left from memberships where id = $1', [
        membershipId,
      ])
    )[0]!.left

  it('places the order with the covered line at zero, records the membership and uses one session', async () => {
    const { token, membershipId, covered } = await memberWithCart()
    const input = await readyCheckout(token)
    const counting = createCountingDb(db)
    let placed: Awaited<ReturnType<typeof placeOrder>> | undefined
    const statements = await counting.measure(async () => {
      placed = await placeOrder(counting.db, input)
    })
    if (placed?.kind !== 'placed') throw new Error('expected the order to be placed')
    // The member's memberships are read with the cart's pricing; their sessions are used in the claim.
    expect(statements.length, statements.join('\n\n')).toBeLessThanOrEqual(8)
    expect(await sessionsLeft(membershipId)).toBe(1)
    const order = await platform.call('GET', `/ecom/v1/orders/${placed.orderId}`, { token })
    expect(order.status, order.text).toBe(200)
    const lines = order.json.order.lineItems as any[]
    const paid = lines.find((line) => line.catalogItemId === notebook)
    expect(paid).toMatchObject({
      paymentOption: 'MEMBERSHIP',
      membership: { id: membershipId, name: 'Reader club' },
      totalPrice: { amount: '0.00' },
    })
    const charged = lines.find((line) => line.catalogItemId === other)
    expect(charged.paymentOption).toBe('FULL_PAYMENT_ONLINE')
    expect(charged.membership).toBeUndefined()
    expect(covered).toBeDefined()
  })

  it('refuses the order with MEMBERSHIP_NOT_USABLE when the plan ran out since the total was shown', async () => {
    const { token, membershipId } = await memberWithCart()
    const input = await readyCheckout(token)
    await db.query('update memberships set sessions_left = 0 where id = $1', [membershipId])
    const refusal = await placeOrder(db, input).catch((error: unknown) => error)
    expect(refusal).toBeInstanceOf(PlaceOrderRefused)
    expect((refusal as PlaceOrderRefused).code).toBe('MEMBERSHIP_NOT_USABLE')
    expect((refusal as PlaceOrderRefused).message).toContain('"Reader club" has no sessions left')
    const [checkout] = await db.query<{ status: string }>('select status from checkouts where id = $1', [
      input.checkoutId,
    ])
    expect(checkout!.status).toBe('OPEN')
    expect(await sessionsLeft(membershipId)).toBe(0)
  })

  it('uses sessions in the claim only while the membership has them, is the member’s and has not expired', async () => {
    const { memberId, membershipId } = await memberWithCart({ sessions: 1 })
    const claim = (uses: number, member = memberId, now = platform.clock()) =>
      db.transaction((tx) =>
        claimOrderNeeds(tx, {
          takes: [],
          couponId: undefined,
          memberships: { memberId: member, uses: [{ membershipId, sessions: uses }] },
          now,
        }),
      )
    expect([...(await claim(2)).membershipsUsed]).toEqual([])
    expect([...(await claim(1, crypto.randomUUID())).membershipsUsed]).toEqual([])
    expect([...(await claim(1, memberId, new Date('2100-01-01'))).membershipsUsed]).toEqual([])
    expect([...(await claim(1)).membershipsUsed]).toEqual([membershipId])
    expect([...(await claim(1)).membershipsUsed]).toEqual([])
    expect(await sessionsLeft(membershipId)).toBe(0)
  })

  it('uses each session once when two orders of the same membership race', async () => {
    const { memberId, membershipId } = await memberWithCart({ sessions: 1 })
    const claim = () =>
      db.transaction((tx) =>
        claimOrderNeeds(tx, {
          takes: [],
          couponId: undefined,
          memberships: { memberId, uses: [{ membershipId, sessions: 1 }] },
          now: platform.clock(),
        }),
      )
    const results = await Promise.all([claim(), claim(), claim()])
    expect(results.filter((result) => result.membershipsUsed.has(membershipId))).toHaveLength(1)
    expect(await sessionsLeft(membershipId)).toBe(0)
  })
})
