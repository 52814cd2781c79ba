import { describe, expect, it } from 'vitest'
import { oauthField, toOAuthFields } from './oauth-request.ts'

describe('toOAuthFields', () => {
  it('renames RFC 6749 names to camelCase and keeps camelCase and unknown fields as sent', () => {
    expect(
      toOAuthFields({
        grant_type: 'refresh_token',
        refresh_token: 'r',
        clientId: 'c',
        scope: 'offline_access',
      }),
    ).toEqual({
      ok: true,
      fields: { grantType: 'refresh_token', refreshToken: 'r', clientId: 'c', scope: 'offline_access' },
    })
  })

  it('refuses a field sent under both of its names, even with one value', () => {
    expect(toOAuthFields({ codeVerifier: 'v', code_verifier: 'v' })).toEqual({
      ok: false,
      description: '"codeVerifier" and "code_verifier" name the same parameter: send one',
    })
  })
})

describe('oauthField', () => {
  it('reads a field under either name, the camelCase one first', () => {
    expect(oauthField({ grant_type: 'anonymous' }, 'grantType')).toBe('anonymous')
    expect(oauthField({ grantType: 'a', grant_type: 'b' }, 'grantType')).toBe('a')
    expect(oauthField({}, 'grantType')).toBeUndefined()
  })
})
