import { beforeEach, describe, expect, it, vi } from 'vitest'
import { addDays, toLocalDate } from '../../bookings/slot-picker'
import { storefrontBuildForTests } from '../../platform/testing/storefront-build'

// The real storefront build (routes, root middleware, server entry) on a scripted platform that answers the
// bookings reads and redirect sessions as apps/platform/src/bookings and src/redirects do: the pages as a
// browser without JavaScript gets them, and the booking press as a plain form post.

const storefront = storefrontBuildForTests()

const SERVICE_ID = '00000000-0000-4000-8000-000000000001'
const SCHEDULE_ID = '00000000-0000-4000-8000-000000000002'
const ZONE = 'America/New_York'
/** Tomorrow in the shop's zone: its free times are 09:00 and 10:00 until one is taken. */
const day = addDays(toLocalDate(new Date(), ZONE), 1)

const fitting = {
  id: SERVICE_ID,
  name: 'Tailored fitting',
  description: 'A tailor measures you.',
  type: 'APPOINTMENT',
  defaultCapacity: 1,
  mainSlug: { name: 'tailored-fitting' },
  schedule: { id: SCHEDULE_ID, availabilityConstraints: { sessionDurations: [45], timeBetweenSessions: 15 } },
  payment: {
    rateType: 'FIXED',
    fixed: { price: { value: '40.00', currency: 'USD' } },
    options: { online: true, inPerson: true, pricingPlan: true },
  },
  onlineBooking: { enabled: true },
  media: { items: [] },
  createdDate: '2026-01-01T00:00:00.000Z',
}
const styling = {
  ...fitting,
  id: '00000000-0000-4000-8000-000000000003',
  name: 'Wardrobe styling',
  mainSlug: { name: 'wardrobe-styling' },
  payment: {
    rateType: 'CUSTOM',
    custom: { description: '' },
    options: { online: false, inPerson: true, pricingPlan: false },
  },
}

let freeStarts: string[]
let sessions: unknown[]
/** The status every bookings read answers with, when the platform is made to fail. */
let bookingsFailure: number | undefined

function timeSlot(start: string) {
  const end = `${start.slice(0, 11)}${String(Number(start.slice(11, 13))).padStart(2, '0')}:45:00`
  return {
    serviceId: SERVICE_ID,
    localStartDate: start,
    localEndDate: end,
    bookable: true,
    location: { locationType: 'BUSINESS' },
    totalCapacity: 1,
    remainingCapacity: 1,
    availableResources: [
      { resourceTypeId: 'schedule', resources: [{ id: SCHEDULE_ID, name: 'The fitting room' }] },
    ],
  }
}

async function answerAsPlatform(request: Request): Promise<Response> {
  const key = `${request.method} ${new URL(request.url).pathname}`
  if (key === 'POST /oauth2/token')
    return Response.json({
      access_token: 'visitor-access',
      refresh_token: 'visitor-refresh',
      expires_in: 3600,
    })
  if (key === 'GET /ecom/v1/shop-info')
    return Response.json({ name: 'Harbor Goods', currency: 'USD', shipping: { regions: [], pickup: [] } })
  // A visitor without a cart (the action mints their tokens, so the page after it asks for one).
  if (key === 'GET /ecom/v1/carts/current')
    return Response.json(
      { message: 'OWNED_CART_NOT_FOUND', details: { applicationError: { code: 'OWNED_CART_NOT_FOUND' } } },
      { status: 404 },
    )
  if (bookingsFailure && key.startsWith('POST /bookings/'))
    return Response.json({ message: 'unavailable' }, { status: bookingsFailure })
  if (key === 'POST /bookings/v2/services/query')
    return Response.json({ services: [fitting, styling], pagingMetadata: { count: 2, offset: 0, total: 2 } })
  if (key === 'POST /bookings/v2/time-slots') {
    const slots = freeStarts.map(timeSlot)
    return Response.json({
      timeSlots: slots,
      timeZone: ZONE,
      cursorPagingMetadata: { count: slots.length, hasNext: false },
    })
  }
  if (key === 'POST /redirects/v1/redirect-session') {
    sessions.push(await request.json())
    return Response.json({
      redirectSession: { id: 's1', fullUrl: 'http://api.test/_bookings/checkout?session=s1' },
    })
  }
  return Response.json({ message: `unscripted ${key}` }, { status: 404 })
}

beforeEach(() => {
  freeStarts = [`${day}T09:00:00`, `${day}T10:00:00`]
  sessions = []
  bookingsFailure = undefined
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) =>
    answerAsPlatform(new Request(input, init)),
  )
})

/** The times a page's form offers: the values of its `start` buttons. */
function timesOffered(html: string): string[] {
  return [...html.matchAll(/<button\b[^>]*>/g)]
    .map(([tag]) => tag)
    .filter((tag) => tag.includes('name="start"'))
    .map((tag) => /value="([^"]*)"/.exec(tag)?.[1] ?? '')
}

