import { currentCart, members, memberships, orders } from '@aisle/sdk'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../db/db.ts'
import { DEMO_PLAN_IDS } from '../seed/demo-commerce.ts'
import { DEMO_SITE_ID } from '../seed/demo-store.ts'
import { createSdkShopper, signedInSdkMember } from '../testing/sdk-shoppers.ts'
import { databaseKinds } from '../testing/test-database.ts'
import { type createTestPlatform, openDemoCommerce } from '../testing/test-platform.ts'
import { membershipGrantOf } from './grant-membership.ts'
import { insertMembership } from './membership-store.ts'
import { findPlan } from './plan-store.ts'

// The real SDK's membership read and estimate choice against the real app.
describe.each(databaseKinds())('the SDK’s memberships against the platform on %s', (kind) => {
  let db: Db
  let platform: ReturnType<typeof createTestPlatform>
  let notebookId: string
  beforeAll(async () => {
    ;({ db, platform, notebookId } = await openDemoCommerce(kind))
  })
  afterAll(() => db.close())

  async function memberHoldingTheTrial() {
    const modules = { currentCart, members, memberships, orders }
    const { client } = await signedInSdkMember(platform, modules, { emailPrefix: 'sdk-plans' })
    const me = await client.members.getMyMember()
    const plan = await findPlan(db, DEMO_SITE_ID, DEMO_PLAN_IDS.notebookTrial)
    const grant = membershipGrantOf(plan!, { memberId: me._id!, currency: 'USD', now: platform.clock() })
    await insertMembership(db, grant)
    return { client, membershipId: grant.id }
  }

  it('lists the member’s plans with sessions left and expiry, and none for a visitor', async () => {
    const { client, membershipId } = await memberHoldingTheTrial()
    const { memberships: held } = await client.memberships.listMyMemberships()
    expect(held).toEqual([
      {
        _id: membershipId,
        planId: DEMO_PLAN_IDS.notebookTrial,
        name: 'Notebook trial',
        productIds: [notebookId],
        collectionIds: [],
        sessionsTotal: 1,
        sessionsLeft: 1,
        startDate: platform.clock().toISOString(),
        expirationDate: new Date(platform.clock().getTime() + 7 * 86_400_000).toISOString(),
        status: 'ACTIVE',
      },
    ])
    const visitor = createSdkShopper(platform, { memberships }).client
    expect(await visitor.memberships.listMyMemberships()).toEqual({ memberships: [] })
  })

  it('estimates the covered line at zero with the chosen plan, and in full with none chosen', async () => {
    const { client, membershipId } = await memberHoldingTheTrial()
    const { cart } = await client.currentCart.addToCurrentCart({
      lineItems: [{ catalogReference: { catalogItemId: notebookId, appId: 'stores' }, quantity: 1 }],
    })
    const lineId = cart!.lineItems![0]!._id!
    const chosen = await client.currentCart.estimateCurrentCartTotals({
      selectedMemberships: {
        memberships: [{ _id: membershipId, appId: 'aisle-plans', lineItemIds: [lineId] }],
      },
    })
    expect(chosen.membershipOptions?.eligibleMemberships).toEqual([
      { _id: membershipId, appId: 'aisle-plans', name: 'Notebook trial', lineItemIds: [lineId] },
    ])
    expect(chosen.calculatedLineItems?.[0]?.paymentOption).toBe('MEMBERSHIP')
    expect(Number(chosen.priceSummary?.subtotal?.amount)).toBe(0)
    const none = await client.currentCart.estimateCurrentCartTotals({
      selectedMemberships: { memberships: [] },
    })
    expect(none.calculatedLineItems?.[0]?.paymentOption).toBe('FULL_PAYMENT_ONLINE')
    expect(Number(none.priceSummary?.subtotal?.amount)).toBeGreaterThan(0)
  })

  it('lists the shop’s plans on sale to a visitor, shaped like Wix’s public plans', async () => {
    const { client: visitor } = createSdkShopper(platform, { memberships })
    const { plans } = await visitor.memberships.listPublicPlans()
    const trial = plans.find((plan) => plan._id === DEMO_PLAN_IDS.notebookTrial)
    expect(trial).toEqual({
      _id: DEMO_PLAN_IDS.notebookTrial,
      name: 'Notebook trial',
      description: expect.any(String),
      pricing: {
        price: { value: '0.00', currency: 'USD' },
        singlePaymentForDuration: { count: 7, unit: 'DAY' },
      },
      sessions: 1,
      productIds: [notebookId],
      collectionIds: [],
    })
    await db.query('update plans set archived = true where id = $1', [DEMO_PLAN_IDS.stationeryClub])
    const after = await visitor.memberships.listPublicPlans()
    expect(after.plans.map((plan) => plan._id)).not.toContain(DEMO_PLAN_IDS.stationeryClub)
    await db.query('update plans set archived = false where id = $1', [DEMO_PLAN_IDS.stationeryClub])
  })

  it('carries the estimate’s plan choice into the checkout, and refuses one the member does not hold', async () => {
    const { client, membershipId } = await memberHoldingTheTrial()
    const { cart } = await client.currentCart.addToCurrentCart({
      lineItems: [{ catalogReference: { catalogItemId: notebookId, appId: 'stores' }, quantity: 1 }],
    })
    const lineId = cart!.lineItems![0]!._id!
    const refused = await client.currentCart
      .createCheckoutFromCurrentCart({
        channelType: 'WEB',
        selectedMemberships: {
          memberships: [{ _id: crypto.randomUUID(), appId: 'aisle-plans', lineItemIds: [lineId] }],
        },
      })
      .catch((error: unknown) => error)
    expect(refused).toMatchObject({ details: { applicationError: { code: 'MEMBERSHIP_NOT_APPLICABLE' } } })
    const { checkoutId } = await client.currentCart.createCheckoutFromCurrentCart({
      channelType: 'WEB',
      selectedMemberships: {
        memberships: [{ _id: membershipId, appId: 'aisle-plans', lineItemIds: [lineId] }],
      },
    })
    const [stored] = await db.query<{ selected_memberships: unknown }>(
      'select selected_memberships from checkouts where id = $1',
      [checkoutId],
    )
    expect(stored!.selected_memberships).toEqual([
      { id: membershipId, appId: 'aisle-plans', lineItemIds: [lineId] },
    ])
  })
})
