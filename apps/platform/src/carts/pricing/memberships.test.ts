import { describe, expect, it } from 'vitest'
import { calculateTotals } from './estimate-totals.ts'
import type { Membership } from './pricing-input.ts'
import { BUFFALO, expectConsistent, line, NOW, pricingInput, US_TAX } from './testing/pricing-fixtures.ts'

const at = (offsetMs: number) => new Date(NOW.getTime() + offsetMs)

const yoga = line({ id: 'yoga', unitPrice: 2500, paymentOption: 'MEMBERSHIP' })
const pilates = line({ id: 'pilates', unitPrice: 3000, paymentOption: 'MEMBERSHIP_OFFLINE' })
const mat = line({ id: 'mat', unitPrice: 4000 })

const gold: Membership = { id: 'gold', appId: 'plans', name: 'Gold', lineItemIds: ['yoga', 'pilates'] }
const silver: Membership = {
  id: 'silver',
  appId: 'plans',
  name: 'Silver',
  lineItemIds: ['yoga'],
  expirationDate: at(60_000),
}
const lapsed: Membership = {
  id: 'lapsed',
  appId: 'plans',
  name: 'Lapsed',
  lineItemIds: ['yoga'],
  expirationDate: at(0),
}
const unrelated: Membership = { id: 'other', appId: 'plans', name: 'Other', lineItemIds: ['mat'] }

