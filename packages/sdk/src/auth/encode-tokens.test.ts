import { describe, expect, it } from 'vitest'
import { encodeTextBase64Url } from '../encoding/base64url.js'
import { decodeTokens, encodeTokens } from './encode-tokens.js'
import { createEmptyTokens, TokenRole, type Tokens } from './tokens.js'

const tokens: Tokens = {
  accessToken: { value: 'OauthNG.JWS.eyJraWQiOi+/=', expiresAt: 1_740_000_000 },
  refreshToken: { value: 'refresh-é-✓', role: TokenRole.MEMBER },
}

describe('encodeTokens', () => {
  it('round-trips through decodeTokens', () => {
    expect(decodeTokens(encodeTokens(tokens))).toEqual(tokens)
  })

  it('produces a value safe in a cookie without escaping', () => {
    expect(encodeTokens(tokens)).toMatch(/^[A-Za-z0-9_-]+$/)
  })
})

describe('decodeTokens', () => {
  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['not base64url', '%%%not-base64%%%'],
    ['base64url of garbage', encodeTextBase64Url('{"a":')],
    ['the wrong shape', encodeTextBase64Url('{"accessToken":"x"}')],
    ['an unknown role', encodeTextBase64Url('["a",1,"r","admin"]')],
    ['a non-numeric expiry', encodeTextBase64Url('["a","soon","r","visitor"]')],
    ['a truncated value', encodeTokens(tokens).slice(0, 20)],
  ])('reads %s as empty tokens', (_name, value) => {
    expect(decodeTokens(value)).toEqual(createEmptyTokens())
  })
})
