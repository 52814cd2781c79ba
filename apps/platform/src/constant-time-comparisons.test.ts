import { timingSafeEqual } from 'node:crypto'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createLinkSigner } from './digital/signed-links.ts'
import { isVerifierOfChallenge, toS256Challenge } from './oauth/pkce.ts'
import { hasMetricsToken } from './observability/metrics-routes.ts'
import { isCsrfTokenValid } from './pages/csrf.ts'

// The real comparison, watched: which buffers each check hands it.
vi.mock('node:crypto', async (importOriginal) => {
  const crypto = await importOriginal<typeof import('node:crypto')>()
  return { ...crypto, timingSafeEqual: vi.fn(crypto.timingSafeEqual) }
})

const compared = vi.mocked(timingSafeEqual)

/** The lengths of the two sides of every comparison since the last reset. */
const comparedLengths = () => compared.mock.calls.map(([a, b]) => [a.byteLength, b.byteLength])

describe('H5: secrets are compared in constant time, whatever length is presented', () => {
  beforeEach(() => {
    compared.mockClear()
  })

  const secret = 'metrics-token-0123456789abcdef0123456789'

  it.each([
    ['the right token', secret, true],
    ['a one-character token', 'x', false],
    ['the token with one character more', `${secret}x`, false],
    ['a 10,000-character token', 'y'.repeat(10_000), false],
  ])(
    'checks the metrics bearer token against %s with one comparison of two SHA-256 digests',
    (_what, presented, isRight) => {
      expect(hasMetricsToken(`Bearer ${presented}`, secret)).toBe(isRight)
      expect(comparedLengths()).toEqual([[32, 32]])
    },
  )

  it.each([
    ['the right token', secret, true],
    ['a one-character token', 'x', false],
    ['a 10,000-character token', 'y'.repeat(10_000), false],
  ])(
    'checks a form’s CSRF token against %s with one comparison of two SHA-256 digests',
    (_what, presented, isRight) => {
      expect(isCsrfTokenValid(secret, presented)).toBe(isRight)
      expect(comparedLengths()).toEqual([[32, 32]])
    },
  )

  it('checks a PKCE verifier of any allowed length with one comparison of two SHA-256 digests', () => {
    const verifier = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk'
    const challenge = toS256Challenge(verifier)
    for (const [presented, isRight] of [
      [verifier, true],
      ['a'.repeat(43), false],
      ['b'.repeat(128), false],
    ] as const) {
      compared.mockClear()
      expect(isVerifierOfChallenge(presented, challenge)).toBe(isRight)
      expect(comparedLengths()).toEqual([[32, 32]])
    }
  })

  it.each([
    ['the right signature', true],
    ['a one-character signature', false],
    ['a 10,000-character signature', false],
  ])('checks a download link against %s with one comparison of two SHA-256 digests', (what, isRight) => {
    const signer = createLinkSigner(new Uint8Array(32).fill(7))
    const now = new Date('2026-06-01T12:00:00Z')
    const link = signer.sign(['file', 'f'], new Date(now.getTime() + 60_000))
    const presented = isRight ? link.signature : what.startsWith('a one') ? 'x' : 'y'.repeat(10_000)
    compared.mockClear()
    expect(signer.check(['file', 'f'], link.expires, presented, now)).toBe(isRight ? 'valid' : 'invalid')
    expect(comparedLengths()).toEqual([[32, 32]])
  })
})
