import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../db/db.ts'
import type { MembershipRow } from '../plans/membership-store.ts'
import { toWireMembership } from '../plans/membership-wire.ts'
import { ABANDONED_PLAN_PURCHASE_MS } from '../plans/plan-purchase-store.ts'
import { savePlan } from '../plans/plan-store.ts'
import { DEMO_SITE_ID } from '../seed/demo-store.ts'
import { createDashboardPlatform, createTestBrowser } from '../testing/dashboard-browser.ts'
import { pathOfLocation, payOnTestProvider } from '../testing/hosted-checkout-flow.ts'
import { MEMBER_PASSWORD, memberTokens, newEmail, register } from '../testing/member-flows.ts'
import { createRedirect, pathOf, redirectUrl, SHOP } from '../testing/redirect-flows.ts'
import { databaseKinds, openTestDatabase } from '../testing/test-database.ts'
import { createTestPlatform } from '../testing/test-platform.ts'

describe.each(databaseKinds())('the hosted plan checkout on %s', (kind) => {
  let db: Db
  let platform: ReturnType<typeof createTestPlatform>
  const plans: Record<'paid' | 'free' | 'once', string> = { paid: '', free: '', once: '' }
  beforeAll(async () => {
    db = await openTestDatabase(kind)
    platform = createTestPlatform(db)
    const [product] = await db.query<{ id: string }>("select id from products where slug = 'meadow-notebook'")
    // The free plan here has no limit (the merchant chose so); `once` is a free plan as the form makes it.
    for (const [key, priceMinor, maxPurchasesPerMember] of [
      ['paid', 2500, null],
      ['free', 0, null],
      ['once', 0, 1],
    ] as const) {
      const plan = await savePlan(db, DEMO_SITE_ID, {
        id: crypto.randomUUID(),
        isNew: true,
        fields: {
          name: `Notebook club ${key}`,
          description: 'A notebook a month',
          priceMinor,
          duration: { unit: 'DAY', count: 30 },
          sessions: 3,
          maxPurchasesPerMember,
          productIds: [product!.id],
          collectionIds: [],
          serviceIds: [],
        },
        now: platform.clock(),
      })
      plans[key] = plan!.id
    }
  })
  afterAll(() => db.close())

  const held = async (memberId: string) =>
    db.query<{ name: string; sessions_left: number; expiration_date: Date }>(
      'select name, sessions_left, expiration_date from memberships where member_id = $1',
      [memberId],
    )

  /** A new member's browser on the plan's checkout page (or `member`'s, in a browser of its own). */
  async function openPlan(planId: string, existing?: Awaited<ReturnType<typeof memberTokens>>) {
    const visitor = (await platform.visitorTokens()).access_token
    const member = existing ?? (await memberTokens(platform, visitor))
    const browser = createTestBrowser(platform.app)
    const landing = await browser.get(
      pathOf(
        await redirectUrl(platform, member.tokens.access_token, {
          paidPlansCheckout: { planId },
          callbacks: { postFlowUrl: `${SHOP}/account` },
        }),
      ),
    )
    expect(landing.status).toBe(303)
    const page = await browser.get(landing.location!)
    expect(page.status).toBe(200)
    return { browser, page, path: landing.location!, memberId: member.memberId, member }
  }

  it('shows the plan and grants it once the card is paid, then goes on to the post-flow URL', async () => {
    const { browser, page, path, memberId } = await openPlan(plans.paid)
    expect(page.text).toContain('<h1>Notebook club paid</h1>')
    expect(page.text).toContain('$25.00')
    expect(page.text).toContain('Meadow Notebook')
    expect(page.text).toContain('3 sessions')
    expect(page.text).toContain('30 days')
    expect(page.text).not.toContain('value="offline"')
    const bought = await browser.submit(`${path}/buy`)
    expect(bought.status).toBe(303)
    expect(bought.location).toContain('/test-provider/pay/')
    expect(await held(memberId)).toEqual([])
    const back = await payOnTestProvider(browser, bought.location!, '4242 4242 4242 4242')
    expect(back.status).toBe(303)
    expect(back.location).toMatch(new RegExp(`^${SHOP}/account\\?membershipId=[0-9a-f-]{36}$`))
    const memberships = await held(memberId)
    expect(memberships).toEqual([
      {
        name: 'Notebook club paid',
        sessions_left: 3,
        expiration_date: new Date(platform.clock().getTime() + 30 * 86_400_000),
      },
    ])
    const [event] = await db.query<{ n: number }>(
      "select count(*)::int as n from events where type = 'membership.purchased' and identity->>'memberId' = $1",
      [memberId],
    )
    expect(event!.n).toBe(1)
    // The return again (a reload) grants nothing more.
    await browser.get(pathOfLocation(bought.location!))
    expect(await held(memberId)).toHaveLength(1)
  })

  const purchasesOf = (memberId: string) =>
    db.query<{ status: string; failure_reason: string | null; membership_id: string | null }>(
      'select status, failure_reason, membership_id from plan_purchases where member_id = $1 order by created_date',
      [memberId],
    )

  it('grants nothing when the card is declined, says so on the plan page and closes the purchase as failed', async () => {
    const { browser, path, memberId } = await openPlan(plans.paid)
    const bought = await browser.submit(`${path}/buy`)
    const back = await payOnTestProvider(browser, bought.location!, '4000 0000 0000 0002')
    const final = back.location ? await browser.get(pathOfLocation(back.location)) : back
    expect(final.text).toContain('Nothing was charged')
    expect(await held(memberId)).toEqual([])
    const [purchase] = await purchasesOf(memberId)
    expect(purchase).toMatchObject({ status: 'FAILED', membership_id: null })
    expect(purchase!.failure_reason).toBeTruthy()
  })

  it('closes a purchase left unpaid for an hour as abandoned when the next purchase starts', async () => {
    const { browser, path, memberId } = await openPlan(plans.paid)
    const left = await browser.submit(`${path}/buy`)
    expect(left.location).toContain('/test-provider/pay/')
    await db.query(
      'update plan_purchases set created_date = created_date - $2::interval where member_id = $1',
      [memberId, `${ABANDONED_PLAN_PURCHASE_MS + 1000} milliseconds`],
    )
    const other = await openPlan(plans.paid)
    await other.browser.submit(`${other.path}/buy`)
    expect(await purchasesOf(memberId)).toEqual([
      { status: 'FAILED', failure_reason: 'Abandoned: not paid within an hour', membership_id: null },
    ])
    expect((await purchasesOf(other.memberId)).map((purchase) => purchase.status)).toEqual(['OPEN'])
  })

  it('renews a held plan bought again: expiry from the current expiry, sessions added, one membership', async () => {
    const { browser, path, memberId } = await openPlan(plans.free)
    await browser.submit(`${path}/buy`)
    await db.query('update memberships set sessions_left = 1 where member_id = $1', [memberId])
    const again = await browser.get(path)
    expect(again.status).toBe(200)
    const renewed = await browser.submit(`${path}/buy`)
    expect(renewed.status).toBe(303)
    const memberships = await held(memberId)
    expect(memberships).toEqual([
      {
        name: 'Notebook club free',
        sessions_left: 4,
        expiration_date: new Date(platform.clock().getTime() + 60 * 86_400_000),
      },
    ])
    const [event] = await db.query<{ n: number }>(
      "select count(*)::int as n from events where type = 'membership.renewed' and identity->>'memberId' = $1",
      [memberId],
    )
    expect(event!.n).toBe(1)
  })

  it('renews a paid plan without a limit bought again with the card: sessions added, one membership', async () => {
    const { browser, path, memberId, member } = await openPlan(plans.paid)
    const first = await browser.submit(`${path}/buy`)
    await payOnTestProvider(browser, first.location!, '4242 4242 4242 4242')
    const again = await openPlan(plans.paid, member)
    expect(again.page.text).toContain('Buy for $25.00')
    const second = await again.browser.submit(`${again.path}/buy`)
    const back = await payOnTestProvider(again.browser, second.location!, '4242 4242 4242 4242')
    expect(back.location).toMatch(new RegExp(`^${SHOP}/account\\?membershipId=`))
    expect(await held(memberId)).toEqual([
      {
        name: 'Notebook club paid',
        sessions_left: 6,
        expiration_date: new Date(platform.clock().getTime() + 60 * 86_400_000),
      },
    ])
  })

  it('refuses a once-per-member plan bought a second time on every entry point, changing nothing', async () => {
    const { browser, path, memberId, member } = await openPlan(plans.once)
    expect(browser.formOf(`${path}/buy`).csrf).toBeDefined()
    const bought = await browser.submit(`${path}/buy`)
    expect(bought.status).toBe(303)
    const before = await held(memberId)
    expect(before).toEqual([
      {
        name: 'Notebook club once',
        sessions_left: 3,
        expiration_date: new Date(platform.clock().getTime() + 30 * 86_400_000),
      },
    ])
    // Creating the redirect session is refused with the wire's error body.
    const session = await createRedirect(platform, member.tokens.access_token, {
      paidPlansCheckout: { planId: plans.once },
    })
    expect(session.status, session.text).toBe(409)
    expect(session.json.details.applicationError).toMatchObject({
      code: 'PLAN_PURCHASE_LIMIT_REACHED',
      data: { planId: plans.once, maxPurchasesPerMember: 1 },
    })
    expect(session.json.message).toBe('You already have Notebook club once: it can be bought once per member')
    // The page still open says so instead of offering the button, and its press is refused.
    const page = await browser.get(path)
    expect(page.status).toBe(409)
    expect(page.text).toContain('it can be bought once per member')
    expect(page.text).not.toContain('Get this plan')
    expect(() => browser.formOf(`${path}/buy`)).toThrow()
    // A press of the page as it was (kept open in another tab) is refused too, with the page's token.
    const pressed = await browser.post(`${path}/buy`, { paymentKey: crypto.randomUUID() })
    expect(pressed.status).toBe(409)
    expect(pressed.text).toContain('it can be bought once per member')
    expect(await held(memberId)).toEqual(before)
    expect((await purchasesOf(memberId)).map((purchase) => purchase.status)).toEqual(['COMPLETED'])
  })

  it('grants a once-per-member plan once when two purchases of it race', async () => {
    const first = await openPlan(plans.once)
    const second = await openPlan(plans.once, first.member)
    const forms = [first, second].map(({ browser, path }) => ({
      browser,
      path,
      form: browser.formOf(`${path}/buy`),
    }))
    const presses = await Promise.all(
      forms.map(({ browser, path, form }) => browser.post(`${path}/buy`, form)),
    )
    expect(presses.map((press) => press.status).sort()).toEqual([303, 409])
    expect(await held(first.memberId)).toHaveLength(1)
    expect((await held(first.memberId))[0]!.sessions_left).toBe(3)
    const statuses = (await purchasesOf(first.memberId)).map((purchase) => purchase.status)
    expect(statuses.filter((status) => status === 'COMPLETED')).toHaveLength(1)
  })

  it('lets the merchant refund a paid plan once from the dashboard, and ends its membership', async () => {
    const { browser, path, memberId } = await openPlan(plans.paid)
    const bought = await browser.submit(`${path}/buy`)
    await payOnTestProvider(browser, bought.location!, '4242 4242 4242 4242')
    const [membership] = await db.query<{ id: string }>('select id from memberships where member_id = $1', [
      memberId,
    ])
    const [purchase] = await db.query<{ id: string }>(
      "select id from plan_purchases where member_id = $1 and status = 'COMPLETED'",
      [memberId],
    )
    const dashboard = await createDashboardPlatform(db)
    const owner = createTestBrowser(dashboard.app)
    await owner.signIn()
    const page = await owner.get(`/dashboard/plans/${plans.paid}`)
    expect(page.text).toContain('Refund and end membership')
    const action = `/dashboard/plans/${plans.paid}/purchases/${purchase!.id}/refund`
    const form = owner.formOf(action)
    const first = await owner.post(action, form)
    expect(first.status, first.text).toBe(303)
    // The same press again (a double click, a retry) gives nothing more back.
    const second = await owner.post(action, form)
    expect(second.status).toBe(303)
    const refunds = await db.query<{ amount_minor: string; status: string }>(
      `select r.amount_minor, r.status from payment_refunds r join payments p on p.id = r.payment_id
        where p.plan_purchase_id = $1`,
      [purchase!.id],
    )
    expect(refunds.map((refund) => [Number(refund.amount_minor), refund.status])).toEqual([
      [2500, 'SUCCEEDED'],
    ])
    // Another press with a new key finds nothing left to give back.
    const third = await owner.post(action, { ...form, idempotencyKey: crypto.randomUUID() })
    expect(third.status).toBe(409)
    const [ended] = await db.query<{ ended_date: Date | null }>(
      'select ended_date from memberships where id = $1',
      [membership!.id],
    )
    expect(ended!.ended_date).not.toBeNull()
    const [status] = await db.query<{ status: string }>('select status from plan_purchases where id = $1', [
      purchase!.id,
    ])
    expect(status!.status).toBe('REFUNDED')
    const [row] = await db.query<MembershipRow>('select * from memberships where id = $1', [membership!.id])
    expect(toWireMembership(row!, platform.clock()).status).toBe('ENDED')
  })

  it('grants a free plan at once, without a payment', async () => {
    const { browser, page, path, memberId } = await openPlan(plans.free)
    expect(page.text).toContain('Get this plan')
    // The press ends on the shop's page: without its origin in form-action the browser stops the redirect.
    expect(page.headers.get('content-security-policy')).toContain(
      `form-action 'self' ${new URL(SHOP).origin}`,
    )
    const bought = await browser.submit(`${path}/buy`)
    expect(bought.status).toBe(303)
    expect(bought.location).toMatch(new RegExp(`^${SHOP}/account\\?membershipId=`))
    expect(await held(memberId)).toHaveLength(1)
  })

  it('shows a visitor the plan, signs them in on the hosted login and brings them back to buy it', async () => {
    const visitor = (await platform.visitorTokens()).access_token
    const email = newEmail('plan-buyer')
    // A member who signed up before, on another visit.
    expect((await register(platform, (await platform.visitorTokens()).access_token, email)).status).toBe(200)
    const browser = createTestBrowser(platform.app)
    const landing = await browser.get(
      pathOf(
        await redirectUrl(platform, visitor, {
          paidPlansCheckout: { planId: plans.free },
          callbacks: { postFlowUrl: `${SHOP}/account` },
        }),
      ),
    )
    expect(landing.status).toBe(303)
    const path = landing.location!
    const page = await browser.get(path)
    expect(page.status).toBe(200)
    expect(page.text).toContain('<h1>Notebook club free</h1>')
    expect(page.text).toContain('3 sessions')
    expect(page.text).toContain('Sign in to buy')
    expect(page.text).toContain('Create an account')
    expect(page.text).not.toContain('Get this plan')

    // Pressed anyway (a forged or stale form), buying needs a member: nothing is granted.
    const early = await browser.post(`${path}/buy`)
    expect(early.status).toBe(403)
    expect(early.text).toContain('Sign in or create an account to buy this plan.')
    expect(
      await db.query(
        "select 1 from plan_purchases where status = 'COMPLETED' and member_id in (select id from members where login_email = $1)",
        [email],
      ),
    ).toEqual([])

    // Sign up leads to the hosted sign-up form; sign in to the hosted login, which comes back here.
    const signUp = await browser.post(`${path}/sign-in`, { form: 'signup' })
    expect(signUp.status).toBe(303)
    expect(signUp.location).toMatch(/^\/_auth\/signup\?session=/)
    const signIn = await browser.post(`${path}/sign-in`, { form: 'login' })
    expect(signIn.status).toBe(303)
    expect(signIn.location).toMatch(/^\/_auth\/login\?session=/)
    expect((await browser.get(signIn.location!)).status).toBe(200)
    const signedIn = await browser.post(signIn.location!, { email, password: MEMBER_PASSWORD })
    expect(signedIn.status).toBe(303)
    expect(pathOf(signedIn.location!)).toBe(path)

    const back = await browser.get(path)
    expect(back.status).toBe(200)
    expect(back.text).toContain('Get this plan')
    expect(back.text).not.toContain('Sign in to buy')
    const bought = await browser.submit(`${path}/buy`)
    expect(bought.status).toBe(303)
    expect(bought.location).toMatch(new RegExp(`^${SHOP}/account\\?membershipId=`))
    const [member] = await db.query<{ id: string }>('select id from members where login_email = $1', [email])
    expect(await held(member!.id)).toHaveLength(1)
  })

  it('refuses a post without the page’s token', async () => {
    const { browser: member, path, memberId } = await openPlan(plans.free)
    const forged = await member.post(`${path}/buy`, { csrf: 'forged' })
    expect(forged.status).toBe(403)
    expect(await held(memberId)).toEqual([])
  })
})
