import { describe, expect, it } from 'vitest'
import { toMemberName } from './member.server'

describe('toMemberName', () => {
  it('greets by nickname, else by full name, else by the e-mail’s local part', () => {
    const email = { address: 'ada.l@example.com' }
    expect(toMemberName({ email, identityProfile: { nickname: ' Ada ', firstName: 'Augusta' } })).toBe('Ada')
    expect(toMemberName({ email, identityProfile: { firstName: 'Ada', lastName: 'Lovelace' } })).toBe(
      'Ada Lovelace',
    )
    expect(toMemberName({ email, identityProfile: { nickname: '  ' } })).toBe('ada.l')
    expect(toMemberName({})).toBeUndefined()
  })
})