describe('memberships', () => {
  it('sorts memberships into eligible and invalid (with the expiration date), ignoring ones for other lines', () => {
    const estimate = calculateTotals(
      pricingInput({ lines: [yoga, pilates, mat], memberships: [gold, silver, lapsed, unrelated] }),
    )
    expect(estimate.membershipOptions.eligibleMemberships).toEqual([
      { id: 'gold', appId: 'plans', name: 'Gold', lineItemIds: ['yoga', 'pilates'] },
      { id: 'silver', appId: 'plans', name: 'Silver', lineItemIds: ['yoga'] },
    ])
    expect(estimate.membershipOptions.invalidMemberships).toEqual([
      {
        membership: { id: 'lapsed', appId: 'plans', name: 'Lapsed', expirationDate: at(0) },
        reason: 'EXPIRED',
      },
    ])
  })

  it('pays each membership line with the first eligible membership when the buyer chose none', () => {
    const estimate = calculateTotals(
      pricingInput({
        lines: [yoga, pilates, mat],
        memberships: [silver, gold],
        billingAddress: BUFFALO,
        tax: US_TAX,
      }),
    )
    expect(estimate.membershipOptions.selectedMemberships).toEqual([
      { id: 'silver', appId: 'plans', lineItemIds: ['yoga'] },
      { id: 'gold', appId: 'plans', lineItemIds: ['pilates'] },
    ])
    expect(
      estimate.lineItems.map((item) => [item.id, item.price, item.tax, item.paidByMembershipId]),
    ).toEqual([
      ['yoga', 0, 0, 'silver'],
      ['pilates', 0, 0, 'gold'],
      ['mat', 4000, 350, undefined],
    ])
    expect(estimate.lineItems[0]?.fullPrice).toBe(2500)
    expect(estimate.priceSummary).toMatchObject({ subtotal: 4000, total: 4350 })
    expect(estimate.violations).toEqual([])
    expectConsistent(estimate)
  })

  it('follows the buyer’s selection', () => {
    const estimate = calculateTotals(
      pricingInput({
        lines: [yoga, pilates],
        memberships: [silver, gold],
        selectedMemberships: [{ id: 'gold', appId: 'plans', lineItemIds: ['yoga'] }],
      }),
    )
    expect(estimate.membershipOptions.selectedMemberships).toEqual([
      { id: 'gold', appId: 'plans', lineItemIds: ['yoga'] },
    ])
    // Pilates was not selected for a membership: it is paid offline, at its price.
    expect(estimate.priceSummary.subtotal).toBe(3000)
    expect(estimate.violations).toEqual([])
  })

  it.each([
    ['an expired membership', { id: 'lapsed', appId: 'plans', lineItemIds: ['yoga'] }],
    ['a membership the buyer does not hold', { id: 'platinum', appId: 'plans', lineItemIds: ['yoga'] }],
    ['a membership that does not cover the line', { id: 'silver', appId: 'plans', lineItemIds: ['pilates'] }],
    ['a membership of another app', { id: 'gold', appId: 'bookings', lineItemIds: ['yoga'] }],
  ])('warns about a selection of %s and does not apply it', (_what, selection) => {
    const estimate = calculateTotals(
      pricingInput({
        lines: [yoga, pilates],
        memberships: [gold, silver, lapsed],
        selectedMemberships: [selection],
      }),
    )
    const lineId = selection.lineItemIds[0]
    expect(estimate.violations).toContainEqual(
      expect.objectContaining({ code: 'MEMBERSHIP_NOT_APPLICABLE', severity: 'WARNING', lineItemId: lineId }),
    )
    expect(estimate.lineItems.find((item) => item.id === lineId)?.paidByMembershipId).toBeUndefined()
  })

  it('is an ERROR when nothing pays for a membership-only line, which is priced in full meanwhile', () => {
    const estimate = calculateTotals(pricingInput({ lines: [yoga, pilates], memberships: [lapsed] }))
    expect(estimate.violations).toEqual([
      {
        code: 'MEMBERSHIP_REQUIRED',
        severity: 'ERROR',
        description: 'This item can only be paid with a membership',
        lineItemId: 'yoga',
      },
    ])
    expect(estimate.priceSummary.subtotal).toBe(5500)
  })

  it('works up to the instant before the expiration date', () => {
    const lastMoment = { ...lapsed, expirationDate: at(1) }
    const estimate = calculateTotals(pricingInput({ lines: [yoga], memberships: [lastMoment] }))
    expect(estimate.lineItems[0]?.paidByMembershipId).toBe('lapsed')
    expect(estimate.membershipOptions.invalidMemberships).toEqual([])
  })

  it('keeps cart discounts off lines a membership pays for', () => {
    const estimate = calculateTotals(
      pricingInput({
        lines: [yoga, mat],
        memberships: [gold],
        merchantDiscounts: [{ discountType: 'GLOBAL', value: { type: 'AMOUNT', amount: 1000 } }],
      }),
    )
    expect(estimate.lineItems.map((item) => item.discount)).toEqual([0, 1000])
    expectConsistent(estimate)
  })

  describe('a line sold for money that a held plan covers (decision 046)', () => {
    const tee = line({ id: 'tee', unitPrice: 2000, membershipOptional: true })
    const cap = line({ id: 'cap', unitPrice: 1500, membershipOptional: true })
    const club: Membership = { id: 'club', appId: 'plans', name: 'Club', lineItemIds: ['tee', 'cap'] }

    it('is paid in full by default and offered, and answered as a MEMBERSHIP line when chosen', () => {
      const byDefault = calculateTotals(pricingInput({ lines: [tee, mat], memberships: [club] }))
      expect(byDefault.lineItems.map((item) => [item.id, item.price, item.paymentOption])).toEqual([
        ['tee', 2000, 'FULL_PAYMENT_ONLINE'],
        ['mat', 4000, 'FULL_PAYMENT_ONLINE'],
      ])
      expect(byDefault.membershipOptions.eligibleMemberships).toEqual([
        { id: 'club', appId: 'plans', name: 'Club', lineItemIds: ['tee'] },
      ])
      expect(byDefault.membershipOptions.selectedMemberships).toEqual([])
      const chosen = calculateTotals(
        pricingInput({
          lines: [tee, mat],
          memberships: [club],
          selectedMemberships: [{ id: 'club', appId: 'plans', lineItemIds: ['tee'] }],
        }),
      )
      expect(chosen.lineItems.map((item) => [item.id, item.price, item.paymentOption])).toEqual([
        ['tee', 0, 'MEMBERSHIP'],
        ['mat', 4000, 'FULL_PAYMENT_ONLINE'],
      ])
      expectConsistent(chosen)
    })

    it('is paid in full, without a violation, when the buyer selects no membership for it', () => {
      const estimate = calculateTotals(
        pricingInput({ lines: [tee], memberships: [club], selectedMemberships: [] }),
      )
      expect(estimate.lineItems.map((item) => [item.price, item.paymentOption])).toEqual([
        [2000, 'FULL_PAYMENT_ONLINE'],
      ])
      expect(estimate.membershipOptions.eligibleMemberships).toHaveLength(1)
      expect(estimate.violations).toEqual([])
    })

    it('pays no more lines than the membership has sessions left', () => {
      const oneLeft = { ...club, sessionsLeft: 1 }
      const chosen = calculateTotals(
        pricingInput({
          lines: [tee, cap],
          memberships: [oneLeft],
          selectedMemberships: [{ id: 'club', appId: 'plans', lineItemIds: ['tee', 'cap'] }],
        }),
      )
      expect(chosen.lineItems.map((item) => item.price)).toEqual([0, 1500])
      expect(chosen.violations.map((violation) => [violation.code, violation.lineItemId])).toEqual([
        ['MEMBERSHIP_NOT_APPLICABLE', 'cap'],
      ])
    })
  })
})
