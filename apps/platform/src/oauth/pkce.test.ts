import { describe, expect, it } from 'vitest'
import { isPkceValue, isVerifierOfChallenge, toS256Challenge } from './pkce.ts'

describe('PKCE S256', () => {
  const verifier = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk'
  const challenge = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM'

  it('derives the challenge of RFC 7636 appendix B', () => {
    expect(toS256Challenge(verifier)).toBe(challenge)
    expect(isVerifierOfChallenge(verifier, challenge)).toBe(true)
  })

  it('refuses a verifier that is not the challenge’s, or is the challenge itself (plain)', () => {
    expect(isVerifierOfChallenge(`${verifier.slice(0, -1)}Y`, challenge)).toBe(false)
    expect(isVerifierOfChallenge(challenge, challenge)).toBe(false)
    expect(isVerifierOfChallenge(verifier, verifier)).toBe(false)
    expect(isVerifierOfChallenge(verifier, '')).toBe(false)
  })

  it.each([
    ['42 characters', 'a'.repeat(42)],
    ['129 characters', 'a'.repeat(129)],
    ['a space', `${'a'.repeat(42)} `],
    ['a plus sign', `${'a'.repeat(42)}+`],
    ['a slash', `${'a'.repeat(42)}/`],
    ['padding', `${'a'.repeat(42)}=`],
    ['a non-ASCII letter', `${'a'.repeat(42)}é`],
    ['nothing', ''],
  ])('refuses a verifier of %s', (_what, bad) => {
    expect(isPkceValue(bad)).toBe(false)
    expect(isVerifierOfChallenge(bad, toS256Challenge(bad))).toBe(false)
  })

  it('accepts 43 and 128 characters of the unreserved set', () => {
    expect(isPkceValue(`${'A-._~'.repeat(8)}abc`)).toBe(true)
    expect(isPkceValue('z'.repeat(128))).toBe(true)
  })
})
