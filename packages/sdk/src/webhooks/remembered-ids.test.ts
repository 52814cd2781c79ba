import { describe, expect, it } from 'vitest'
import { createRememberedIds } from './remembered-ids.js'

describe('createRememberedIds', () => {
  it('remembers ids up to its limit, forgetting the oldest first', () => {
    const ids = createRememberedIds(2)
    ids.add('a')
    ids.add('b')
    expect(ids.has('a')).toBe(true)
    ids.add('c')
    expect([ids.has('a'), ids.has('b'), ids.has('c')]).toEqual([false, true, true])
  })

  it('counts an id added again as the most recent one', () => {
    const ids = createRememberedIds(2)
    ids.add('a')
    ids.add('b')
    ids.add('a')
    ids.add('c')
    expect([ids.has('a'), ids.has('b'), ids.has('c')]).toEqual([true, false, true])
  })

  it('forgets an id on request', () => {
    const ids = createRememberedIds(3)
    ids.add('a')
    ids.delete('a')
    expect(ids.has('a')).toBe(false)
  })
})
