import type { JsonWebKey } from 'node:crypto'
import {
  createLocalJWKSet,
  decodeProtectedHeader,
  errors,
  type JWK,
  type JWTPayload,
  type JWTVerifyGetKey,
  jwtVerify,
} from 'jose'

/** A JWK Set: an identity provider's public signing keys. */
export interface JwkSet {
  keys: readonly JsonWebKey[]
}

/** What an ID token must match, and when "now" is. */
export interface IdTokenExpectations {
  /** The provider's keys: a set, or a lookup that finds the key a token names (fetched keys). */
  keys: JwkSet | JWTVerifyGetKey
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

// The allow-list (SECURITY.md J1): asymmetric only, so no `none` and no HS256 "signed" with a public key.
const ALGORITHMS = ['RS256', 'PS256', 'ES256', 'EdDSA']

/** The refusal reason of one of jose's errors; `undefined` for an error that is not about the token. */
function reasonOf(error: unknown): string | undefined {
  if (error instanceof errors.JWTExpired) return error.claim === 'iat' ? 'too old' : 'expired'
  if (error instanceof errors.JWTClaimValidationFailed) {
    const reasons: Record<string, string> = {
      iss: 'issuer mismatch',
      aud: 'audience mismatch',
      exp: 'expired',
      nbf: 'not valid yet',
      iat: 'issued in the future',
      sub: 'no subject',
    }
    return reasons[error.claim] ?? `bad claim ${error.claim}`
  }
  if (
    error instanceof errors.JWSSignatureVerificationFailed ||
    error instanceof errors.JWKSNoMatchingKey ||
    // Without a `kid`, only a set with one fitting key says which key signed.
    error instanceof errors.JWKSMultipleMatchingKeys
  )
    return 'bad signature'
  if (error instanceof errors.JOSEAlgNotAllowed) return 'algorithm not allowed'
  if (error instanceof errors.JOSEError) return 'malformed'
  return undefined
}

/** The claims jose does not check: a subject and an e-mail, and the names when given. */
function checkClaims(payload: JWTPayload): IdTokenResult {
  const { sub, email, exp, iat } = payload
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
      exp: exp!,
      iat: iat!,
      ...(givenName || familyName ? { name: { givenName, familyName } } : {}),
    },
  }
}

/**
 * Verifies an OpenID Connect ID token (a compact JWS) with jose against an identity provider's keys:
 * the algorithm from an asymmetric allow-list, the key from the provider's set only (`jku`, `x5u` and
 * `jwk` headers are never followed), `typ` JWT if present, no `crit`, the signature before any claim,
 * then issuer, audience, expiry, not-before and issue time with a small tolerance, and a subject and
 * e-mail. Errors of a key lookup that are not about the token (keys that cannot be fetched) propagate.
 *
 * @see SECURITY.md J1; https://openid.net/specs/openid-connect-core-1_0.html#IDTokenValidation
 */
export async function verifyIdToken(token: string, expected: IdTokenExpectations): Promise<IdTokenResult> {
  if (token.split('.').length !== 3 || token.length > 16_000)
    return { ok: false, reason: 'not a compact JWS' }
  let header: ReturnType<typeof decodeProtectedHeader>
  try {
    header = decodeProtectedHeader(token)
  } catch {
    return { ok: false, reason: 'malformed' }
  }
  if (typeof header.alg !== 'string' || !ALGORITHMS.includes(header.alg))
    return { ok: false, reason: 'algorithm not allowed' }
  // jose would refuse a token without `typ` when asked for one: ID tokens often have none.
  if (header.typ !== undefined && String(header.typ).toUpperCase() !== 'JWT')
    return { ok: false, reason: 'wrong type' }
  if (header.crit !== undefined) return { ok: false, reason: 'unknown critical header' }
  const tolerance = expected.clockToleranceSeconds ?? 60
  try {
    const keys =
      typeof expected.keys === 'function'
        ? expected.keys
        : createLocalJWKSet({ keys: [...expected.keys.keys] as JWK[] })
    const { payload } = await jwtVerify(token, keys, {
      algorithms: ALGORITHMS,
      issuer: expected.issuer,
      audience: expected.audience,
      currentDate: expected.now,
      clockTolerance: tolerance,
      // jose allows the tolerance on top of the age: the age itself stays within `maxAgeSeconds`.
      maxTokenAge: (expected.maxAgeSeconds ?? 600) - tolerance,
      requiredClaims: ['exp', 'sub'],
    })
    return checkClaims(payload)
  } catch (error) {
    const reason = reasonOf(error)
    if (reason === undefined) throw error
    return { ok: false, reason }
  }
}
