import { describe, expect, it } from 'vitest'
import { commonPasswordCount } from './common-passwords.ts'
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordViolations } from './password-policy.ts'

describe('passwordViolations', () => {
  it('allows 10 to 256 characters', () => {
    expect([PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH]).toEqual([10, 256])
  })

  it.each([
    ['an empty password', '', 'MIN_LENGTH', 'must be at least 10 characters'],
    ['9 characters', 'a'.repeat(9), 'MIN_LENGTH', 'must be at least 10 characters'],
    [
      '8 characters, the members’ former minimum',
      'a'.repeat(8),
      'MIN_LENGTH',
      'must be at least 10 characters',
    ],
    ['257 characters', 'a'.repeat(257), 'MAX_LENGTH', 'must be at most 256 characters'],
    [
      '1,024 characters, the owners’ former maximum',
      'a'.repeat(1_024),
      'MAX_LENGTH',
      'must be at most 256 characters',
    ],
  ])('refuses %s', (_name, password, violatedRule, description) => {
    expect(passwordViolations(password)).toEqual([{ field: 'password', description, violatedRule }])
  })

  it.each([
    ['10 characters', 'a'.repeat(10)],
    ['256 characters', 'a'.repeat(256)],
    ['spaces and no composition at all', 'correct horse battery staple'],
    ['NUL and characters beyond the BMP', 'a\u0000b 🔑 пароль'],
  ])('accepts %s', (_name, password) => {
    expect(passwordViolations(password)).toEqual([])
  })

  it.each([
    ['a common password', 'qwertyuiop'],
    ['a common password in capitals', 'QwertyUIOP'],
    ['a common password with spaces around it', '  1234567890 '],
    ['a common password of letters and digits', '1q2w3e4r5t'],
  ])('refuses %s, from a list of more than 10,000 breached passwords', (_name, password) => {
    expect(commonPasswordCount()).toBeGreaterThan(10_000)
    expect(passwordViolations(password)).toEqual([
      {
        field: 'password',
        description: 'is one of the most common passwords, which attackers try first: choose another',
        violatedRule: 'OTHER',
        data: { type: 'COMMON_PASSWORD' },
      },
    ])
  })

  it('names the field it is given', () => {
    expect(passwordViolations('short', 'newPassword')).toEqual([
      { field: 'newPassword', description: 'must be at least 10 characters', violatedRule: 'MIN_LENGTH' },
    ])
  })
})
