import type { Db } from '../db/db.ts'
import { DEMO_CLIENT_ID } from '../seed/demo-ids.ts'
import { createTestBrowser } from './dashboard-browser.ts'
import { pathOfLocation, payOnTestProvider } from './hosted-checkout-flow.ts'
import { pathOf, SHOP } from './redirect-flows.ts'
import { TEST_PUBLIC_URL } from './test-platform.ts'

type App = { request: (input: string, init?: RequestInit) => Response | Promise<Response> }

/**
 * Books a slot as a shopper does (decision 065): a `bookingsBook` redirect session, the hosted bookings
 * pages, and payment with the test card (`pay: 'card'`) or in person (`'in-person'`). Answers the order's
 * and the booking's ids.
 */
export async function bookSlotOnHostedPages(
  app: App,
  db: Db,
  slot: {
    serviceId: string
    start: string
    email: string
    pay?: 'card' | 'in-person'
    /** A class's places to book (decision 083); left out for an appointment. */
    participants?: number
  },
): Promise<{ orderId: string; bookingId: string }> {
  const json = async (path: string, body: unknown, token = '') => {
    const response = await app.request(`${TEST_PUBLIC_URL}${path}`, {
      method: 'POST',
      headers: { authorization: token, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    if (response.status !== 200)
      throw new Error(`${path} answered ${response.status}: ${await response.text()}`)
    return (await response.json()) as Record<string, any>
  }
  const { access_token: token } = await json('/oauth2/token', {
    clientId: DEMO_CLIENT_ID,
    grantType: 'anonymous',
  })
  const session = await json(
    '/redirects/v1/redirect-session',
    { bookingsBook: {}, callbacks: { thankYouPageUrl: `${SHOP}/booked` } },
    token,
  )
  const browser = createTestBrowser(app)
  const landed = await browser.get(pathOf(session.redirectSession.fullUrl))
  await browser.get(`${landed.location}?serviceId=${slot.serviceId}&start=${encodeURIComponent(slot.start)}`)
  const booked = await browser.post(`${landed.location}/book`, {
    serviceId: slot.serviceId,
    start: slot.start,
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: slot.email,
    ...(slot.participants ? { participants: String(slot.participants) } : {}),
    paymentMethod: slot.pay === 'in-person' ? 'offline' : 'test-card',
    paymentKey: crypto.randomUUID(),
  })
  if (booked.status !== 303 || !booked.location) throw new Error(`booking refused: ${booked.status}`)
  const done =
    slot.pay === 'in-person'
      ? await browser.get(pathOfLocation(booked.location))
      : await payOnTestProvider(browser, booked.location, '4242 4242 4242 4242')
  const orderId = done.location && new URL(done.location, TEST_PUBLIC_URL).searchParams.get('orderId')
  if (!orderId) throw new Error(`no order after paying: ${done.status} ${done.location}`)
  const [booking] = await db.query<{ id: string }>('select id from bookings where order_id = $1', [orderId])
  if (!booking) throw new Error('the order booked nothing')
  return { orderId, bookingId: booking.id }
}
