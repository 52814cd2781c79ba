import { decodeTokens, type OAuthData, TokenRole } from '@aisle/sdk'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { OAUTH_COOKIE_NAME, sealOAuthData } from '../account/hosted-login.server'
import { SILENT_LOGIN_MESSAGES } from '../account/silent-login.server'
import { SESSION_COOKIE_NAME } from '../platform/aisle.server'
import { callRoute } from '../platform/testing/route-call'
import { action, loader } from './account-login-silent'

// The real route, inside the root's middleware, with the real SDK client; the platform's token endpoint is
// a scripted global `fetch` (the storefront never imports the platform).

const storefront = 'http://shop.test'
const oauthData: OAuthData = {
  redirectUri: `${storefront}/callback`,
  originalUri: '/cart',
  codeVerifier: 'v'.repeat(43),
  codeChallenge: 'challenge-1',
  state: 'state-1',
}

let tokenRequests: Record<string, string>[]
let codeAnswer: 'member-tokens' | 'invalid-grant' | 'network-error'

beforeEach(() => {
  tokenRequests = []
  codeAnswer = 'member-tokens'
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init)
    if (new URL(request.url).pathname !== '/oauth2/token') return Response.json({}, { status: 404 })
    const body = (await request.json()) as Record<string, string>
    tokenRequests.push(body)
    if (body.grantType === 'authorization_code' && codeAnswer === 'network-error')
      throw new TypeError('fetch failed')
    if (body.grantType === 'authorization_code' && codeAnswer === 'invalid-grant')
      return Response.json(
        { error: 'invalid_grant', error_description: 'The code was used' },
        { status: 400 },
      )
    const role = body.grantType === 'authorization_code' ? 'member' : 'visitor'
    return Response.json({
      access_token: `${role}-access`,
      refresh_token: `${role}-refresh`,
      expires_in: 3600,
    })
  })
})

afterEach(() => {
  vi.unstubAllGlobals()
})

/** A post from the sign-in page's script, with the transaction this browser sealed (or another cookie). */
function post(
  fields: Record<string, string>,
  {
    cookie = sealOAuthData(oauthData),
    headers = {},
  }: { cookie?: string | null; headers?: Record<string, string> } = {},
) {
  return new Request(`${storefront}/account/login/silent`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      'Sec-Fetch-Site': 'same-origin',
      Origin: storefront,
      ...(cookie === null ? {} : { Cookie: `${OAUTH_COOKIE_NAME}=${encodeURIComponent(cookie)}` }),
      ...headers,
    },
    body: new URLSearchParams(fields),
  })
}

const run = (request: Request) => callRoute(action, request)
const sessionCookieOf = (setCookies: string[]) =>
  setCookies.find((cookie) => cookie.startsWith(`${SESSION_COOKIE_NAME}=`))
/** The token role the response leaves in the session cookie: `none` when it sets none. */
function roleOf(setCookies: string[]) {
  const session = sessionCookieOf(setCookies)
  const value = decodeURIComponent(session?.split(';')[0]?.split('=')[1] ?? '')
  return value ? decodeTokens(value).refreshToken.role : TokenRole.NONE
}
const clearsTransaction = (setCookies: string[]) =>
  setCookies.some((cookie) => cookie.startsWith(`${OAUTH_COOKIE_NAME}=;`) && cookie.includes('Max-Age=0'))

