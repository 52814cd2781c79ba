import { decodeTokens, TokenRole } from '@aisle/sdk'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { OAUTH_COOKIE_NAME, openOAuthData } from '../account/hosted-login.server'
import { SESSION_COOKIE_NAME } from '../platform/aisle.server'
import { callRoute } from '../platform/testing/route-call'
import { action } from './account-login'

// The real sign-in action, inside the root's middleware, with the real SDK client; the platform is a
// scripted global `fetch` answering as apps/platform does (the storefront never imports the platform).

const storefront = 'http://shop.test'

interface PlatformCall {
  key: string
  body: Record<string, unknown> | undefined
}

let calls: PlatformCall[]
let loginAnswers: { status: number; body: unknown }[]

beforeEach(() => {
  calls = []
  loginAnswers = []
  let authorizeState = ''
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init)
    const { pathname } = new URL(request.url)
    const text = await request.text()
    const body = text ? (JSON.parse(text) as Record<string, unknown>) : undefined
    const key = `${request.method} ${pathname}`
    calls.push({ key, body })
    if (key === 'POST /oauth2/token') {
      const role = body?.grantType === 'authorization_code' ? 'member' : 'visitor'
      return Response.json({
        access_token: `${role}-access`,
        refresh_token: `${role}-refresh`,
        expires_in: 3600,
      })
    }
    if (key === 'POST /identity/v2/login') {
      const answer = loginAnswers.shift() ?? {
        status: 200,
        body: { state: 'SUCCESS', sessionToken: 'session-1' },
      }
      return Response.json(answer.body, { status: answer.status })
    }
    if (key === 'POST /redirects/v1/redirect-session') {
      authorizeState = String(
        (body?.auth as { authRequest: { state: string } } | undefined)?.authRequest.state,
      )
      // On the platform's own host, which the SDK follows in Node.
      const fullUrl = `${new URL(request.url).origin}/_auth/authorize?session=redirect-1`
      return Response.json({ redirectSession: { id: 'r1', fullUrl, sessionToken: 'redirect-1' } })
    }
    if (key === 'GET /_auth/authorize') {
      const location = `${storefront}/callback?code=code-1&state=${authorizeState}`
      return new Response(null, { status: 302, headers: { location } })
    }
    if (key === 'GET /identity/v1/captcha-settings')
      return Response.json({
        captchaRequired: true,
        provider: 'test',
        siteKeys: { invisible: 'test-invisible-site-key', visible: 'test-visible-site-key' },
      })
    return Response.json({ message: 'ROUTE_NOT_FOUND' }, { status: 404 })
  })
})

afterEach(() => {
  vi.unstubAllGlobals()
})

function post(fields: Record<string, string>, headers: Record<string, string> = {}) {
  return new Request(`${storefront}/account/login`, {
    method: 'POST',
    headers: { 'Sec-Fetch-Site': 'same-origin', Origin: storefront, ...headers },
    body: new URLSearchParams({
      email: 'ada@example.com',
      password: 'correct horse',
      returnTo: '/cart',
      ...fields,
    }),
  })
}

const cookieValue = (setCookies: string[], name: string) => {
  const found = setCookies.find((cookie) => cookie.startsWith(`${name}=`))
  return found === undefined
    ? undefined
    : decodeURIComponent(found.split(';')[0]?.slice(name.length + 1) ?? '')
}
const roleOf = (setCookies: string[]) => {
  const value = cookieValue(setCookies, SESSION_COOKIE_NAME)
  return value ? decodeTokens(value).refreshToken.role : TokenRole.NONE
}
const authRequestOf = () =>
  calls.find((call) => call.key === 'POST /redirects/v1/redirect-session')?.body?.auth as
    | { prompt: string; authRequest: Record<string, unknown> }
    | undefined

describe('POST /account/login', () => {
  it('from a page that runs scripts, answers the hidden frame’s URL and seals the transaction', async () => {
    const { response, body, setCookies } = await callRoute(action, post({ finish: 'frame' }))
    expect(response.status).toBe(200)
    const sealed = openOAuthData(cookieValue(setCookies, OAUTH_COOKIE_NAME))
    expect(sealed).toMatchObject({ redirectUri: `${storefront}/callback`, originalUri: '/cart' })
    expect(body).toEqual({
      message: '',
      email: 'ada@example.com',
      silentLogin: {
        authUrl: expect.stringMatching(/^http:\/\/[^/]+\/_auth\/authorize\?session=redirect-1$/),
        state: sealed?.state,
        form: 'login',
      },
    })
    // The verifier stays in the HttpOnly cookie: the page gets only the URL and the state.
    expect(JSON.stringify(body)).not.toContain(sealed?.codeVerifier ?? 'no verifier')
    expect(setCookies.find((cookie) => cookie.startsWith(`${OAUTH_COOKIE_NAME}=`))).toMatch(
      /HttpOnly; SameSite=Lax/,
    )
    expect(authRequestOf()).toMatchObject({
      prompt: 'none',
      authRequest: {
        responseMode: 'web_message',
        sessionToken: 'session-1',
        redirectUri: `${storefront}/callback`,
      },
    })
    // Nothing exchanged yet: the browser loads the authorize page, and the storefront exchanges its code.
    expect(calls.map((call) => call.key)).not.toContain('GET /_auth/authorize')
    expect(roleOf(setCookies)).not.toBe(TokenRole.MEMBER)
  })

  it('from a plain form, signs the member in on the server and goes on, as before', async () => {
    const { response, setCookies } = await callRoute(action, post({}))
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe('/cart')
    expect(roleOf(setCookies)).toBe(TokenRole.MEMBER)
    expect(authRequestOf()).toMatchObject({ prompt: 'none', authRequest: { responseMode: 'query' } })
    expect(cookieValue(setCookies, OAUTH_COOKIE_NAME)).toBeUndefined()
  })

  it('shows the captcha when the platform asks for one, and sends the typed answer with the next attempt', async () => {
    const missing = { message: '-19971', details: { applicationError: { code: '-19971', description: 'x' } } }
    loginAnswers.push({ status: 400, body: missing })
    const asked = await callRoute(action, post({}))
    expect(asked.response.status).toBe(400)
    expect(asked.body).toEqual({
      message: 'Please confirm you’re not a robot, then try again.',
      email: 'ada@example.com',
      captcha: { kind: 'test', field: 'captcha' },
    })
    const answered = await callRoute(action, post({ captcha: 'test-pass.a1' }))
    expect(answered.response.status).toBe(302)
    const logins = calls.filter((call) => call.key === 'POST /identity/v2/login')
    expect(logins.map((call) => call.body?.captchaTokens)).toEqual([
      undefined,
      [{ Recaptcha: 'test-pass.a1' }],
    ])
  })

  it('refuses a cross-site post before asking the platform anything', async () => {
    const { response } = await callRoute(
      action,
      post({ finish: 'frame' }, { 'Sec-Fetch-Site': 'cross-site' }),
    )
    expect(response.status).toBe(403)
    expect(calls).toEqual([])
  })
})
