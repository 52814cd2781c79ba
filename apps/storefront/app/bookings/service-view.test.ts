import type { Service } from '@aisle/sdk'
import { describe, expect, it } from 'vitest'
import { toDurationWords, toServiceView } from './service-view'

function service(payment: Partial<Service['payment']>, minutes = 45): Service {
  return {
    _id: '00000000-0000-4000-8000-000000000001',
    name: 'Tailored fitting',
    description: 'A tailor measures you.',
    type: 'APPOINTMENT',
    defaultCapacity: 1,
    mainSlug: { name: 'tailored-fitting' },
    schedule: {
      _id: '00000000-0000-4000-8000-000000000002',
      availabilityConstraints: { sessionDurations: [minutes], timeBetweenSessions: 15 },
    },
    payment: {
      rateType: 'FIXED',
      options: { online: true, inPerson: true, deposit: false, pricingPlan: false },
      ...payment,
    },
    media: { items: [] },
    onlineBooking: { enabled: true },
    _createdDate: '2026-01-01T00:00:00.000Z',
  }
}

describe('toServiceView', () => {
  it('shows the picture the merchant set, and none when there is none', () => {
    const url = 'https://pictures.example/fitting.jpg'
    const image = { image: { url, altText: 'Tailored fitting' } }
    const pictured = { ...service({}), media: { mainMedia: image, items: [image] } }
    expect(toServiceView(pictured).pictureUrl).toBe(url)
    expect(toServiceView(service({})).pictureUrl).toBeUndefined()
  })

  it('says what a priced service costs, how long it lasts and how it may be paid', () => {
    const view = toServiceView(service({ fixed: { price: { value: '40.00', currency: 'USD' } } }))
    expect(view).toMatchObject({
      slug: 'tailored-fitting',
      duration: '45 minutes',
      price: '$40.00',
      payment: 'Pay online or in person',
    })
  })

  it('says "Free" for a service without a fee, with no way to pay', () => {
    const view = toServiceView(
      service({
        rateType: 'NO_FEE',
        options: { online: false, inPerson: true, deposit: false, pricingPlan: false },
      }),
    )
    expect(view).toMatchObject({ price: 'Free', payment: undefined })
  })

  it('says what the shop says of a price on request, or "Price on request" when it says nothing', () => {
    expect(toServiceView(service({ rateType: 'CUSTOM', custom: { description: 'From $90' } })).price).toBe(
      'From $90',
    )
    expect(toServiceView(service({ rateType: 'CUSTOM', custom: { description: ' ' } })).price).toBe(
      'Price on request',
    )
  })

  it('says a service a paid plan may pay for can be paid with a plan, and nothing of plans otherwise', () => {
    const withPlan = service({
      rateType: 'NO_FEE',
      options: { online: false, inPerson: true, pricingPlan: true, deposit: false },
    })
    expect(toServiceView(withPlan).plan).toBe('Can be paid with a plan')
    expect(toServiceView(service({})).plan).toBeUndefined()
  })

  it('names a service paid only online, or only in person', () => {
    const fixed = { fixed: { price: { value: '10', currency: 'USD' } } }
    expect(
      toServiceView(
        service({ ...fixed, options: { online: true, inPerson: false, deposit: false, pricingPlan: false } }),
      ).payment,
    ).toBe('Pay online')
    expect(
      toServiceView(
        service({ ...fixed, options: { online: false, inPerson: true, deposit: false, pricingPlan: false } }),
      ).payment,
    ).toBe('Pay in person')
  })

  it('names a deposit online with its amount', () => {
    const fixed = {
      fixed: { price: { value: '40', currency: 'USD' }, deposit: { value: '10', currency: 'USD' } },
    }
    expect(
      toServiceView(
        service({ ...fixed, options: { online: false, inPerson: false, deposit: true, pricingPlan: false } }),
      ).payment,
    ).toBe('Pay a deposit of $10.00 online, the rest at the appointment')
    expect(
      toServiceView(
        service({ ...fixed, options: { online: true, inPerson: true, deposit: true, pricingPlan: false } }),
      ).payment,
    ).toBe('Pay online, in person, or a deposit of $10.00 online')
  })
})

describe('toDurationWords', () => {
  it('writes minutes and hours as words', () => {
    expect(toDurationWords(15)).toBe('15 minutes')
    expect(toDurationWords(1)).toBe('1 minute')
    expect(toDurationWords(60)).toBe('1 hour')
    expect(toDurationWords(90)).toBe('1 hour 30 minutes')
    expect(toDurationWords(120)).toBe('2 hours')
  })
})
