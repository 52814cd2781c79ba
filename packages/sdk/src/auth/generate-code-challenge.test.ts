import { describe, expect, it } from 'vitest'
import { generateCodeChallenge } from './generate-code-challenge.js'
import { generateCodeVerifier } from './generate-code-verifier.js'

describe('generateCodeChallenge', () => {
  it('matches the S256 test vector of RFC 7636 appendix B', async () => {
    expect(await generateCodeChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    )
  })

  it('answers 43 base64url characters for any valid verifier', async () => {
    expect(await generateCodeChallenge(generateCodeVerifier(128))).toMatch(/^[A-Za-z0-9_-]{43}$/)
  })

  it('rejects a verifier outside 43 to 128 unreserved characters', async () => {
    await expect(generateCodeChallenge('too-short')).rejects.toThrowError(
      'Expected a length between 43 and 128',
    )
  })
})
