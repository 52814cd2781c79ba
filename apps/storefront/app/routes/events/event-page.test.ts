import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { callRoute } from '../../platform/testing/route-call'
import { type Answer, applicationError, createScriptedFetch } from '../../platform/testing/scripted-platform'
import { action, loader } from './event-page'

// The event page's loader and action, inside the root's middleware, with the real SDK client; the platform
// is a scripted `fetch` answering in its wire form (decision 070), as the storefront never imports it.

const shop = 'http://shop.test'
const EVENT_ID = '00000000-0000-4000-8000-0000000000e1'
const GENERAL = '00000000-0000-4000-8000-0000000000a1'
const VIP = '00000000-0000-4000-8000-0000000000a2'

const trunkShow = {
  id: EVENT_ID,
  slug: 'autumn-trunk-show',
  title: 'Autumn trunk show',
  shortDescription: 'The new season on the rail.',
  status: 'UPCOMING',
  dateAndTimeSettings: {
    startDate: '2027-09-18T22:00:00.000Z',
    endDate: '2027-09-19T01:00:00.000Z',
    timeZoneId: 'America/New_York',
  },
  location: { type: 'VENUE', name: 'Aisle Demo Store', address: { formatted: '120 Mercer Street' } },
  registration: {
    type: 'TICKETING',
    status: 'OPEN_TICKETS',
    tickets: {
      lowestPrice: { value: '25.00', currency: 'USD' },
      highestPrice: { value: '60.00', currency: 'USD' },
      soldOut: false,
    },
  },
  createdDate: '2026-01-01T00:00:00.000Z',
}

const definition = (id: string, name: string, amount: string, remaining: number, limit: number) => ({
  id,
  name,
  description: '',
  eventId: EVENT_ID,
  price: { amount, currency: 'USD' },
  free: false,
  limitPerCheckout: Math.min(limit, remaining),
  remaining,
  soldOut: remaining === 0,
  saleStatus: 'SALE_STARTED',
})

let platform: ReturnType<typeof createScriptedFetch>
let reservationAnswer: Answer
let sessionAnswers: Answer[]

beforeEach(() => {
  reservationAnswer = {
    body: {
      id: 'reservation-1',
      expires: '2027-01-01T00:20:00.000Z',
      reservationStatus: 'RESERVATION_PENDING',
      reservations: [],
    },
  }
  sessionAnswers = []
  platform = createScriptedFetch({
    'POST /events/v3/events/query': ({ body }) => {
      const { slug } = (body as { query: { filter: { slug?: string } } }).query.filter
      const events = slug === trunkShow.slug ? [trunkShow] : []
      return { body: { events, pagingMetadata: { count: events.length, offset: 0, total: events.length } } }
    },
    'POST /events/v1/checkout/available-tickets/query': {
      body: {
        definitions: [
          definition(GENERAL, 'General admission', '25.00', 120, 10),
          definition(VIP, 'VIP', '60.00', 0, 2),
        ],
        total: 2,
        offset: 0,
        count: 2,
      },
    },
    'POST /events/v1/checkout/reservations': () => reservationAnswer,
    'POST /redirects/v1/redirect-session': () =>
      sessionAnswers.shift() ?? {
        body: {
          redirectSession: {
            id: 'session-1',
            fullUrl: 'http://api.test/_events/checkout?session=session-1',
          },
        },
      },
  })
  vi.stubGlobal('fetch', platform.fetch)
})

afterEach(() => {
  vi.unstubAllGlobals()
})

function checkOut(fields: Record<string, string>, slug = trunkShow.slug) {
  const request = new Request(`${shop}/events/${slug}`, {
    method: 'POST',
    headers: { 'Sec-Fetch-Site': 'same-origin' },
    body: new URLSearchParams(fields),
  })
  return callRoute(action, request, { slug })
}

const callsTo = (path: string) => platform.calls.filter((call) => call.path === path)

