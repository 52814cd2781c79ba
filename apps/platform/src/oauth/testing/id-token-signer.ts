import { constants, createHmac, generateKeyPairSync, type KeyObject, sign } from 'node:crypto'
import type { JwkSet } from '../id-token.ts'

/** An identity provider for tests: key pairs and a signer of compact JWS tokens with any header. */
export function createTestIdentityProvider(issuer = 'https://idp.example') {
  const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 })
  const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  const ed = generateKeyPairSync('ed25519')
  const publicJwk = (key: KeyObject, kid: string) => ({ ...key.export({ format: 'jwk' }), kid, use: 'sig' })
  const jwks: JwkSet = {
    keys: [
      publicJwk(rsa.publicKey, 'rsa-1'),
      publicJwk(ec.publicKey, 'ec-1'),
      publicJwk(ed.publicKey, 'ed-1'),
    ],
  }
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')

  /** A compact JWS of `payload` under `header`, signed as its `alg` says (or not at all for `none`). */
  function signToken(
    payload: Record<string, unknown>,
    header: Record<string, unknown>,
    options: { key?: KeyObject; hmacSecret?: string } = {},
  ) {
    const input = `${encode(header)}.${encode(payload)}`
    const data = Buffer.from(input)
    const alg = header.alg
    let signature: Buffer
    if (alg === 'none') signature = Buffer.alloc(0)
    else if (alg === 'HS256')
      signature = createHmac('sha256', options.hmacSecret ?? '')
        .update(input)
        .digest()
    else if (alg === 'ES256')
      signature = sign('sha256', data, { key: options.key ?? ec.privateKey, dsaEncoding: 'ieee-p1363' })
    else if (alg === 'EdDSA') signature = sign(null, data, options.key ?? ed.privateKey)
    else if (alg === 'PS256')
      signature = sign('sha256', data, {
        key: options.key ?? rsa.privateKey,
        padding: constants.RSA_PKCS1_PSS_PADDING,
        saltLength: 32,
      })
    else signature = sign('sha256', data, options.key ?? rsa.privateKey)
    return `${input}.${signature.toString('base64url')}`
  }

  /** The claims of a fresh ID token for `email`, issued at `now`, for `audience`. */
  function claims(email: string, audience: string, now: Date, extra: Record<string, unknown> = {}) {
    const iat = Math.floor(now.getTime() / 1000)
    return {
      iss: issuer,
      aud: audience,
      sub: `sub-${email}`,
      email,
      email_verified: true,
      iat,
      exp: iat + 300,
      ...extra,
    }
  }

  return { issuer, jwks, rsa, ec, ed, signToken, claims }
}
