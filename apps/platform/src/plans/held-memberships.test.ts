import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { saveCheckoutChoices } from '../checkout/checkout-store.ts'
import { PlaceOrderRefused, placeOrder } from '../checkout/place-order.ts'
import { claimOrderNeeds } from '../checkout/place-order-store.ts'
import type { Db } from '../db/db.ts'
import { DEMO_PLAN_IDS, seedDemoCommerce } from '../seed/demo-commerce.ts'
import { DEMO_SITE_ID } from '../seed/demo-store.ts'
import { createCountingDb } from '../testing/counting-db.ts'
import { createTestBrowser } from '../testing/dashboard-browser.ts'
import { BROOKLYN_FIELDS } from '../testing/hosted-checkout-flow.ts'
import { memberTokens } from '../testing/member-flows.ts'
import { BROOKLYN_ADDRESS } from '../testing/shopper-address.ts'
import { databaseKinds, openTestDatabase } from '../testing/test-database.ts'
import { createTestPlatform, TEST_PUBLIC_URL } from '../testing/test-platform.ts'
import { membershipGrantOf } from './grant-membership.ts'
import { insertMembership } from './membership-store.ts'
import { findPlan, type PlanRow, savePlan } from './plan-store.ts'

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
        maxPurchasesPerMember: null,
        productIds: [notebook, crypto.randomUUID()],
        collectionIds: [],
        serviceIds: [],
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

  const choose = (membershipId: string, lineItemIds: string[]) => ({
    memberships: [{ id: membershipId, appId: 'aisle-plans', lineItemIds }],
  })

  it('offers the held plan for the line it covers and pays it at zero as a MEMBERSHIP line when chosen', async () => {
    const { token, membershipId, covered } = await memberWithCart()
    const answer = await estimate(token, { selectedMemberships: choose(membershipId, [covered]) })
    expect(answer.status, answer.text).toBe(200)
    expect(answer.json.membershipOptions.eligibleMemberships).toEqual([
      { id: membershipId, appId: 'aisle-plans', name: 'Reader club', lineItemIds: [covered] },
    ])
    expect(answer.json.membershipOptions.selectedMemberships).toEqual([
      { id: membershipId, appId: 'aisle-plans', lineItemIds: [covered] },
    ])
    const line = answer.json.calculatedLineItems.find((item: any) => item.lineItemId === covered)
    expect(line.paymentOption).toBe('MEMBERSHIP')
    expect(Number(line.pricesBreakdown.price.amount)).toBe(0)
  })

  it('offers the held plan but charges the line in full when the buyer has not chosen it', async () => {
    const { token, membershipId, covered } = await memberWithCart()
    const answer = await estimate(token)
    expect(answer.json.membershipOptions.eligibleMemberships).toHaveLength(1)
    expect(answer.json.membershipOptions.selectedMemberships).toEqual([])
    const line = answer.json.calculatedLineItems.find((item: any) => item.lineItemId === covered)
    expect(line.paymentOption).toBe('FULL_PAYMENT_ONLINE')
    expect(Number(line.pricesBreakdown.price.amount)).toBeGreaterThan(0)
    expect(membershipId).toBeDefined()
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

  /** The member's checkout with addresses (and `body`'s choices), and the total the buyer saw. */
  async function readyCheckout(token: string, body: Record<string, unknown> = {}) {
    const created = await platform.call('POST', '/ecom/v1/carts/current/create-checkout', {
      token,
      body: { channelType: 'WEB', ...body },
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
    const first = await placeOrder(db, {
      publicUrl: TEST_PUBLIC_URL,
      checkoutId,
      payment,
      now: platform.clock(),
      expectedTotalMinor: -1,
    })
    if (first.kind !== 'price-changed') throw new Error('expected the total to be confirmed first')
    return {
      checkoutId,
      payment,
      now: platform.clock(),
      publicUrl: TEST_PUBLIC_URL,
      expectedTotalMinor: first.totalMinor,
    }
  }
  const sessionsLeft = async (membershipId: string) =>
    (
      await db.query<{ left: number }>('select sessions_left as left from memberships where id = $1', [
        membershipId,
      ])
    )[0]!.left

  it('places the order with the chosen line at zero, records the membership and uses a session per unit', async () => {
    const { token, membershipId, covered } = await memberWithCart()
    const input = await readyCheckout(token, { selectedMemberships: choose(membershipId, [covered]) })
    const counting = createCountingDb(db)
    let placed: Awaited<ReturnType<typeof placeOrder>> | undefined
    const statements = await counting.measure(async () => {
      placed = await placeOrder(counting.db, input)
    })
    if (placed?.kind !== 'placed') throw new Error('expected the order to be placed')
    // The member's memberships are read with the cart's pricing; their sessions are used in the claim.
    expect(statements.length, statements.join('\n\n')).toBeLessThanOrEqual(8)
    // The line holds 2 of the product: one session each.
    expect(await sessionsLeft(membershipId)).toBe(0)
    const order = await platform.call('GET', `/ecom/v1/orders/${placed.orderId}`, { token })
    expect(order.status, order.text).toBe(200)
    const lines = order.json.order.lineItems as any[]
    const paid = lines.find((line) => line.catalogItemId === notebook)
    expect(paid).toMatchObject({
      paymentOption: 'MEMBERSHIP',
      membership: { id: membershipId, name: 'Reader club', quantity: 2 },
      totalPrice: { amount: '0.00' },
    })
    const charged = lines.find((line) => line.catalogItemId === other)
    expect(charged.paymentOption).toBe('FULL_PAYMENT_ONLINE')
    expect(charged.membership).toBeUndefined()
    expect(covered).toBeDefined()
  })

  it('refuses the order with MEMBERSHIP_NOT_USABLE when the plan ran out since the total was shown', async () => {
    const { token, membershipId, covered } = await memberWithCart()
    const input = await readyCheckout(token, { selectedMemberships: choose(membershipId, [covered]) })
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

  /** The order of a placed checkout as its buyer reads it, and its line of the covered product. */
  async function coveredLineOf(token: string, placed: Awaited<ReturnType<typeof placeOrder>>) {
    if (placed.kind !== 'placed') throw new Error('expected the order to be placed')
    const order = await platform.call('GET', `/ecom/v1/orders/${placed.orderId}`, { token })
    expect(order.status, order.text).toBe(200)
    return (order.json.order.lineItems as any[]).find((line) => line.catalogItemId === notebook)
  }

  it('keeps the buyer’s “no plan” from the estimate: the checkout charges the covered line and uses no session', async () => {
    const { token, membershipId } = await memberWithCart()
    const input = await readyCheckout(token, { selectedMemberships: { memberships: [] } })
    const [stored] = await db.query<{ selected_memberships: unknown }>(
      'select selected_memberships from checkouts where id = $1',
      [input.checkoutId],
    )
    expect(stored!.selected_memberships).toEqual([])
    const line = await coveredLineOf(token, await placeOrder(db, input))
    expect(line.paymentOption).toBe('FULL_PAYMENT_ONLINE')
    expect(Number(line.totalPrice.amount)).toBeGreaterThan(0)
    expect(await sessionsLeft(membershipId)).toBe(2)
  })

  it('applies no plan at checkout when the buyer made no choice', async () => {
    const { token, membershipId } = await memberWithCart()
    const input = await readyCheckout(token)
    const line = await coveredLineOf(token, await placeOrder(db, input))
    expect(line.paymentOption).toBe('FULL_PAYMENT_ONLINE')
    expect(await sessionsLeft(membershipId)).toBe(2)
  })

  it('refuses a checkout whose chosen membership is not the buyer’s, does not cover the line or lacks sessions, and stores none', async () => {
    const { token, membershipId, covered } = await memberWithCart({ sessions: 1 })
    const someoneElses = await memberWithCart()
    const lines = (await platform.call('GET', '/ecom/v1/carts/current', { token })).json.cart.lineItems.map(
      (line: { id: string }) => line.id,
    ) as string[]
    const uncovered = lines.find((id) => id !== covered)!
    const attempts = [
      [choose(someoneElses.membershipId, [covered]), 'NOT_HELD'],
      [{ memberships: [{ id: membershipId, appId: 'stores', lineItemIds: [covered] }] }, 'NOT_HELD'],
      [choose(membershipId, [uncovered]), 'NOT_COVERED'],
      [choose(membershipId, [crypto.randomUUID()]), 'NOT_COVERED'],
    ] as const
    const before = await db.query('select count(*)::int as n from checkouts')
    for (const [selectedMemberships, reason] of attempts) {
      const answer = await platform.call('POST', '/ecom/v1/carts/current/create-checkout', {
        token,
        body: { channelType: 'WEB', selectedMemberships },
      })
      expect(answer.status, answer.text).toBe(400)
      expect(answer.json.details.applicationError).toMatchObject({
        code: 'MEMBERSHIP_NOT_APPLICABLE',
        data: { reason },
      })
    }
    await db.query('update memberships set sessions_left = 0 where id = $1', [membershipId])
    const usedUp = await platform.call('POST', '/ecom/v1/carts/current/create-checkout', {
      token,
      body: { channelType: 'WEB', selectedMemberships: choose(membershipId, [covered]) },
    })
    expect(usedUp.status, usedUp.text).toBe(400)
    expect(usedUp.json.message).toContain('"Reader club" has no sessions left')
    expect(await db.query('select count(*)::int as n from checkouts')).toEqual(before)
  })

  it('refuses to place an order whose stored choice names a membership the buyer does not hold, and changes nothing', async () => {
    const { token, membershipId, covered } = await memberWithCart()
    const stranger = await memberWithCart()
    const input = await readyCheckout(token, { selectedMemberships: choose(membershipId, [covered]) })
    // A choice that slipped past the checkout's own checks (written straight to the row here).
    await db.query('update checkouts set selected_memberships = $2 where id = $1', [
      input.checkoutId,
      JSON.stringify(choose(stranger.membershipId, [covered]).memberships),
    ])
    const refusal = await placeOrder(db, input).catch((error: unknown) => error)
    expect(refusal).toBeInstanceOf(PlaceOrderRefused)
    expect((refusal as PlaceOrderRefused).code).toBe('MEMBERSHIP_NOT_USABLE')
    const [checkout] = await db.query<{ status: string }>('select status from checkouts where id = $1', [
      input.checkoutId,
    ])
    expect(checkout!.status).toBe('OPEN')
    expect(await sessionsLeft(membershipId)).toBe(2)
    expect(await sessionsLeft(stranger.membershipId)).toBe(2)
  })

  it('lets the buyer change the plan choice on the hosted checkout page, and refuses a plan that does not cover the line', async () => {
    const { token, membershipId, covered } = await memberWithCart()
    const created = await platform.call('POST', '/ecom/v1/carts/current/create-checkout', {
      token,
      body: { channelType: 'WEB', selectedMemberships: choose(membershipId, [covered]) },
    })
    const checkoutId = created.json.checkoutId as string
    const browser = createTestBrowser(platform.app)
    const page = await browser.get(`/_checkout/${checkoutId}`)
    expect(page.status).toBe(200)
    // The line holds 2 of the product: the plan's 2 sessions pay for both.
    expect(page.text).toContain('Use my plan Reader club (2 sessions left)')
    expect(page.text).toContain('Pay normally')
    const form = browser.formOf(`/_checkout/${checkoutId}/place-order`)
    expect(form[`plan.${covered}`]).toEqual([membershipId])
    const stored = async () =>
      (
        await db.query<{ selected_memberships: unknown }>(
          'select selected_memberships from checkouts where id = $1',
          [checkoutId],
        )
      )[0]!.selected_memberships
    // Without script, "Update totals" saves the choice: pay normally.
    const payNormally = await browser.post(`/_checkout/${checkoutId}`, {
      ...form,
      ...BROOKLYN_FIELDS,
      email: 'member@example.com',
      [`plan.${covered}`]: '',
    })
    expect(payNormally.status, payNormally.text).toBe(303)
    expect(await stored()).toEqual([])
    const again = await browser.get(`/_checkout/${checkoutId}`)
    expect(browser.formOf(`/_checkout/${checkoutId}/place-order`)[`plan.${covered}`]).toEqual([''])
    expect(again.text).toContain('Pay normally')
    // A plan named for a line it does not cover is refused and changes nothing.
    const lines = (await platform.call('GET', '/ecom/v1/carts/current', { token })).json.cart.lineItems
    const uncovered = lines.find((line: { id: string }) => line.id !== covered).id as string
    const refused = await browser.post(`/_checkout/${checkoutId}/place-order`, {
      ...browser.formOf(`/_checkout/${checkoutId}/place-order`),
      ...BROOKLYN_FIELDS,
      email: 'member@example.com',
      [`plan.${uncovered}`]: membershipId,
    })
    expect(refused.status).toBe(400)
    expect(refused.text).toContain('does not cover an item it was chosen for')
    expect(await stored()).toEqual([])
    expect(await sessionsLeft(membershipId)).toBe(2)
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

  it('uses each session once when eight orders race for the last session, or for units of a line', async () => {
    const { memberId, membershipId } = await memberWithCart({ sessions: 1 })
    const claim = (id: string, sessions: number, member = memberId) =>
      db.transaction((tx) =>
        claimOrderNeeds(tx, {
          takes: [],
          couponId: undefined,
          memberships: { memberId: member, uses: [{ membershipId: id, sessions }] },
          now: platform.clock(),
        }),
      )
    const results = await Promise.all(Array.from({ length: 8 }, () => claim(membershipId, 1)))
    expect(results.filter((result) => result.membershipsUsed.has(membershipId))).toHaveLength(1)
    expect(await sessionsLeft(membershipId)).toBe(0)
    // Three sessions left, eight orders of a line of 2 units: one order gets its 2, the others none.
    const three = await memberWithCart({ sessions: 3 })
    const lines = await Promise.all(
      Array.from({ length: 8 }, () => claim(three.membershipId, 2, three.memberId)),
    )
    expect(lines.filter((result) => result.membershipsUsed.has(three.membershipId))).toHaveLength(1)
    expect(await sessionsLeft(three.membershipId)).toBe(1)
  })

  /** A new member's cart of `quantity` of the notebook, and the checkout of it ready to place. */
  async function notebooksCheckout(held: PlanRow, quantity: number, options: { sessions?: number } = {}) {
    const visitor = await platform.visitorTokens()
    const member = await memberTokens(platform, visitor.access_token)
    const token = member.tokens.access_token
    const grant = membershipGrantOf(held, {
      memberId: member.memberId,
      currency: 'USD',
      now: platform.clock(),
    })
    await insertMembership(db, { ...grant, sessions: options.sessions ?? grant.sessions })
    const added = await platform.call('POST', '/ecom/v1/carts/current/add-to-cart', {
      token,
      body: { lineItems: [{ catalogReference: { catalogItemId: held.product_ids[0] }, quantity }] },
    })
    expect(added.status, added.text).toBe(200)
    const line = added.json.cart.lineItems[0].id as string
    const input = await readyCheckout(token, { selectedMemberships: choose(grant.id, [line]) })
    return { token, membershipId: grant.id, line, input }
  }

  it('pays one unit per session: 50 notebooks with the free 1-session Notebook trial charge 49 at their price', async () => {
    const trial = (await findPlan(db, DEMO_SITE_ID, DEMO_PLAN_IDS.notebookTrial))!
    const [meadow] = await db.query<{ price: string }>(
      'select discounted_price_minor::text as price from products where id = $1',
      [trial.product_ids[0]],
    )
    expect(Number(meadow!.price)).toBe(2800)
    const { token, membershipId, line, input } = await notebooksCheckout(trial, 50)
    const estimate = await platform.call('POST', '/ecom/v1/carts/current/estimate-totals', {
      token,
      body: { selectedMemberships: choose(membershipId, [line]) },
    })
    const priced = estimate.json.calculatedLineItems[0]
    expect(priced).toMatchObject({
      quantity: 50,
      paymentOption: 'FULL_PAYMENT_ONLINE',
      paidByMembershipId: membershipId,
      membershipQuantity: 1,
      pricesBreakdown: { fullPrice: { amount: '1400.00' }, price: { amount: '1372.00' } },
    })
    expect(estimate.json.membershipOptions.selectedMemberships).toEqual([
      { id: membershipId, appId: 'aisle-plans', lineItemIds: [line] },
    ])
    expect(await sessionsLeft(membershipId)).toBe(1)
    const placed = await placeOrder(db, input)
    if (placed.kind !== 'placed') throw new Error('expected the order to be placed')
    expect(await sessionsLeft(membershipId)).toBe(0)
    const order = (await platform.call('GET', `/ecom/v1/orders/${placed.orderId}`, { token })).json.order
    expect(order.priceSummary.subtotal.amount).toBe('1372.00')
    expect(order.lineItems).toEqual([
      expect.objectContaining({
        quantity: 50,
        price: expect.objectContaining({ amount: '28.00' }),
        totalPrice: expect.objectContaining({ amount: '1372.00' }),
        paymentOption: 'FULL_PAYMENT_ONLINE',
        membership: { id: membershipId, name: 'Notebook trial', quantity: 1 },
      }),
    ])
  })

  it('takes as many sessions as units: a plan with 5 sessions pays a line of 3 in full and keeps 2', async () => {
    const five = { ...plan, sessions: 5 }
    const { token, membershipId, input } = await notebooksCheckout(five, 3)
    const placed = await placeOrder(db, input)
    expect(await sessionsLeft(membershipId)).toBe(2)
    const line = await coveredLineOf(token, placed)
    expect(line).toMatchObject({
      quantity: 3,
      paymentOption: 'MEMBERSHIP',
      totalPrice: { amount: '0.00' },
      membership: { id: membershipId, quantity: 3 },
    })
  })

  it('pays every unit with an unlimited plan, and keeps it unlimited', async () => {
    const unlimited = { ...plan, sessions: null }
    const { token, membershipId, input } = await notebooksCheckout(unlimited, 7)
    const line = await coveredLineOf(token, await placeOrder(db, input))
    expect(line).toMatchObject({ quantity: 7, paymentOption: 'MEMBERSHIP', totalPrice: { amount: '0.00' } })
    expect(await sessionsLeft(membershipId)).toBeNull()
  })
})