describe('POST /account/login/silent', () => {
  it('exchanges the frame’s code for the sealed transaction, signs the member in and goes on', async () => {
    const { response, setCookies } = await run(post({ code: 'code-1', state: 'state-1' }))
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe('/cart')
    expect(tokenRequests.find((body) => body.grantType === 'authorization_code')).toMatchObject({
      code: 'code-1',
      codeVerifier: oauthData.codeVerifier,
      redirectUri: oauthData.redirectUri,
    })
    expect(roleOf(setCookies)).toBe(TokenRole.MEMBER)
    expect(sessionCookieOf(setCookies)).toContain('HttpOnly')
    expect(clearsTransaction(setCookies)).toBe(true)
    expect(response.headers.get('Cache-Control')).toContain('no-store')
  })

  it.each([
    ['a state that is not the transaction’s', { code: 'code-1', state: 'attacker-state' }, {}, 'mismatch'],
    ['no state', { code: 'code-1' }, {}, 'expired'],
    ['no code', { state: 'state-1' }, {}, 'expired'],
    ['no sealed transaction', { code: 'code-1', state: 'state-1' }, { cookie: null }, 'expired'],
    [
      'a transaction sealed by someone else',
      { code: 'code-1', state: 'state-1' },
      {
        cookie: `${Buffer.from(JSON.stringify({ ...oauthData, expiresAt: Date.now() + 60_000 })).toString('base64url')}.forged`,
      },
      'expired',
    ],
    [
      'an expired transaction',
      { code: 'code-1', state: 'state-1' },
      { cookie: sealOAuthData(oauthData, Date.now() - 11 * 60_000) },
      'expired',
    ],
  ] as const)('refuses %s in shopper words, setting no tokens', async (_, fields, options, failure) => {
    const { response, body, setCookies } = await run(post(fields, options))
    expect(response.status).toBe(400)
    expect(body).toEqual({ message: SILENT_LOGIN_MESSAGES[failure], hostedLoginLink: expect.any(String) })
    expect(tokenRequests).toEqual([])
    expect(roleOf(setCookies)).toBe(TokenRole.NONE)
    expect(clearsTransaction(setCookies)).toBe(true)
  })

  it('refuses a code the platform no longer takes, and stays a guest', async () => {
    codeAnswer = 'invalid-grant'
    const { response, body, setCookies } = await run(post({ code: 'spent', state: 'state-1' }))
    expect(response.status).toBe(400)
    expect(body).toMatchObject({ message: SILENT_LOGIN_MESSAGES.expired })
    // The SDK may have fetched visitor tokens on the way, never member ones.
    expect(roleOf(setCookies)).not.toBe(TokenRole.MEMBER)
    expect(clearsTransaction(setCookies)).toBe(true)
  })

  it('says the store could not be reached when the token endpoint does not answer', async () => {
    codeAnswer = 'network-error'
    const { response, body } = await run(post({ code: 'code-1', state: 'state-1' }))
    expect(response.status).toBe(503)
    expect(body).toMatchObject({ message: SILENT_LOGIN_MESSAGES.unavailable })
  })

  it.each([
    ['a cross-site post', { 'Sec-Fetch-Site': 'cross-site' }],
    [
      'a same-site post from another origin',
      { 'Sec-Fetch-Site': 'same-site', Origin: 'http://evil.shop.test' },
    ],
  ])('refuses %s with 403 before reading anything', async (_, headers) => {
    const { response, body, setCookies } = await run(post({ code: 'code-1', state: 'state-1' }, { headers }))
    expect(response.status).toBe(403)
    expect(body).toEqual({
      code: 'CROSS_SITE_REQUEST',
      title: 'Not available',
      message: 'This isn’t available to you right now.',
    })
    expect(tokenRequests).toEqual([])
    expect(setCookies).toEqual([])
  })

  it('refuses a post with a foreign Origin and no Fetch Metadata', async () => {
    const request = post(
      { code: 'code-1', state: 'state-1' },
      { headers: { Origin: 'https://evil.example' } },
    )
    request.headers.delete('Sec-Fetch-Site')
    const { response } = await run(request)
    expect(response.status).toBe(403)
    expect(tokenRequests).toEqual([])
  })

  it('sends the shopper back where they were going, never to another site', async () => {
    const hostile = sealOAuthData({ ...oauthData, originalUri: '//evil.example/phish' })
    const { response } = await run(post({ code: 'code-1', state: 'state-1' }, { cookie: hostile }))
    expect(response.headers.get('Location')).toBe('/account')
  })
})

describe('GET /account/login/silent', () => {
  it('leads to the sign-in page', async () => {
    const { response } = await callRoute(loader, new Request(`${storefront}/account/login/silent`))
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe('/account/login')
  })
})
