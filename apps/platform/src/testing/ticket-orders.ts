import { expect } from 'vitest'
import { createTestBrowser } from './dashboard-browser.ts'
import { payOnTestProvider } from './hosted-checkout-flow.ts'
import { pathOf, redirectUrl, SHOP } from './redirect-flows.ts'
import type { createTestPlatform } from './test-platform.ts'

/**
 * A shopper's purchase of tickets as the storefront makes it: a reservation by the public call, an
 * `eventsCheckout` session, the hosted event checkout with an attendee per ticket, paid by the test card
 * (free tickets pay nothing). Answers the order's id.
 */
export async function buyTickets(
  platform: ReturnType<typeof createTestPlatform>,
  purchase: {
    eventId: string
    eventSlug: string
    ticketTypeId: string
    buyer: { firstName: string; lastName: string; email: string }
    attendees: readonly { name: string; email?: string }[]
    isFree?: boolean
  },
): Promise<string> {
  const { access_token: token } = await platform.visitorTokens()
  const reserved = await platform.call('POST', '/events/v1/checkout/reservations', {
    token,
    body: {
      eventId: purchase.eventId,
      ticketQuantities: [{ ticketDefinitionId: purchase.ticketTypeId, quantity: purchase.attendees.length }],
    },
  })
  expect(reserved.status).toBe(200)
  const url = await redirectUrl(platform, token, {
    eventsCheckout: { reservationId: reserved.json.id, eventSlug: purchase.eventSlug },
    callbacks: { thankYouPageUrl: `${SHOP}/thanks`, postFlowUrl: `${SHOP}/events` },
  })
  const browser = createTestBrowser(platform.app)
  const visit = (await browser.get(pathOf(url))).location!
  const page = await browser.get(visit)
  const ticketIds = [...page.text.matchAll(/name="attendee\.([0-9a-f-]{36})\.name"/g)].map((m) => m[1]!)
  const fields: Record<string, string> = {
    ...purchase.buyer,
    paymentKey: /name="paymentKey" value="([^"]+)"/.exec(page.text)?.[1] ?? '',
  }
  purchase.attendees.forEach((attendee, index) => {
    fields[`attendee.${ticketIds[index]}.name`] = attendee.name
    if (attendee.email) fields[`attendee.${ticketIds[index]}.email`] = attendee.email
  })
  if (!purchase.isFree) fields.paymentMethod = 'test-card'
  const paying = await browser.post(`${visit}/pay`, fields)
  expect(paying.status).toBe(303)
  const returned = purchase.isFree
    ? await browser.get(paying.location!)
    : await payOnTestProvider(browser, paying.location!, '4242 4242 4242 4242')
  return new URL(returned.location!).searchParams.get('orderId')!
}
