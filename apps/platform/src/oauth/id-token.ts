import { constants, createPublicKey, type JsonWebKey, type KeyObject, verify } from 'node:crypto'

/** A JWK Set: an identity provider's public signing keys. */
export interface JwkSet {
  keys: readonly JsonWebKey[]
}

/** What an ID token must match, and when "now" is. */
export interface IdTokenExpectations {
  keys: JwkSet
  issuer: string
  audience: string
  now: Date
  /** Allowed clock difference, both ways (60 s). */
  clockToleranceSeconds?: number
  /** An ID token issued longer ago than this is refused (10 minutes): it is exchanged at once. */
  maxAgeSeconds?: number
}

/** The claims of a verified ID token this platform uses. */
export interface IdTokenClaims {
  sub: string
  email: string
  emailVerified: boolean
  exp: number
  iat: number
  name?: { givenName?: string; familyName?: string }
}

export type IdTokenResult = { ok: true; claims: IdTokenClaims } | { ok: false; reason: string }

type Algorithm = 'RS256' | 'PS256' | 'ES256' | 'EdDSA'

// The allow-list (SECURITY.md J1): asymmetric only, so no `none` and no HS256 "signed" with a public key.
const ALGORITHMS: Readonly<Record<Algorithm, { kty: string; crv?: string }>> = {
  RS256: { kty: 'RSA' },
  PS256: { kty: 'RSA' },
  ES256: { kty: 'EC', crv: 'P-256' },
  EdDSA: { kty: 'OKP', crv: 'Ed25519' },
}

function decodePart(part: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'))
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined
  } catch {
    return undefined
  }
}

/** The keys of the set that may have signed with `alg` and `kid`: matching type, curve, use and name. */
function candidateKeys(keys: JwkSet, alg: Algorithm, kid: unknown): KeyObject[] {
  const wanted = ALGORITHMS[alg]
  const matching = keys.keys.filter(
    (key) =>
      key.kty === wanted.kty &&
      (wanted.crv === undefined || key.crv === wanted.crv) &&
      (key.use === undefined || key.use === 'sig') &&
      ((key as { alg?: string }).alg === undefined || (key as { alg?: string }).alg === alg) &&
      (kid === undefined || (key as { kid?: string }).kid === kid),
  )
  // Without a `kid`, only a set with one fitting key says which key signed.
  if (kid === undefined && matching.length !== 1) return []
  return matching.flatMap((key) => {
    try {
      return [createPublicKey({ key, format: 'jwk' })]
    } catch {
      return []
    }
  })
}

function isSignedBy(key: KeyObject, alg: Algorithm, data: Buffer, signature: Buffer): boolean {
  try {
    if (alg === 'EdDSA') return verify(null, data, key, signature)
    if (alg === 'ES256') return verify('sha256', data, { key, dsaEncoding: 'ieee-p1363' }, signature)
    if (alg === 'PS256')
      return verify(
        'sha256',
        data,
        { key, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: 32 },
        signature,
      )
    return verify('sha256', data, key, signature)
  } catch {
    // A signature of the wrong size for its key, say.
    return false
  }
}

function hasAudience(aud: unknown, audience: string): boolean {
  return aud === audience || (Array.isArray(aud) && aud.includes(audience))
}

/** Checks the claims of a token whose signature is good: issuer, audience, times, subject and e-mail. */
function checkClaims(payload: Record<string, unknown>, expected: IdTokenExpectations): IdTokenResult {
  const now = Math.floor(expected.now.getTime() / 1000)
  const tolerance = expected.clockToleranceSeconds ?? 60
  const { iss, aud, exp, nbf, iat, sub, email } = payload
  if (iss !== expected.issuer) return { ok: false, reason: 'issuer mismatch' }
  if (!hasAudience(aud, expected.audience)) return { ok: false, reason: 'audience mismatch' }
  if (typeof exp !== 'number' || exp + tolerance <= now) return { ok: false, reason: 'expired' }
  if (nbf !== undefined && (typeof nbf !== 'number' || nbf - tolerance > now))
    return { ok: false, reason: 'not valid yet' }
  if (typeof iat !== 'number' || iat - tolerance > now) return { ok: false, reason: 'issued in the future' }
  if (now - iat > (expected.maxAgeSeconds ?? 600)) return { ok: false, reason: 'too old' }
  if (typeof sub !== 'string' || sub.length === 0 || sub.length > 255)
    return { ok: false, reason: 'no subject' }
  if (typeof email !== 'string' || email.length > 320) return { ok: false, reason: 'no e-mail' }
  const givenName = typeof payload.given_name === 'string' ? payload.given_name.slice(0, 200) : undefined
  const familyName = typeof payload.family_name === 'string' ? payload.family_name.slice(0, 200) : undefined
  return {
    ok: true,
    claims: {
      sub,
      email,
      emailVerified: payload.email_verified === true,
      exp,
      iat,
      ...(givenName || familyName ? { name: { givenName, familyName } } : {}),
    },
  }
}

/**
 * Verifies an OpenID Connect ID token (a compact JWS) against an identity provider's configured keys:
 * the algorithm from an asymmetric allow-list, the key from the configured set only (`jku`, `x5u` and
 * `jwk` headers are never followed), `typ` JWT if present, the signature before any claim, then
 * issuer, audience, expiry, not-before and issue time with a small tolerance, and a subject and e-mail.
 *
 * @see SECURITY.md J1; https://openid.net/specs/openid-connect-core-1_0.html#IDTokenValidation
 */
export function verifyIdToken(token: string, expected: IdTokenExpectations): IdTokenResult {
  const parts = token.split('.')
  if (parts.length !== 3 || token.length > 16_000) return { ok: false, reason: 'not a compact JWS' }
  const [headerPart = '', payloadPart = '', signaturePart = ''] = parts
  const header = decodePart(headerPart)
  const payload = decodePart(payloadPart)
  if (!header || !payload) return { ok: false, reason: 'malformed' }
  const alg = header.alg
  if (typeof alg !== 'string' || !Object.hasOwn(ALGORITHMS, alg))
    return { ok: false, reason: 'algorithm not allowed' }
  if (header.typ !== undefined && String(header.typ).toUpperCase() !== 'JWT')
    return { ok: false, reason: 'wrong type' }
  if (header.crit !== undefined) return { ok: false, reason: 'unknown critical header' }
  const data = Buffer.from(`${headerPart}.${payloadPart}`, 'ascii')
  const signature = Buffer.from(signaturePart, 'base64url')
  const keys = candidateKeys(expected.keys, alg as Algorithm, header.kid)
  if (!keys.some((key) => isSignedBy(key, alg as Algorithm, data, signature)))
    return { ok: false, reason: 'bad signature' }
  return checkClaims(payload, expected)
}
