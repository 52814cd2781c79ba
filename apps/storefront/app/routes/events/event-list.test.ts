import { afterEach, describe, expect, it, vi } from 'vitest'
import { callRoute } from '../../platform/testing/route-call'
import { applicationError, createScriptedFetch } from '../../platform/testing/scripted-platform'
import { loader } from './event-list'

// The events list's loader inside the root's middleware, with the real SDK client on a scripted platform.

const classEvent = {
  id: '00000000-0000-4000-8000-0000000000e2',
  slug: 'garment-care-class',
  title: 'Garment care class',
  shortDescription: 'An hour online with our tailor.',
  status: 'UPCOMING',
  dateAndTimeSettings: {
    startDate: '2027-06-10T17:00:00.000Z',
    endDate: '2027-06-10T18:00:00.000Z',
    timeZoneId: 'Europe/London',
  },
  location: { type: 'ONLINE' },
  registration: {
    type: 'TICKETING',
    status: 'CLOSED_AUTOMATICALLY',
    tickets: {
      lowestPrice: { value: '0.00', currency: 'USD' },
      highestPrice: { value: '0.00', currency: 'USD' },
      soldOut: true,
    },
  },
  createdDate: '2026-01-01T00:00:00.000Z',
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('the events list', () => {
  it('asks the platform for the upcoming events and shows each with its place, price and badge', async () => {
    const platform = createScriptedFetch({
      'POST /events/v3/events/query': {
        body: { events: [classEvent], pagingMetadata: { count: 1, offset: 0, total: 1 } },
      },
    })
    vi.stubGlobal('fetch', platform.fetch)
    const { response, body } = await callRoute(loader, new Request('http://shop.test/events'))
    expect(response.status).toBe(200)
    expect(body).toMatchObject({
      events: [
        {
          slug: 'garment-care-class',
          place: 'Online',
          price: 'Free',
          zone: 'London time',
          badge: 'Sold out',
        },
      ],
    })
    expect(platform.calls).toEqual([
      {
        method: 'POST',
        path: '/events/v3/events/query',
        body: { query: { filter: { status: 'UPCOMING' }, paging: { limit: 50 } } },
      },
    ])
  })

  it('answers the shopper’s words, not a 500, when the platform is down', async () => {
    vi.stubGlobal(
      'fetch',
      createScriptedFetch({ 'POST /events/v3/events/query': applicationError(503, 'X') }).fetch,
    )
    const { response, body } = await callRoute(loader, new Request('http://shop.test/events'))
    expect(response.status).toBe(503)
    expect(body).toMatchObject({ title: 'The store is taking a break' })
  })
})
