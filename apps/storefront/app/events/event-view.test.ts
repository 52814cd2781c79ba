import type { TicketDefinition, TicketedEvent } from '@aisle/sdk'
import { describe, expect, it } from 'vitest'
import { toEventView, toTicketChoiceView, toZoneName } from './event-view'

// The demo store's trunk show (decision 070) as the platform's wire gives it.
const trunkShow = (patch: Partial<TicketedEvent> = {}): TicketedEvent => ({
  _id: '00000000-0000-4000-8000-0000000000e1',
  slug: 'autumn-trunk-show',
  title: 'Autumn trunk show',
  shortDescription: 'The new season on the rail.',
  status: 'UPCOMING',
  dateAndTimeSettings: {
    startDate: '2027-09-18T22:00:00.000Z',
    endDate: '2027-09-19T01:00:00.000Z',
    timeZoneId: 'America/New_York',
  },
  location: {
    type: 'VENUE',
    name: 'Aisle Demo Store',
    address: { formatted: '120 Mercer Street, New York, NY 10012' },
  },
  registration: {
    type: 'TICKETING',
    status: 'OPEN_TICKETS',
    tickets: {
      lowestPrice: { value: '25.00', currency: 'USD' },
      highestPrice: { value: '60.00', currency: 'USD' },
      soldOut: false,
    },
  },
  _createdDate: '2026-01-01T00:00:00.000Z',
  ...patch,
})

const general = (patch: Partial<TicketDefinition> = {}): TicketDefinition => ({
  _id: '00000000-0000-4000-8000-0000000000a1',
  name: 'General admission',
  description: 'Entry to the show.',
  eventId: '00000000-0000-4000-8000-0000000000e1',
  price: { amount: '25.00', currency: 'USD' },
  free: false,
  limitPerCheckout: 10,
  remaining: 120,
  soldOut: false,
  saleStatus: 'SALE_STARTED',
  ...patch,
})

/** Intl's thin and narrow no-break spaces as plain ones. */
const spaced = (text: string) => text.replace(/\s/g, ' ')

describe('toEventView', () => {
  it('says when in the event’s own zone, and which zone, where, and the range of prices', () => {
    // 22:00 UTC is 6 PM in New York (daylight time), the next day's 01:00 UTC is 9 PM.
    const view = toEventView(trunkShow())
    expect(spaced(view.when)).toBe('Sat, Sep 18, 2027, 6:00 – 9:00 PM')
    expect(view).toMatchObject({
      zone: 'New York time',
      month: 'Sep',
      day: '18',
      place: 'Aisle Demo Store, 120 Mercer Street, New York, NY 10012',
      price: '$25.00 – $60.00',
      badge: undefined,
      imageUrl: undefined,
    })
  })

  it('keeps the event’s picture when the shop gave one', () => {
    const url = 'https://shop.example/media/trunk-show.jpg'
    expect(toEventView(trunkShow({ mainImage: { url } })).imageUrl).toBe(url)
  })

  it('says an online event is online, one price when all cost the same, and "Free" when none costs anything', () => {
    const free = toEventView(
      trunkShow({
        dateAndTimeSettings: {
          startDate: '2027-06-10T17:00:00.000Z',
          endDate: '2027-06-10T18:00:00.000Z',
          timeZoneId: 'Europe/London',
        },
        location: { type: 'ONLINE' },
        registration: {
          type: 'TICKETING',
          status: 'OPEN_TICKETS',
          tickets: {
            lowestPrice: { value: '0.00', currency: 'USD' },
            highestPrice: { value: '0.00', currency: 'USD' },
            soldOut: false,
          },
        },
      }),
    )
    expect(spaced(free.when)).toBe('Thu, Jun 10, 2027, 6:00 – 7:00 PM')
    expect(free).toMatchObject({
      zone: 'London time',
      place: 'Online',
      price: 'Free',
    })
    // An event that ends another day says both dates.
    const overnight = toEventView(
      trunkShow({
        dateAndTimeSettings: {
          startDate: '2027-09-18T22:00:00.000Z',
          endDate: '2027-09-19T06:00:00.000Z',
          timeZoneId: 'America/New_York',
        },
      }),
    )
    expect(spaced(overnight.when)).toBe('Sat, Sep 18, 2027, 6:00 PM – Sun, Sep 19, 2027, 2:00 AM')
    const same = trunkShow().registration
    same.tickets.highestPrice = { value: '25.00', currency: 'USD' }
    expect(toEventView(trunkShow({ registration: same })).price).toBe('$25.00')
  })

  it('marks a sold-out event, and one whose registration closed with tickets left', () => {
    const soldOut = trunkShow().registration
    soldOut.status = 'CLOSED_AUTOMATICALLY'
    soldOut.tickets.soldOut = true
    expect(toEventView(trunkShow({ registration: soldOut })).badge).toBe('Sold out')
    const closed = trunkShow().registration
    closed.status = 'CLOSED_AUTOMATICALLY'
    expect(toEventView(trunkShow({ registration: closed })).badge).toBe('Registration closed')
  })
})

describe('toTicketChoiceView', () => {
  it('offers up to the per-order limit, or fewer when fewer are left', () => {
    expect(toTicketChoiceView(general())).toMatchObject({ price: '$25.00', max: 10, unavailable: undefined })
    expect(toTicketChoiceView(general({ limitPerCheckout: 3, remaining: 3 })).max).toBe(3)
  })

  it('offers none of a sold-out type, nor of one not on sale, and says why', () => {
    expect(toTicketChoiceView(general({ remaining: 0, soldOut: true, limitPerCheckout: 0 }))).toMatchObject({
      max: 0,
      unavailable: 'Sold out',
    })
    expect(toTicketChoiceView(general({ saleStatus: 'SALE_SCHEDULED' }))).toMatchObject({
      max: 0,
      unavailable: 'On sale soon',
    })
    expect(toTicketChoiceView(general({ saleStatus: 'SALE_ENDED' })).unavailable).toBe('No longer on sale')
  })

  it('says a free ticket is free', () => {
    expect(toTicketChoiceView(general({ free: true, price: { amount: '0', currency: 'USD' } })).price).toBe(
      'Free',
    )
  })
})

describe('toZoneName', () => {
  it('names a zone by its city, and leaves a zone without one as it is', () => {
    expect(toZoneName('America/Argentina/Buenos_Aires')).toBe('Buenos Aires time')
    expect(toZoneName('UTC')).toBe('UTC')
  })
})
