import type { PublicPlan } from '@aisle/sdk'
import { describe, expect, it } from 'vitest'
import { toPlanView } from './plan-view'

const plan = (patch: Partial<PublicPlan> & { value?: string }): PublicPlan => ({
  _id: '00000000-0000-4000-8000-000000000001',
  name: 'Stationery club',
  description: 'Five stationery items a month for one price.',
  pricing: {
    price: { value: patch.value ?? '20.00', currency: 'USD' },
    singlePaymentForDuration: { count: 1, unit: 'MONTH' },
  },
  sessions: 5,
  productIds: [],
  collectionIds: [],
  ...patch,
})

describe('toPlanView', () => {
  it('says what a priced plan costs, how long it lasts and how many sessions it has, and offers to buy it', () => {
    expect(toPlanView(plan({}))).toMatchObject({
      price: '$20.00',
      duration: '1 month',
      sessions: '5 sessions',
      action: 'Buy',
    })
  })

  it('offers a free plan as free, not for sale', () => {
    const view = toPlanView(
      plan({
        value: '0',
        sessions: 1,
        pricing: {
          price: { value: '0', currency: 'USD' },
          singlePaymentForDuration: { count: 7, unit: 'DAY' },
        },
      }),
    )
    expect(view).toMatchObject({
      price: 'Free',
      duration: '7 days',
      sessions: '1 session',
      action: 'Get it free',
    })
  })

  it('names a plan without an end or a session count', () => {
    const { sessions: _, ...unlimited } = plan({})
    const view = toPlanView({
      ...unlimited,
      pricing: { price: { value: '9.50', currency: 'USD' }, singlePaymentUnlimited: true },
    })
    expect(view).toMatchObject({ duration: 'No end', sessions: 'Unlimited sessions', action: 'Buy' })
  })
})
