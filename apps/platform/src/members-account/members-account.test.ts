import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createBookingCheckout } from '../booking-checkout/create-booking-checkout.ts'
import { placeOrder } from '../checkout/place-order.ts'
import type { Db } from '../db/db.ts'
import { createEventCheckout } from '../event-checkout/create-event-checkout.ts'
import { formatMoney } from '../money/money.ts'
import { membershipGrantOf } from '../plans/grant-membership.ts'
import { insertMembership } from '../plans/membership-store.ts'
import { findPlan, savePlan } from '../plans/plan-store.ts'
import { DEMO_CONSULTATION_ID, DEMO_FITTING_ID } from '../seed/demo-bookings.ts'
import { DEMO_PLAN_IDS, seedDemoCommerce } from '../seed/demo-commerce.ts'
import { DEMO_DIGITAL_SLUG, seedDemoDigitalProduct } from '../seed/demo-digital.ts'
import {
  DEMO_CARE_CLASS_FREE_ID,
  DEMO_CARE_CLASS_ID,
  DEMO_TRUNK_SHOW_GENERAL_ID,
  DEMO_TRUNK_SHOW_ID,
  DEMO_TRUNK_SHOW_VIP_ID,
} from '../seed/demo-events.ts'
import { DEMO_SITE_ID } from '../seed/demo-store.ts'
import { getSite } from '../sites/site-store.ts'
import { createTestBrowser } from '../testing/dashboard-browser.ts'
import { memberTokens, newEmail } from '../testing/member-flows.ts'
import {
  checkoutOf,
  pathOf,
  placeOrderOnHostedCheckout,
  redirectUrl,
  SHOP,
} from '../testing/redirect-flows.ts'
import { databaseKinds, openTestDatabase } from '../testing/test-database.ts'
import { createTestPlatform } from '../testing/test-platform.ts'
import { checkInTicket } from '../ticketed-events/check-in-ticket.ts'
import { reserveTickets } from '../ticketed-events/reserve-tickets.ts'
import { findTicketsOfReservations } from '../ticketed-events/ticketed-event-store.ts'

