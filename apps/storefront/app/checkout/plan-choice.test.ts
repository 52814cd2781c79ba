import { describe, expect, it } from 'vitest'
import { parsePlanChoice, readPlanChoiceForm, toCoveredLines, toSelectedMemberships } from './plan-choice'

describe('the cart page’s plan choice', () => {
  it('reads the form: a plan per line, an empty choice paying normally', () => {
    const form = new FormData()
    form.set('intent', 'plans')
    form.set('plan.line-1', 'membership-a')
    form.set('plan.line-2', '')
    form.set('plan.bad id', 'membership-a')
    expect(readPlanChoiceForm(form)).toEqual({ 'line-1': 'membership-a' })
  })

  it('reads only a well-formed cookie, and nothing from a tampered one', () => {
    expect(parsePlanChoice(JSON.stringify({ 'line-1': 'membership-a', x: 1 }))).toEqual({
      'line-1': 'membership-a',
    })
    expect(parsePlanChoice('{not json')).toEqual({})
    expect(parsePlanChoice(undefined)).toEqual({})
  })

  it('sends the choice as selectedMemberships for the lines still in the cart, and none as an empty list', () => {
    const choice = { 'line-1': 'a', 'line-2': 'a', 'line-3': 'b' }
    expect(toSelectedMemberships(choice, ['line-1', 'line-2'])).toEqual({
      memberships: [{ _id: 'a', appId: 'aisle-plans', lineItemIds: ['line-1', 'line-2'] }],
    })
    expect(toSelectedMemberships({})).toEqual({ memberships: [] })
  })

  it('lists each covered line with its plans, their sessions left and the choice when it is still offered', () => {
    const eligible = [{ _id: 'a', name: 'Club', lineItemIds: ['line-1', 'line-2'] }]
    const lines = toCoveredLines(eligible, new Map([['a', 4]]), { 'line-1': 'a', 'line-2': 'gone' })
    expect(lines).toEqual([
      { lineItemId: 'line-1', plans: [{ membershipId: 'a', name: 'Club', sessionsLeft: 4 }], chosen: 'a' },
      { lineItemId: 'line-2', plans: [{ membershipId: 'a', name: 'Club', sessionsLeft: 4 }] },
    ])
  })
})
