import { describe, expect, it } from 'vitest'
import {
  defaultPurchaseLimit,
  expirationOf,
  type HeldMembership,
  mayBuyAgain,
  membershipsForLines,
  unusableMembershipReason,
} from './plan-rules.ts'

const start = new Date('2026-01-31T10:00:00Z')
const club: HeldMembership = {
  id: 'club',
  name: 'Club',
  productIds: ['tee'],
  collectionIds: ['summer'],
  serviceIds: [],
  sessionsLeft: 2,
  expirationDate: new Date('2026-03-01T00:00:00Z'),
}
const lines = [
  { id: 'line-tee', catalogItemId: 'tee', collectionIds: [] },
  { id: 'line-hat', catalogItemId: 'hat', collectionIds: ['summer'] },
  { id: 'line-mug', catalogItemId: 'mug', collectionIds: ['kitchen'] },
  { id: 'line-custom', catalogItemId: undefined, collectionIds: [] },
]

describe('plan rules', () => {
  it('ends a membership after its days, on the last day of a shorter month, or never', () => {
    expect(expirationOf({ unit: 'DAY', count: 30 }, start)).toEqual(new Date('2026-03-02T10:00:00Z'))
    expect(expirationOf({ unit: 'MONTH', count: 1 }, start)).toEqual(new Date('2026-02-28T10:00:00Z'))
    expect(expirationOf({ unit: 'MONTH', count: 13 }, start)).toEqual(new Date('2027-02-28T10:00:00Z'))
    expect(expirationOf(undefined, start)).toBeUndefined()
  })

  it('names the lines a membership covers by product or by collection, with its sessions and expiry', () => {
    expect(membershipsForLines([club], lines)).toEqual([
      {
        id: 'club',
        appId: 'aisle-plans',
        name: 'Club',
        lineItemIds: ['line-tee', 'line-hat'],
        expirationDate: club.expirationDate,
        sessionsLeft: 2,
      },
    ])
  })

  it('offers no membership without sessions left, nor one that covers no line', () => {
    expect(membershipsForLines([{ ...club, sessionsLeft: 0 }], lines)).toEqual([])
    expect(membershipsForLines([{ ...club, productIds: ['other'], collectionIds: [] }], lines)).toEqual([])
    const unlimited = membershipsForLines([{ ...club, sessionsLeft: null, expirationDate: null }], lines)
    expect(unlimited[0]).not.toHaveProperty('sessionsLeft')
    expect(unlimited[0]).not.toHaveProperty('expirationDate')
  })

  it('says why a covering membership cannot pay: expired or out of sessions', () => {
    const now = new Date('2026-02-10T00:00:00Z')
    expect(unusableMembershipReason([club], lines, now)).toBeUndefined()
    expect(unusableMembershipReason([club], lines, club.expirationDate!)).toContain('"Club" has expired')
    expect(unusableMembershipReason([{ ...club, sessionsLeft: 0 }], lines, now)).toContain('no sessions left')
  })

  it('lets a member buy a free plan once and a priced one without limit when the merchant says nothing', () => {
    expect(defaultPurchaseLimit(0)).toBe(1)
    expect(defaultPurchaseLimit(2000)).toBeNull()
    const free = { max_purchases_per_member: defaultPurchaseLimit(0) }
    expect(mayBuyAgain(free, 0)).toBe(true)
    expect(mayBuyAgain(free, 1)).toBe(false)
    const priced = { max_purchases_per_member: defaultPurchaseLimit(2000) }
    expect(mayBuyAgain(priced, 7)).toBe(true)
  })
})
