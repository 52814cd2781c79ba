import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../db/db.ts'
import {
  DEMO_CARE_CLASS_FREE_ID,
  DEMO_CARE_CLASS_ID,
  DEMO_TRUNK_SHOW_GENERAL_ID,
  DEMO_TRUNK_SHOW_ID,
} from '../seed/demo-events.ts'
import { DEMO_SITE_ID } from '../seed/demo-store.ts'
import { createTestBrowser } from '../testing/dashboard-browser.ts'
import { payOnTestProvider } from '../testing/hosted-checkout-flow.ts'
import { pathOf, redirectUrl, SHOP } from '../testing/redirect-flows.ts'
import { openTestDatabase } from '../testing/test-database.ts'
import { createTestPlatform } from '../testing/test-platform.ts'
import { findReservation, findTicketsOfOrder } from '../ticketed-events/ticketed-event-store.ts'

// The hosted event checkout an eventsCheckout session leads to (the test clock stands in June 2026).
describe('the hosted event checkout', () => {
  let db: Db
  let platform: ReturnType<typeof createTestPlatform>
  beforeAll(async () => {
    db = await openTestDatabase('pglite')
    platform = createTestPlatform(db)
  })
  afterAll(() => db.close())

  const callbacks = { thankYouPageUrl: `${SHOP}/thanks`, postFlowUrl: `${SHOP}/events` }

  async function reserveAndLand(
    eventId: string,
    ticketDefinitionId: string,
    quantity: number,
    eventSlug: string,
  ) {
    const { access_token: token } = await platform.visitorTokens()
    const reserved = await platform.call('POST', '/events/v1/checkout/reservations', {
      token,
      body: { eventId, ticketQuantities: [{ ticketDefinitionId, quantity }] },
    })
    expect(reserved.status).toBe(200)
    const url = await redirectUrl(platform, token, {
      eventsCheckout: { reservationId: reserved.json.id, eventSlug },
      callbacks,
    })
    expect(new URL(url).pathname).toBe('/_events/checkout')
    const browser = createTestBrowser(platform.app)
    const landed = await browser.get(pathOf(url))
    expect(landed.status).toBe(303)
    return { browser, visit: landed.location!, reservationId: reserved.json.id as string }
  }

  const ticketIdsOf = (html: string) =>
    [...html.matchAll(/name="attendee\.([0-9a-f-]{36})\.name"/g)].map((m) => m[1]!)
  const keyOf = (html: string) => /name="paymentKey" value="([^"]+)"/.exec(html)?.[1] ?? ''

  it('takes an attendee per ticket, pays by card and sends the buyer on with the order, the tickets by mail', async () => {
    const { browser, visit, reservationId } = await reserveAndLand(
      DEMO_TRUNK_SHOW_ID,
      DEMO_TRUNK_SHOW_GENERAL_ID,
      2,
      'autumn-trunk-show',
    )
    const page = await browser.get(visit)
    expect(page.status).toBe(200)
    expect(page.text).toContain('Tickets for Autumn trunk show')
    expect(page.text).toContain('120 Mercer Street')
    expect(page.text).toContain('$50.00')
    const ticketIds = ticketIdsOf(page.text)
    expect(ticketIds).toHaveLength(2)

    const refused = await browser.post(`${visit}/pay`, {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      [`attendee.${ticketIds[0]}.name`]: 'Ada Lovelace',
      [`attendee.${ticketIds[1]}.name`]: '',
      paymentMethod: 'test-card',
      paymentKey: keyOf(page.text),
    })
    expect(refused.status).toBe(400)
    expect(refused.text).toContain('Enter the attendee&#x27;s name.')
    expect((await findReservation(db, DEMO_SITE_ID, reservationId))?.checkout_id).toBeNull()

    const paying = await browser.post(`${visit}/pay`, {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      [`attendee.${ticketIds[0]}.name`]: 'Ada Lovelace',
      [`attendee.${ticketIds[1]}.name`]: 'Charles Babbage',
      [`attendee.${ticketIds[1]}.email`]: 'charles@example.com',
      paymentMethod: 'test-card',
      paymentKey: keyOf(page.text),
    })
    expect(paying.status).toBe(303)
    expect(paying.location).toContain('/test-provider/pay/')
    const returned = await payOnTestProvider(browser, paying.location!, '4242 4242 4242 4242')
    const thankYou = new URL(returned.location!)
    expect(`${thankYou.origin}${thankYou.pathname}`).toBe(`${SHOP}/thanks`)
    const orderId = thankYou.searchParams.get('orderId')!
    const tickets = await findTicketsOfOrder(db, orderId)
    expect(tickets.map((ticket) => ticket.attendee_name).sort()).toEqual(['Ada Lovelace', 'Charles Babbage'])
    const [mail] = await db.query<{ text_body: string }>(
      `select text_body from mail_outbox where topic = 'event-tickets' and recipient = 'ada@example.com'`,
    )
    for (const ticket of tickets) expect(mail?.text_body).toContain(ticket.code)

    // Paid for: the page says so rather than offering to pay again.
    const after = await browser.get(visit)
    expect(after.status).toBe(409)
    expect(after.text).toContain('These tickets are paid for')
  })

  it('gives free tickets without a payment, and the online link only in the mail', async () => {
    const { browser, visit } = await reserveAndLand(
      DEMO_CARE_CLASS_ID,
      DEMO_CARE_CLASS_FREE_ID,
      1,
      'garment-care-class',
    )
    const page = await browser.get(visit)
    expect(page.text).toContain('Get tickets')
    expect(page.text).not.toContain('name="paymentMethod"')
    expect(page.text).not.toContain('meet.example.com')
    const [ticketId] = ticketIdsOf(page.text)
    const got = await browser.post(`${visit}/pay`, {
      firstName: 'Grace',
      lastName: 'Hopper',
      email: 'grace@example.com',
      [`attendee.${ticketId}.name`]: 'Grace Hopper',
      paymentKey: keyOf(page.text),
    })
    expect(got.status).toBe(303)
    const returned = await browser.get(got.location!)
    expect(returned.location).toMatch(new RegExp(`^${SHOP}/thanks\\?orderId=`))
    const [mail] = await db.query<{ text_body: string }>(
      `select text_body from mail_outbox where topic = 'event-tickets' and recipient = 'grace@example.com'`,
    )
    expect(mail?.text_body).toContain('https://meet.example.com/aisle-garment-care')
  })

  it('says when the reservation lapsed, and takes no payment for it', async () => {
    const { browser, visit } = await reserveAndLand(
      DEMO_TRUNK_SHOW_ID,
      DEMO_TRUNK_SHOW_GENERAL_ID,
      1,
      'autumn-trunk-show',
    )
    platform.clock.advance(21 * 60)
    const page = await browser.get(visit)
    expect(page.status).toBe(410)
    expect(page.text).toContain('Your reservation has expired')
  })
})