/** A press of a time on the service page, as a browser without script posts it. */
function press(fields: Record<string, string> | string, headers: Record<string, string> = {}) {
  return storefront().handle(
    new Request(`http://shop.test/services/tailored-fitting?day=${day}`, {
      method: 'POST',
      body: typeof fields === 'string' ? fields : new URLSearchParams(fields),
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        'Sec-Fetch-Site': 'same-origin',
        Origin: 'http://shop.test',
        ...headers,
      },
    }),
  )
}

describe('the services pages', () => {
  it('list the services with duration and price, a price on request in words', async () => {
    const response = await storefront().handle(new Request('http://shop.test/services'))
    expect(response.status).toBe(200)
    const html = await response.text()
    expect(html).toContain('href="/services/tailored-fitting"')
    expect(html).toMatch(/45 minutes.*\$40\.00/s)
    expect(html).toContain('Price on request')
    expect(response.headers.get('cache-control')).toBe('private, no-store')
  })

  it('show a service’s days as links and a day’s free times as a form, in the shop’s zone, without script', async () => {
    const response = await storefront().handle(new Request('http://shop.test/services/tailored-fitting'))
    expect(response.status).toBe(200)
    const html = await response.text()
    expect(html).toContain('Eastern Time (America/New_York)')
    expect(html).toContain('<span>Can be paid with a plan</span>')
    expect(html).toContain(`href="/services/tailored-fitting?day=${day}"`)
    const form = [...html.matchAll(/<form\b[^>]*>/g)].map(([tag]) => tag).find((tag) => tag.includes('?day='))
    expect(form).toContain('method="post"')
    expect(form).toContain(`action="/services/tailored-fitting?day=${day}"`)
    expect(timesOffered(html)).toEqual([`${day}T09:00:00`, `${day}T10:00:00`])
  })

  it('answer a service the shop does not offer with a 404 page in words', async () => {
    const response = await storefront().handle(new Request('http://shop.test/services/no-such-service'))
    expect(response.status).toBe(404)
    expect(await response.text()).toContain('Service not found')
  })
})

describe('when the platform fails', () => {
  it.each(['/services', '/services/tailored-fitting'])(
    '%s says the shop is unavailable (503), not a 500',
    async (path) => {
      bookingsFailure = 503
      const response = await storefront().handle(new Request(`http://shop.test${path}`))
      expect(response.status).toBe(503)
    },
  )

  it('passes its limit on (429) to a shopper pressing a time', async () => {
    bookingsFailure = 429
    const response = await press({ start: `${day}T09:00:00` })
    expect(response.status).toBe(429)
    expect(sessions).toEqual([])
  })
})

describe('pressing a free time', () => {
  it('sends the shopper to the hosted bookings checkout of that slot, with callbacks to the shop', async () => {
    const response = await press({ start: `${day}T10:00:00` })
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe('http://api.test/_bookings/checkout?session=s1')
    expect(sessions).toMatchObject([
      {
        bookingsCheckout: {
          slotAvailability: { slot: { serviceId: SERVICE_ID, startDate: `${day}T10:00:00`, timezone: ZONE } },
          timezone: ZONE,
        },
        callbacks: { thankYouPageUrl: 'http://shop.test/thank-you' },
      },
    ])
  })

  it('answers the page again with words (409) when the time was taken meanwhile, its other times still offered', async () => {
    freeStarts = [`${day}T10:00:00`]
    const response = await press({ start: `${day}T09:00:00` })
    expect(response.status).toBe(409)
    const html = await response.text()
    expect(html).toContain('That time was just taken')
    expect(timesOffered(html)).toEqual([`${day}T10:00:00`])
    expect(sessions).toEqual([])
  })

  it('points to the next day with free times when the time taken was the day’s last', async () => {
    const later = addDays(day, 2)
    freeStarts = [`${later}T09:00:00`]
    const response = await press({ start: `${day}T09:00:00` })
    expect(response.status).toBe(409)
    const html = await response.text()
    expect(html).toContain('That time was just taken')
    expect(timesOffered(html)).toEqual([])
    expect(html).toMatch(
      new RegExp(`The next free times are on(<!-- -->)? <a href="/services/tailored-fitting\\?day=${later}"`),
    )
  })

  it.each([{}, { start: 'tomorrow' }, { start: `${day}T09:00:00Z` }])(
    'asks for a time (400), opening no session, for %j',
    async (fields) => {
      const response = await press(fields as Record<string, string>)
      expect(response.status).toBe(400)
      expect(await response.text()).toContain('Please choose one of the free times.')
      expect(sessions).toEqual([])
    },
  )

  it('answers a body that is no form with 400, not a 500', async () => {
    const response = await press('%%%not a form', { 'Content-Type': 'multipart/form-data; boundary=x' })
    expect(response.status).toBe(400)
    expect(sessions).toEqual([])
  })

  it('refuses a post from another site, opening no session', async () => {
    // Fetch Metadata says cross-site (403, requireSameOriginPost); a foreign Origin is refused before the
    // action by React Router itself (400).
    const bySite = await press({ start: `${day}T09:00:00` }, { 'Sec-Fetch-Site': 'cross-site' })
    expect(bySite.status).toBe(403)
    const byOrigin = await press({ start: `${day}T09:00:00` }, { Origin: 'https://evil.example' })
    expect(byOrigin.status).toBe(400)
    expect(sessions).toEqual([])
  })
})
