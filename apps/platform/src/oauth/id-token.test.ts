import { generateKeyPairSync } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { verifyIdToken } from './id-token.ts'
import { createTestIdentityProvider } from './testing/id-token-signer.ts'

const AUDIENCE = 'aisle-shop'
const NOW = new Date('2026-06-01T12:00:00Z')

// SECURITY.md J1 and the "JWT" family of its test catalogue.
describe('verifyIdToken', () => {
  const idp = createTestIdentityProvider()
  const expected = { keys: idp.jwks, issuer: idp.issuer, audience: AUDIENCE, now: NOW }
  const good = idp.claims('ada@example.com', AUDIENCE, NOW)

  it.each([
    ['RS256', 'rsa-1'],
    ['PS256', 'rsa-1'],
    ['ES256', 'ec-1'],
    ['EdDSA', 'ed-1'],
  ])('accepts a token signed with %s by the configured key', async (alg, kid) => {
    const token = idp.signToken(good, { alg, kid, typ: 'JWT' })
    expect(await verifyIdToken(token, expected)).toEqual({
      ok: true,
      claims: { sub: good.sub, email: good.email, emailVerified: true, exp: good.exp, iat: good.iat },
    })
  })

  const attacker = generateKeyPairSync('rsa', { modulusLength: 2048 })
  const attackerJwk = { ...attacker.publicKey.export({ format: 'jwk' }), kid: 'evil' }
  it.each<[string, () => string, string]>([
    ['alg none', () => idp.signToken(good, { alg: 'none', kid: 'rsa-1' }), 'algorithm not allowed'],
    [
      'HS256 with the public key as secret',
      () =>
        idp.signToken(good, { alg: 'HS256', kid: 'rsa-1' }, { hmacSecret: JSON.stringify(idp.jwks.keys[0]) }),
      'algorithm not allowed',
    ],
    ['an unknown kid', () => idp.signToken(good, { alg: 'RS256', kid: 'nope' }), 'bad signature'],
    [
      'another key behind a jku header',
      () =>
        idp.signToken(
          good,
          { alg: 'RS256', kid: 'rsa-1', jku: 'https://evil.example/jwks' },
          { key: attacker.privateKey },
        ),
      'bad signature',
    ],
    [
      'another key in a jwk header',
      () => idp.signToken(good, { alg: 'RS256', jwk: attackerJwk }, { key: attacker.privateKey }),
      'bad signature',
    ],
    [
      'an RSA key named for the EC one',
      () => idp.signToken(good, { alg: 'RS256', kid: 'ec-1' }),
      'bad signature',
    ],
    [
      'a tampered payload',
      () => tamper(idp.signToken(good, { alg: 'RS256', kid: 'rsa-1' })),
      'bad signature',
    ],
    ['typ at+jwt', () => idp.signToken(good, { alg: 'RS256', kid: 'rsa-1', typ: 'at+jwt' }), 'wrong type'],
    [
      'a crit header',
      () => idp.signToken(good, { alg: 'RS256', kid: 'rsa-1', crit: ['exp'] }),
      'unknown critical header',
    ],
    ['another issuer', () => sign({ iss: 'https://evil.example' }), 'issuer mismatch'],
    ['another audience', () => sign({ aud: 'someone-else' }), 'audience mismatch'],
    ['an audience list without ours', () => sign({ aud: ['a', 'b'] }), 'audience mismatch'],
    ['an expired token (past the 60 s tolerance)', () => sign({ exp: good.iat - 61 }), 'expired'],
    ['no exp', () => sign({ exp: undefined }), 'expired'],
    ['nbf in the future', () => sign({ nbf: good.iat + 120 }), 'not valid yet'],
    ['iat in the future', () => sign({ iat: good.iat + 120, exp: good.iat + 600 }), 'issued in the future'],
    ['a token issued 11 minutes ago', () => sign({ iat: good.iat - 660, exp: good.iat + 60 }), 'too old'],
    ['no subject', () => sign({ sub: '' }), 'no subject'],
    ['no e-mail', () => sign({ email: 42 }), 'no e-mail'],
    ['two parts', () => 'a.b', 'not a compact JWS'],
    [
      'a header that is not JSON',
      () => `bm90IGpzb24.${Buffer.from('{}').toString('base64url')}.sig`,
      'malformed',
    ],
  ])('refuses %s', async (_what, token, reason) => {
    expect(await verifyIdToken(token(), expected)).toEqual({ ok: false, reason })
  })

  it('accepts an audience list that holds ours, and a token without kid when one key fits', async () => {
    expect((await verifyIdToken(sign({ aud: ['other', AUDIENCE] }), expected)).ok).toBe(true)
    expect((await verifyIdToken(idp.signToken(good, { alg: 'ES256' }), expected)).ok).toBe(true)
  })

  function sign(changes: Record<string, unknown>) {
    return idp.signToken({ ...good, ...changes }, { alg: 'RS256', kid: 'rsa-1' })
  }
  function tamper(token: string) {
    const [header, , signature] = token.split('.')
    const payload = Buffer.from(JSON.stringify({ ...good, email: 'mallory@example.com' })).toString(
      'base64url',
    )
    return `${header}.${payload}.${signature}`
  }
})