describe.each(databaseKinds())('the hosted members account on %s', (kind) => {
  let db: Db
  let platform: ReturnType<typeof createTestPlatform>
  let member: { token: string; id: string; email: string }
  let order: { number: string; total_minor: string }
  beforeAll(async () => {
    db = await openTestDatabase(kind)
    platform = createTestPlatform(db)
    await seedDemoCommerce(db, DEMO_SITE_ID, new Date('2026-01-01T00:00:00Z'))
    const [product] = await db.query<{ id: string }>("select id from products where slug = 'meadow-notebook'")
    await db.query('update products set track_inventory = false, in_stock = true where id = $1', [
      product!.id,
    ])
    const visitor = (await platform.visitorTokens()).access_token
    const email = newEmail('account')
    const tokens = await memberTokens(platform, visitor, email)
    member = { token: tokens.tokens.access_token, id: tokens.memberId, email }
    const checkoutId = await checkoutOf(platform, member.token, product!.id, 2)
    const placed = await placeOrderOnHostedCheckout(createTestBrowser(platform.app), checkoutId)
    expect(placed.status).toBe(303)
    const [row] = await db.query<typeof order>(
      'select number, total_minor from orders where checkout_id = $1',
      [checkoutId],
    )
    order = { number: String(row!.number), total_minor: row!.total_minor }
  })
  afterAll(() => db.close())

  /** A browser on the account page a member's session opened; returns it and the page's path. */
  async function openAccount(body: Record<string, unknown> = { membersAccount: {} }, token = member.token) {
    const browser = createTestBrowser(platform.app)
    const landing = await browser.get(
      pathOf(await redirectUrl(platform, token, { ...body, callbacks: { postFlowUrl: `${SHOP}/` } })),
    )
    expect(landing.status).toBe(303)
    expect(landing.location).toMatch(/^\/_account\/[0-9a-f-]{36}$/)
    return { browser, page: landing.location! }
  }

  it('shows the member’s orders with their real numbers, lines and totals', async () => {
    const { browser, page } = await openAccount({ membersAccount: { section: 'ORDERS' } })
    const orders = await browser.get(page)
    expect(orders.status).toBe(200)
    expect(orders.text).toContain(`<tr data-order-number="${order.number}">`)
    expect(orders.text).toContain(`#${order.number}`)
    expect(orders.text).toMatch(
      /<span class="line-name">Meadow Notebook<\/span><small class="line-details">SKU [^<]+<\/small>/,
    )
    expect(orders.text).toContain('<span class="muted">× 2</span>')
    expect(orders.text).toContain('Paid · Not shipped')
    expect(orders.text).toContain(formatMoney(Number(order.total_minor), 'USD', 'en-US'))
    expect(orders.text).toContain(`href="${page}?section=ORDERS" aria-current="page"`)
    expect(orders.text).toContain(`href="${SHOP}/">Back to the shop</a>`)
    expect(orders.headers.get('x-frame-options')).toBe('DENY')
    expect(orders.headers.get('referrer-policy')).toBe('no-referrer')
  })

  it('shows the member’s account details, and offers every section', async () => {
    const { browser, page } = await openAccount()
    const details = await browser.get(page)
    expect(details.text).toContain('<h2>Account details</h2>')
    expect(details.text).toContain(`${member.email} (not confirmed yet)`)
    expect(details.text).toContain('<td>Nick</td>')
    expect(details.text).not.toContain('(not offered)')
    expect((await browser.get(`${page}?section=NONSENSE`)).text).toContain('<h2>Account details</h2>')
  })

  it('lists the member’s tickets with their codes, upcoming events first, and no one else’s', async () => {
    const site = await getSite(db, DEMO_SITE_ID)
    const now = platform.clock()
    /** Tickets the member (or `owner`) reserved and paid at `now`. */
    const buy = async (eventId: string, ticketTypeId: string, quantity: number, owner = member.id) => {
      const reservation = await reserveTickets(db, {
        siteId: DEMO_SITE_ID,
        eventId,
        tickets: [{ ticketTypeId, quantity }],
        now,
      })
      const tickets = await findTicketsOfReservations(db, [reservation.id])
      const checkout = await createEventCheckout(
        { db, clock: () => now, publicUrl: 'http://platform.test' },
        {
          site,
          owner: { kind: 'member', id: owner },
          reservationId: reservation.id,
          email: member.email,
          contact: { firstName: 'Ada' },
          attendees: tickets.map((ticket) => ({
            ticketId: ticket.id,
            name: 'Ada Lovelace',
            email: member.email,
          })),
          callbacks: {},
        },
      )
      await placeOrder(db, {
        checkoutId: checkout.checkoutId,
        expectedTotalMinor: checkout.totalMinor,
        payment: {
          status: 'PAID',
          provider: 'test-card',
          transactionId: randomUUID(),
          paymentId: randomUUID(),
        },
        now,
        publicUrl: 'http://platform.test',
      })
      return tickets.map((ticket) => ticket.code)
    }
    const show = await buy(DEMO_TRUNK_SHOW_ID, DEMO_TRUNK_SHOW_GENERAL_ID, 2)
    const [classTicket] = await buy(DEMO_CARE_CLASS_ID, DEMO_CARE_CLASS_FREE_ID, 1)
    const other = await memberTokens(
      platform,
      (await platform.visitorTokens()).access_token,
      newEmail('other'),
    )
    const [theirs] = await buy(DEMO_TRUNK_SHOW_ID, DEMO_TRUNK_SHOW_VIP_ID, 1, other.memberId)
    // One of the show's tickets was used at the door.
    await checkInTicket(db, { siteId: DEMO_SITE_ID, code: show[0]!, now })

    const { browser, page } = await openAccount({ membersAccount: { section: 'EVENTS' } })
    const events = await browser.get(page)
    expect(events.status).toBe(200)
    expect(events.text).not.toContain('does not offer')
    const upcoming = events.text.slice(0, events.text.indexOf('Past and cancelled'))
    // The class (10 June 2027, London) comes before the show (18 September 2027, New York).
    expect(upcoming.indexOf(`data-ticket-code="${classTicket}"`)).toBeGreaterThan(0)
    expect(upcoming.indexOf(`data-ticket-code="${classTicket}"`)).toBeLessThan(
      upcoming.indexOf(`data-ticket-code="${show[1]}"`),
    )
    expect(upcoming).toContain('BST')
    expect(upcoming).not.toContain('Europe/London')
    expect(upcoming).toContain('href="https://meet.example.com/aisle-garment-care"')
    expect(upcoming).toContain('120 Mercer Street')
    expect(upcoming).toContain(`<code>${show[1]}</code>`)
    expect(upcoming).toMatch(new RegExp(`data-ticket-code="${show[0]}".*?Used `, 's'))
    expect(events.text).not.toContain(theirs!)

    // Once the class is over it is past, and its link is no longer offered.
    await db.query(
      "update ticketed_events set start_date = '2026-05-01T17:00:00Z', end_date = '2026-05-01T18:00:00Z' where id = $1",
      [DEMO_CARE_CLASS_ID],
    )
    const later = await browser.get(`${page}?section=EVENTS`)
    const past = later.text.slice(later.text.indexOf('Past and cancelled'))
    expect(past).toContain(`data-ticket-code="${classTicket}"`)
    expect(later.text).not.toContain('href="https://meet.example.com/aisle-garment-care"')
  })

  it('lists the member’s upcoming and past bookings in the shop’s time zone, and no one else’s', async () => {
    const site = await getSite(db, DEMO_SITE_ID)
    /** A booking the member made and paid in person at `now`, for `start`. */
    const book = async (serviceId: string, start: string, now: string, memberId = member.id) => {
      const at = new Date(now)
      const checkout = await createBookingCheckout(
        { db, clock: () => at, publicUrl: 'http://platform.test' },
        {
          site,
          owner: { kind: 'member', id: memberId },
          serviceId,
          start: new Date(start),
          email: member.email,
          contact: { firstName: 'Ada' },
          callbacks: {},
        },
      )
      await placeOrder(db, {
        checkoutId: checkout.checkoutId,
        expectedTotalMinor: checkout.totalMinor,
        payment: { status: 'NOT_PAID', provider: 'offline', paymentId: randomUUID() },
        now: at,
        publicUrl: 'http://platform.test',
      })
      return checkout.bookingId
    }
    // The platform's clock reads 1 June 2026, 12:00 UTC: one booking ahead (Tue 2 June, 09:00 in New York,
    // 13:00 UTC), one behind (Thu 21 May, booked the day before).
    const ahead = await book(DEMO_FITTING_ID, '2026-06-02T13:00:00Z', '2026-06-01T12:00:00Z')
    const behind = await book(DEMO_CONSULTATION_ID, '2026-05-21T14:00:00Z', '2026-05-20T12:00:00Z')
    const { browser, page } = await openAccount({ membersAccount: { section: 'BOOKINGS' } })
    const bookings = await browser.get(page)
    expect(bookings.status).toBe(200)
    expect(bookings.text).toContain('<h2>Bookings</h2>')
    expect(bookings.text).not.toContain('does not offer')
    expect(bookings.text).not.toMatch(/>Bookings<\/a><span class="muted"> \(not offered\)/)
    const upcoming = bookings.text.slice(bookings.text.indexOf('aria-label="Upcoming bookings"'))
    const past = bookings.text.slice(bookings.text.indexOf('aria-label="Past and cancelled bookings"'))
    expect(upcoming.indexOf(`data-booking-id="${ahead}"`)).toBeGreaterThan(-1)
    expect(upcoming.indexOf(`data-booking-id="${ahead}"`)).toBeLessThan(upcoming.indexOf('</table>'))
    expect(past.indexOf(`data-booking-id="${behind}"`)).toBeGreaterThan(-1)
    expect(past.indexOf(`data-booking-id="${behind}"`)).toBeLessThan(past.indexOf('</table>'))
    // Only the upcoming one, more than a day ahead, may be cancelled: through its signed cancel page.
    expect(upcoming).toMatch(
      new RegExp(
        `href="http://platform\\.test/_bookings/cancel/${ahead}\\?expires=\\d+&amp;signature=[^"]+" data-cancel-booking="${ahead}"`,
      ),
    )
    expect(bookings.text).not.toContain(`data-cancel-booking="${behind}"`)
    // And moved, through its reschedule page under the same signed link (decision 084).
    expect(upcoming).toMatch(
      new RegExp(
        `href="http://platform\\.test/_bookings/reschedule/${ahead}\\?expires=\\d+&amp;signature=[^"]+" data-reschedule-booking="${ahead}"`,
      ),
    )
    expect(bookings.text).not.toContain(`data-reschedule-booking="${behind}"`)
    // In the shop's zone (New York, EDT), which the page names.
    expect(bookings.text).toContain('Tue, Jun 2, 2026, 9:00')
    expect(bookings.text).toContain('EDT')
    expect(bookings.text).not.toContain('America/New_York')
    expect(bookings.text).toContain('Thu, May 21, 2026, 10:00')
    expect(bookings.text).toContain('The fitting room, 12 Mercer Street, New York')
    // How each is paid, in words (decision 093): the fitting placed to pay in person, the consultation free.
    expect(upcoming).toMatch(
      new RegExp(`data-booking-payment="${ahead}">\\$40\\.00 to pay at the appointment</td>`),
    )
    expect(past).toMatch(new RegExp(`data-booking-payment="${behind}">Free</td>`))
    // Each cell is labelled for the phone's stacked rows.
    expect(upcoming).toContain('class="stacked-rows"')
    expect(upcoming).toContain('data-label="Payment"')
    // Another member sees none of them.
    const other = await memberTokens(platform, (await platform.visitorTokens()).access_token)
    const theirs = await openAccount({ membersAccount: { section: 'BOOKINGS' } }, other.tokens.access_token)
    const theirPage = (await theirs.browser.get(theirs.page)).text
    expect(theirPage).toContain('You have no upcoming bookings.')
    expect(theirPage).not.toContain(ahead)
  })

  it('says a booking paid with a plan names it with its sessions left, and a cancelled one what became of the money', async () => {
    const now = new Date('2026-06-01T12:00:00Z')
    const site = await getSite(db, DEMO_SITE_ID)
    await db.query('update booking_services set pay_with_plan = true where id = $1', [DEMO_FITTING_ID])
    const plan = await savePlan(db, DEMO_SITE_ID, {
      id: randomUUID(),
      isNew: true,
      fields: {
        name: 'Fitting pass',
        description: '',
        priceMinor: 10000,
        duration: { unit: 'MONTH', count: 3 },
        sessions: 3,
        maxPurchasesPerMember: null,
        productIds: [],
        collectionIds: [],
        serviceIds: [DEMO_FITTING_ID],
      },
      now,
    })
    const holder = await memberTokens(platform, (await platform.visitorTokens()).access_token)
    await insertMembership(db, membershipGrantOf(plan!, { memberId: holder.memberId, currency: 'USD', now }))
    const book = async (start: string, paymentOption: 'MEMBERSHIP' | 'FULL_PAYMENT_OFFLINE') => {
      const checkout = await createBookingCheckout(
        { db, clock: () => now, publicUrl: 'http://platform.test' },
        {
          site,
          owner: { kind: 'member', id: holder.memberId },
          serviceId: DEMO_FITTING_ID,
          start: new Date(start),
          email: 'holder@example.com',
          contact: { firstName: 'Grace' },
          callbacks: {},
          paymentOption,
        },
      )
      const placed = await placeOrder(db, {
        checkoutId: checkout.checkoutId,
        expectedTotalMinor: checkout.totalMinor,
        payment: { status: 'NOT_PAID', provider: 'offline', paymentId: randomUUID() },
        now,
        publicUrl: 'http://platform.test',
      })
      expect(placed.kind).toBe('placed')
      return checkout.bookingId
    }
    const withPlan = await book('2026-06-09T13:00:00Z', 'MEMBERSHIP')
    const inPerson = await book('2026-06-10T13:00:00Z', 'FULL_PAYMENT_OFFLINE')
    await db.query("update bookings set status = 'CANCELLED', cancelled_date = $2 where id = $1", [
      inPerson,
      now,
    ])
    const { browser, page } = await openAccount(
      { membersAccount: { section: 'BOOKINGS' } },
      holder.tokens.access_token,
    )
    const text = (await browser.get(page)).text
    expect(text).toContain(
      `data-booking-payment="${withPlan}">Paid with your plan Fitting pass (2 of 3 sessions left)</td>`,
    )
    expect(text).toContain(`data-booking-payment="${inPerson}">Cancelled: nothing to pay</td>`)
  })

  it('lists the member’s plans under Subscriptions, sessions left and end date, and says a plan does not renew by itself', async () => {
    const plan = await findPlan(db, DEMO_SITE_ID, DEMO_PLAN_IDS.stationeryClub)
    await insertMembership(
      db,
      membershipGrantOf(plan!, {
        memberId: member.id,
        currency: 'USD',
        now: new Date('2026-03-01T12:00:00Z'),
      }),
    )
    const { browser, page } = await openAccount({ membersAccount: { section: 'SUBSCRIPTIONS' } })
    const plans = await browser.get(page)
    expect(plans.status).toBe(200)
    expect(plans.text).toContain('<h2>Subscriptions</h2>')
    expect(plans.text).toMatch(/<td>Stationery club<\/td><td>5 of 5<\/td><td>Apr 1, 2026 \(expired\)<\/td>/)
    expect(plans.text).toContain('Plans do not renew by themselves and are never charged again')
    expect(plans.text).not.toContain('does not offer')
    // The details no longer carry the plans; another member holds none of them.
    expect((await browser.get(`${page.split('?')[0]}?section=ACCOUNT_INFO`)).text).not.toContain(
      'Stationery club',
    )
    const other = await memberTokens(platform, (await platform.visitorTokens()).access_token)
    const theirs = await openAccount(
      { membersAccount: { section: 'SUBSCRIPTIONS' } },
      other.tokens.access_token,
    )
    expect((await theirs.browser.get(theirs.page)).text).toContain('You hold no plans.')
  })

  it('opens on the section the preferences name, and shows another member none of these orders', async () => {
    const visitor = (await platform.visitorTokens()).access_token
    const other = await memberTokens(platform, visitor)
    const { browser, page } = await openAccount(
      { membersAccount: {}, preferences: { membersAccountSection: 'ORDERS' } },
      other.tokens.access_token,
    )
    const orders = await browser.get(page)
    expect(orders.text).toContain('<h2>Orders</h2>')
    expect(orders.text).toContain('You have not ordered anything yet.')
    expect(orders.text).not.toContain(`#${order.number}`)
  })

  it('asks a visitor to sign in, with the shop’s login page, once', async () => {
    const visitor = (await platform.visitorTokens()).access_token
    const fullUrl = await redirectUrl(platform, visitor, {
      membersAccount: { section: 'ORDERS' },
      callbacks: { loginUrl: `${SHOP}/account/login`, postFlowUrl: `${SHOP}/` },
    })
    const browser = createTestBrowser(platform.app)
    const page = await browser.get(pathOf(fullUrl))
    expect(page.status).toBe(403)
    expect(page.text).toContain('Sign in to see your account')
    expect(page.text).toContain(`href="${SHOP}/account/login">Sign in</a>`)
    expect(page.headers.getSetCookie()).toEqual([])
    expect(page.text).not.toContain(`#${order.number}`)
    expect((await browser.get(pathOf(fullUrl))).status).toBe(400)
  })

  it('shows nothing to another browser, after an hour, or for a member who was blocked', async () => {
    const { browser, page } = await openAccount()
    const stranger = await createTestBrowser(platform.app).get(page)
    expect(stranger.status).toBe(400)
    expect(stranger.text).not.toContain(member.email)

    const blocked = await openAccount()
    await db.query("update members set status = 'BLOCKED' where id = $1", [member.id])
    try {
      const refused = await blocked.browser.get(blocked.page)
      expect(refused.status).toBe(403)
      expect(refused.text).toContain('Your account cannot be shown')
      expect(refused.text).not.toContain(member.email)
    } finally {
      await db.query("update members set status = 'ACTIVE' where id = $1", [member.id])
    }

    platform.clock.advance(3_601)
    expect((await browser.get(page)).status).toBe(400)
  })

  it('shows the error page for a reused or expired session', async () => {
    const browser = createTestBrowser(platform.app)
    const used = await redirectUrl(platform, member.token, { membersAccount: {} })
    expect((await browser.get(pathOf(used))).status).toBe(303)
    const reused = await browser.get(pathOf(used))
    expect(reused.status).toBe(400)
    expect(reused.text).toContain('This link has expired or was already used')

    const late = await redirectUrl(platform, member.token, { membersAccount: {} })
    platform.clock.advance(601)
    const expired = await browser.get(pathOf(late))
    expect(expired.status).toBe(400)
    expect(expired.location).toBeNull()
  })

  it('offers a paid digital order’s file to download, through a link that works', async () => {
    await seedDemoDigitalProduct(db, DEMO_SITE_ID)
    const [product] = await db.query<{ id: string }>('select id from products where slug = $1', [
      DEMO_DIGITAL_SLUG,
    ])
    const checkoutId = await checkoutOf(platform, member.token, product!.id, 1)
    expect((await placeOrderOnHostedCheckout(createTestBrowser(platform.app), checkoutId)).status).toBe(303)
    const { browser, page } = await openAccount({ membersAccount: { section: 'ORDERS' } })
    const orders = await browser.get(page)
    expect(orders.text).toContain('Download weekly-planner.pdf')
    const href = orders.text
      .match(/href="([^"]*\/downloads\/v1\/files\/[^"]*)"/)![1]!
      .replaceAll('&amp;', '&')
    const file = await platform.fetch(href)
    expect(file.status).toBe(200)
    expect(file.headers.get('content-disposition')).toContain('weekly-planner.pdf')
  })
})