describe('the event page', () => {
  it('shows the event in its zone with each ticket type, picked up to what one order may take', async () => {
    const { response, body } = await callRoute(loader, new Request(`${shop}/events/autumn-trunk-show`), {
      slug: 'autumn-trunk-show',
    })
    expect(response.status).toBe(200)
    expect(body).toMatchObject({
      event: { title: 'Autumn trunk show', zone: 'New York time', price: '$25.00 – $60.00' },
      tickets: [
        { id: GENERAL, name: 'General admission', price: '$25.00', max: 10 },
        { id: VIP, name: 'VIP', price: '$60.00', max: 0, unavailable: 'Sold out' },
      ],
    })
  })

  it('answers 404 "Event not found" for a slug no published event has', async () => {
    const { response, body } = await callRoute(loader, new Request(`${shop}/events/nothing`), {
      slug: 'nothing',
    })
    expect(response.status).toBe(404)
    expect(body).toMatchObject({ code: 'EVENT_NOT_FOUND', title: 'Event not found' })
  })

  it('reserves the chosen tickets and sends the shopper to the hosted event checkout, which comes back to the shop', async () => {
    const { response } = await checkOut({ [`ticket.${GENERAL}`]: '2', [`ticket.${VIP}`]: '0' })
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe('http://api.test/_events/checkout?session=session-1')
    expect(callsTo('/events/v1/checkout/reservations').map((call) => call.body)).toEqual([
      { eventId: EVENT_ID, ticketQuantities: [{ ticketDefinitionId: GENERAL, quantity: 2 }] },
    ])
    expect(callsTo('/redirects/v1/redirect-session').map((call) => call.body)).toEqual([
      {
        eventsCheckout: { reservationId: 'reservation-1', eventSlug: 'autumn-trunk-show' },
        callbacks: {
          thankYouPageUrl: `${shop}/thank-you`,
          postFlowUrl: `${shop}/events/autumn-trunk-show`,
        },
      },
    ])
  })

  it('still opens the event checkout, without callbacks, when the platform refuses the shop’s origin', async () => {
    sessionAnswers = [applicationError(400, 'CALLBACK_URL_NOT_ALLOWED')]
    const { response } = await checkOut({ [`ticket.${GENERAL}`]: '1' })
    expect(response.status).toBe(302)
    expect(callsTo('/redirects/v1/redirect-session').map((call) => call.body)).toEqual([
      expect.objectContaining({ callbacks: expect.any(Object) }),
      { eventsCheckout: { reservationId: 'reservation-1', eventSlug: 'autumn-trunk-show' } },
    ])
  })

  it('says on the page when the tickets ran out meanwhile, and opens no checkout', async () => {
    reservationAnswer = applicationError(409, 'TICKETS_SOLD_OUT', { ticketTypeId: GENERAL, available: 1 })
    const { response, body } = await checkOut({ [`ticket.${GENERAL}`]: '2' })
    expect(response.status).toBe(409)
    expect(body).toEqual({
      title: 'Not enough tickets left',
      message: 'Someone got there first: there aren’t that many tickets left. Please choose again below.',
    })
    expect(callsTo('/redirects/v1/redirect-session')).toEqual([])
  })

  it('says so when the per-order limit is passed', async () => {
    reservationAnswer = applicationError(409, 'TICKET_LIMIT_EXCEEDED', { limitPerCheckout: 10 })
    const { response, body } = await checkOut({ [`ticket.${GENERAL}`]: '11' })
    expect(response.status).toBe(409)
    expect(body).toMatchObject({ title: 'Too many tickets' })
  })

  it('asks for a ticket when none is chosen, or a quantity is not a number, and reserves nothing', async () => {
    const none = await checkOut({ [`ticket.${GENERAL}`]: '0' })
    expect(none.response.status).toBe(400)
    expect(none.body).toMatchObject({ title: 'Choose your tickets' })
    const garbage = await checkOut({ [`ticket.${GENERAL}`]: '-1' })
    expect(garbage.response.status).toBe(400)
    expect(garbage.body).toMatchObject({ title: 'Please check your tickets' })
    expect(callsTo('/events/v1/checkout/reservations')).toEqual([])
  })

  it('refuses a post from another site', async () => {
    const request = new Request(`${shop}/events/autumn-trunk-show`, {
      method: 'POST',
      headers: { 'Sec-Fetch-Site': 'cross-site' },
      body: new URLSearchParams({ [`ticket.${GENERAL}`]: '1' }),
    })
    const { response } = await callRoute(action, request, { slug: 'autumn-trunk-show' })
    expect(response.status).toBe(403)
    expect(platform.calls).toEqual([])
  })
})
