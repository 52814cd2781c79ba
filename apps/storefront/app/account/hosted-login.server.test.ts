import { createHmac } from 'node:crypto'
import { type OAuthData, TokenRole } from '@aisle/sdk'
import { describe, expect, it } from 'vitest'
import { applicationError, createScriptedClient } from '../platform/testing/scripted-platform'
import {
  finishHostedLogin,
  OAUTH_COOKIE_MAX_AGE_SECONDS,
  OAUTH_COOKIE_NAME,
  openOAuthData,
  readOAuthCookie,
  sealOAuthData,
  serializeOAuthCookie,
  startHostedLogin,
} from './hosted-login.server'

const oauthData: OAuthData = {
  redirectUri: 'http://shop.test/callback',
  originalUri: '/cart',
  codeVerifier: 'verifier-1',
  codeChallenge: 'challenge-1',
  state: 'state-1',
}
const secret = 'test-secret'
const now = 1_800_000_000_000

describe('the sealed login transaction', () => {
  it('opens to the same transaction until it expires', () => {
    const sealed = sealOAuthData(oauthData, now, secret)
    expect(openOAuthData(sealed, now + 1000, secret)).toEqual(oauthData)
    expect(openOAuthData(sealed, now + OAUTH_COOKIE_MAX_AGE_SECONDS * 1000, secret)).toBeUndefined()
  })

  it('refuses a changed payload, a forged signature, another key and garbage', () => {
    const sealed = sealOAuthData(oauthData, now, secret)
    const [, signature] = sealed.split('.')
    const forged = Buffer.from(JSON.stringify({ ...oauthData, state: 'attacker', expiresAt: now + 60_000 }))
    expect(openOAuthData(`${forged.toString('base64url')}.${signature}`, now, secret)).toBeUndefined()
    expect(openOAuthData(`${sealed}x`, now, secret)).toBeUndefined()
    expect(openOAuthData(sealed, now, 'another-secret')).toBeUndefined()
    expect(openOAuthData(`${sealed}.more`, now, secret)).toBeUndefined()
    expect(openOAuthData('', now, secret)).toBeUndefined()
    expect(openOAuthData(undefined, now, secret)).toBeUndefined()
  })

  it('refuses a signed payload that is not a transaction', () => {
    const payload = Buffer.from(JSON.stringify({ state: 'only', expiresAt: now + 60_000 })).toString(
      'base64url',
    )
    const signature = createHmac('sha256', secret).update(payload).digest('base64url')
    expect(openOAuthData(`${payload}.${signature}`, now, secret)).toBeUndefined()
  })

  it('lives in a short-lived HttpOnly SameSite=Lax cookie that scripts cannot read, and is cleared after', () => {
    const header = serializeOAuthCookie('sealed', true)
    expect(header).toBe(
      `${OAUTH_COOKIE_NAME}=sealed; Path=/; Max-Age=${OAUTH_COOKIE_MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax; Secure`,
    )
    expect(serializeOAuthCookie(undefined, false)).toBe(
      `${OAUTH_COOKIE_NAME}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`,
    )
  })

  it('is read back from the request cookies with the process key', () => {
    const sealed = sealOAuthData(oauthData)
    const request = new Request('http://shop.test/callback', {
      headers: { Cookie: `aisle_session=abc; ${OAUTH_COOKIE_NAME}=${encodeURIComponent(sealed)}` },
    })
    expect(readOAuthCookie(request)).toEqual(oauthData)
    expect(readOAuthCookie(new Request('http://shop.test/callback'))).toBeUndefined()
  })
})

/** A platform that opens a hosted-login redirect session and answers the code exchange with `token`. */
function createHostedPlatform(token: Parameters<typeof createScriptedClient>[0][string] | undefined) {
  return createScriptedClient({
    'POST /redirects/v1/redirect-session': ({ body }) => ({
      body: {
        redirectSession: {
          id: 'r1',
          fullUrl: `http://api.test/_auth/authorize?state=${(body as { auth: { authRequest: { state: string } } }).auth.authRequest.state}`,
          sessionToken: 'redirect-1',
        },
      },
    }),
    ...(token ? { 'POST /oauth2/token': token } : {}),
  })
}

describe('a hosted login', () => {
  it('starts a PKCE transaction that comes back to /callback with the answer in the query', async () => {
    const { client, calls } = createHostedPlatform(undefined)
    const started = await startHostedLogin(client, 'http://shop.test', '/cart')
    expect(started.oauthData).toMatchObject({
      redirectUri: 'http://shop.test/callback',
      originalUri: '/cart',
    })
    expect(started.authUrl).toBe(`http://api.test/_auth/authorize?state=${started.oauthData.state}`)
    const [call] = calls
    const authRequest = (
      call?.body as { auth: { authRequest: Record<string, unknown>; prompt: string } } | undefined
    )?.auth
    expect(authRequest?.prompt).toBe('login')
    expect(authRequest?.authRequest).toMatchObject({
      redirectUri: 'http://shop.test/callback',
      responseMode: 'query',
      codeChallenge: started.oauthData.codeChallenge,
      codeChallengeMethod: 'S256',
      state: started.oauthData.state,
    })
  })

  it('signs the member in when the state matches the transaction', async () => {
    const { client } = createHostedPlatform(undefined)
    expect(await finishHostedLogin(client, { code: 'code-1', state: 'state-1' }, oauthData)).toBeUndefined()
    expect((await client.auth.getTokens()).refreshToken.role).toBe(TokenRole.MEMBER)
  })

  it('refuses a state that is not the transaction’s, and a callback without a transaction', async () => {
    const { client } = createHostedPlatform(undefined)
    expect(await finishHostedLogin(client, { code: 'code-1', state: 'attacker' }, oauthData)).toBe('mismatch')
    expect(await finishHostedLogin(client, { code: 'code-1', state: 'state-1' }, undefined)).toBe('expired')
    expect(await finishHostedLogin(client, { state: 'state-1' }, oauthData)).toBe('expired')
    expect(await client.auth.loggedIn()).toBe(false)
  })

  it('tells a cancelled login, a refused one and a store that cannot be reached apart', async () => {
    const { client } = createHostedPlatform(undefined)
    expect(await finishHostedLogin(client, { error: 'access_denied', state: 'state-1' }, oauthData)).toBe(
      'cancelled',
    )
    expect(await finishHostedLogin(client, { error: 'login_required' }, oauthData)).toBe('refused')
    expect(await finishHostedLogin(client, { error: 'temporarily_unavailable' }, undefined)).toBe(
      'unavailable',
    )
  })

  it('tells a spent or expired code from a store that did not answer', async () => {
    const visitorTokens = {
      body: { access_token: 'a', refresh_token: 'r', expires_in: 3600, token_type: 'Bearer' },
    }
    const refused = createHostedPlatform(({ body }) =>
      (body as { grantType: string }).grantType === 'anonymous'
        ? visitorTokens
        : applicationError(400, 'invalid_grant'),
    )
    expect(await finishHostedLogin(refused.client, { code: 'spent', state: 'state-1' }, oauthData)).toBe(
      'expired',
    )
    const down = createHostedPlatform(() => 'network-error')
    expect(await finishHostedLogin(down.client, { code: 'code-1', state: 'state-1' }, oauthData)).toBe(
      'unavailable',
    )
    expect(await refused.client.auth.loggedIn()).toBe(false)
  })
})
