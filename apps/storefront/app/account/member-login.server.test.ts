import { createClient, OAuthStrategy } from '@aisle/sdk'
import { describe, expect, it } from 'vitest'
import { type AisleClient, STOREFRONT_MODULES } from '../platform/aisle.server'
import {
  loginMember,
  logoutMember,
  RESET_REQUESTED_MESSAGE,
  registerMember,
  requestPasswordReset,
  verifyMember,
} from './member-login.server'

// The real SDK client on a scripted `fetch` that answers as the platform does (apps/platform/src/identity
// and src/redirects): the storefront never imports the platform, so its wire answers are written out here.

/** `as-platform`: the scripted platform's own answer (an auth redirect session it accepts). */
type Answer = { status?: number; body: unknown } | 'network-error' | 'as-platform'

function applicationError(status: number, code: string): Answer {
  return { status, body: { message: code, details: { applicationError: { description: code, code } } } }
}

/** Each request answers with its key's answer; a list answers its requests in turn. */
function createScriptedClient(answers: Record<string, Answer | Answer[]>) {
  const calls: string[] = []
  const bodies: unknown[] = []
  let authorizeState = ''
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init)
    const { pathname } = new URL(request.url)
    const text = await request.text()
    const body = text ? JSON.parse(text) : undefined
    const key = `${request.method} ${pathname}`
    calls.push(key === 'POST /oauth2/token' ? `${key} ${body.grantType}` : key)
    bodies.push(body)
    if (key === 'POST /oauth2/token') {
      const prefix = body.grantType === 'authorization_code' ? 'member' : 'visitor'
      return Response.json({
        access_token: `${prefix}-access`,
        refresh_token: `${prefix}-refresh`,
        expires_in: 3600,
        token_type: 'Bearer',
      })
    }
    // An auth redirect session is scripted apart (`… auth`), so a test can refuse it and not a logout's.
    const scriptedKey = key === 'POST /redirects/v1/redirect-session' && body.auth ? `${key} auth` : key
    const scripted = answers[scriptedKey]
    const answer = Array.isArray(scripted) ? scripted.shift() : scripted
    if (scriptedKey === 'POST /redirects/v1/redirect-session auth' && (!answer || answer === 'as-platform')) {
      authorizeState = body.auth.authRequest.state
      const fullUrl = 'http://api.test/_auth/authorize?session=redirect-1'
      return Response.json({ redirectSession: { id: 'r1', fullUrl, sessionToken: 'redirect-1' } })
    }
    if (key === 'GET /_auth/authorize') {
      const location = `http://localhost:3000/callback?code=code-1&state=${authorizeState}`
      return new Response(null, { status: 302, headers: { location } })
    }
    if (answer === 'network-error') throw new TypeError('fetch failed')
    if (!answer || answer === 'as-platform')
      return Response.json({ message: 'ROUTE_NOT_FOUND' }, { status: 404 })
    return Response.json(answer.body, { status: answer.status ?? 200 })
  }
  const client: AisleClient = createClient({
    auth: OAuthStrategy({ clientId: 'client-1' }),
    modules: STOREFRONT_MODULES,
    baseUrl: 'http://api.test',
    fetch,
  })
  return { client, calls, bodies }
}

const credentials = { email: 'ada@example.com', password: 'correct horse battery' }

describe('loginMember', () => {
  it('turns a SUCCESS into member tokens through the redirect session and the code exchange', async () => {
    const { client, calls } = createScriptedClient({
      'POST /identity/v2/login': { body: { state: 'SUCCESS', sessionToken: 'session-1' } },
    })
    expect(await loginMember(client, credentials)).toBeUndefined()
    expect(await client.auth.loggedIn()).toBe(true)
    expect((await client.auth.getTokens()).accessToken.value).toBe('member-access')
    expect(calls).toEqual([
      'POST /oauth2/token anonymous',
      'POST /identity/v2/login',
      'POST /redirects/v1/redirect-session',
      'GET /_auth/authorize',
      'POST /oauth2/token authorization_code',
    ])
  })

  it('refuses a wrong password in words that reveal nothing, and keeps the visitor', async () => {
    const { client } = createScriptedClient({ 'POST /identity/v2/login': applicationError(400, '-19976') })
    expect(await loginMember(client, credentials)).toEqual({
      message: 'That e-mail and password don’t match an account. Check them and try again.',
      status: 400,
    })
    expect(await client.auth.loggedIn()).toBe(false)
  })

  it('tells a member waiting for approval so, without signing them in', async () => {
    const { client } = createScriptedClient({
      'POST /identity/v2/login': { body: { state: 'REQUIRE_OWNER_APPROVAL' } },
    })
    expect(await loginMember(client, credentials)).toMatchObject({ status: 403 })
    expect(await client.auth.loggedIn()).toBe(false)
  })

  it.each<Answer>(['network-error', applicationError(503, 'UNAVAILABLE')])(
    'says the store could not be reached when the platform does not answer (%j)',
    async (answer) => {
      const { client } = createScriptedClient({ 'POST /identity/v2/login': answer })
      expect(await loginMember(client, credentials)).toEqual({
        message: 'We couldn’t reach the store just now. Please try again in a moment.',
        status: 503,
      })
    },
  )

  it('asks the shopper to wait when the platform refuses more attempts from them (429)', async () => {
    const { client } = createScriptedClient({
      'POST /identity/v2/login': applicationError(429, 'TOO_MANY_REQUESTS'),
    })
    expect(await loginMember(client, credentials)).toEqual({
      message: 'There have been too many attempts just now. Please wait a few minutes and try again.',
      status: 429,
    })
  })
})

describe('registerMember', () => {
  it('registers with the name as the profile and signs the new member in', async () => {
    const { client } = createScriptedClient({
      'POST /identity/v2/register': { body: { state: 'SUCCESS', sessionToken: 'session-1' } },
    })
    expect(await registerMember(client, { ...credentials, name: 'Ada' })).toBeUndefined()
    expect(await client.auth.loggedIn()).toBe(true)
  })

  it('says an e-mail is taken in shopper words', async () => {
    const { client } = createScriptedClient({ 'POST /identity/v2/register': applicationError(409, '-19995') })
    expect(await registerMember(client, { ...credentials, name: '' })).toEqual({
      message: 'An account with that e-mail already exists. Sign in instead.',
      status: 400,
    })
  })
})

describe('verifyMember', () => {
  const pending = { body: { state: 'REQUIRE_EMAIL_VERIFICATION', stateToken: 'state-1' } }

  it('asks for the e-mailed code after a sign-up, then signs the member in with it', async () => {
    const { client, calls } = createScriptedClient({
      'POST /identity/v2/register': pending,
      'POST /identity/v1/auth/verify': { body: { state: 'SUCCESS', sessionToken: 'session-1' } },
    })
    expect(await registerMember(client, { ...credentials, name: '' })).toEqual({
      message: 'Please confirm your e-mail address: we’ve e-mailed you a code. Enter it below.',
      status: 403,
      stateToken: 'state-1',
    })
    expect(await client.auth.loggedIn()).toBe(false)
    expect(await verifyMember(client, { stateToken: 'state-1', code: '123456' })).toBeUndefined()
    expect(await client.auth.loggedIn()).toBe(true)
    expect(calls).toContain('POST /oauth2/token authorization_code')
  })

  it('keeps the code step after a wrong code, in shopper words', async () => {
    const { client } = createScriptedClient({
      'POST /identity/v1/auth/verify': applicationError(400, 'INVALID_VERIFICATION_CODE'),
    })
    expect(await verifyMember(client, { stateToken: 'state-1', code: '000000' })).toEqual({
      message: 'That code isn’t right or has expired. Check the latest e-mail from us and try again.',
      status: 400,
      stateToken: 'state-1',
    })
    expect(await client.auth.loggedIn()).toBe(false)
  })

  it('tells a member whose account now waits for the owner, and leaves the code step', async () => {
    const { client } = createScriptedClient({
      'POST /identity/v1/auth/verify': { body: { state: 'REQUIRE_OWNER_APPROVAL' } },
    })
    const refusal = await verifyMember(client, { stateToken: 'state-1', code: '123456' })
    expect(refusal).toEqual({ status: 403, message: expect.stringContaining('approved') })
  })
})

describe('a sign-in left to the page’s hidden frame', () => {
  const target = { redirectUri: 'http://shop.test/callback', originalUri: '/cart' }

  /** The redirect-session bodies of the calls, to read what the platform was asked for. */
  const authRequests = (bodies: unknown[]) =>
    bodies.flatMap((body) => {
      const auth = (body as { auth?: { authRequest: Record<string, unknown>; prompt: string } } | undefined)
        ?.auth
      return auth ? [auth] : []
    })

  it('turns a login SUCCESS into a silent authorize URL with the session token, exchanging nothing', async () => {
    const { client, calls, bodies } = createScriptedClient({
      'POST /identity/v2/login': { body: { state: 'SUCCESS', sessionToken: 'session-1' } },
    })
    const outcome = await loginMember(client, credentials, target)
    expect(outcome).toEqual({
      authUrl: 'http://api.test/_auth/authorize?session=redirect-1',
      oauthData: {
        redirectUri: 'http://shop.test/callback',
        originalUri: '/cart',
        codeVerifier: expect.stringMatching(/^[A-Za-z0-9._~-]{43,128}$/),
        codeChallenge: expect.any(String),
        state: expect.any(String),
      },
    })
    const [auth] = authRequests(bodies)
    expect(auth?.prompt).toBe('none')
    expect(auth?.authRequest).toMatchObject({
      redirectUri: 'http://shop.test/callback',
      responseMode: 'web_message',
      sessionToken: 'session-1',
      codeChallengeMethod: 'S256',
      state: (outcome as { oauthData: { state: string } }).oauthData.state,
    })
    // The browser loads the authorize page and the storefront exchanges the code later.
    expect(calls).toEqual([
      'POST /oauth2/token anonymous',
      'POST /identity/v2/login',
      'POST /redirects/v1/redirect-session',
    ])
    expect(await client.auth.loggedIn()).toBe(false)
  })

  it('does the same for a sign-up and an e-mail code, and refuses alike with or without the frame', async () => {
    const success = { body: { state: 'SUCCESS', sessionToken: 'session-1' } }
    const signUp = createScriptedClient({ 'POST /identity/v2/register': success })
    expect(await registerMember(signUp.client, { ...credentials, name: 'Ada' }, target)).toHaveProperty(
      'authUrl',
    )
    const code = createScriptedClient({ 'POST /identity/v1/auth/verify': success })
    expect(await verifyMember(code.client, { stateToken: 'state-1', code: '123456' }, target)).toHaveProperty(
      'authUrl',
    )
    const wrong = createScriptedClient({ 'POST /identity/v2/login': applicationError(400, '-19976') })
    expect(await loginMember(wrong.client, credentials, target)).toEqual({
      message: 'That e-mail and password don’t match an account. Check them and try again.',
      status: 400,
    })
  })

  it('says the store could not be reached when the platform refuses the redirect session', async () => {
    const { client } = createScriptedClient({
      'POST /identity/v2/login': { body: { state: 'SUCCESS', sessionToken: 'session-1' } },
      'POST /redirects/v1/redirect-session auth': applicationError(503, 'UNAVAILABLE'),
    })
    expect(await loginMember(client, credentials, target)).toEqual({
      message: 'We couldn’t reach the store just now. Please try again in a moment.',
      status: 503,
    })
    expect(await client.auth.loggedIn()).toBe(false)
  })
})

describe('a sign-up at an address the platform does not know', () => {
  const target = { redirectUri: 'http://localhost:3100/callback', originalUri: '/account' }
  const success = { body: { state: 'SUCCESS', sessionToken: 'session-1' } }
  const refused = {
    status: 400,
    body: {
      message:
        'INVALID_ARGUMENT: auth.authRequest.redirectUri is not a redirect URI registered for the client',
      details: {
        validationError: {
          fieldViolations: [
            {
              field: 'auth.authRequest.redirectUri',
              description: 'is not a redirect URI registered for the client',
              violatedRule: 'VALIDATION',
            },
          ],
        },
      },
    },
  }

  it('signs the new member in on the server when the platform refuses the page’s return address', async () => {
    const { client, calls } = createScriptedClient({
      'POST /identity/v2/register': success,
      'POST /redirects/v1/redirect-session auth': [refused, 'as-platform'],
    })
    expect(await registerMember(client, { ...credentials, name: 'Ada' }, target)).toBeUndefined()
    expect(await client.auth.loggedIn()).toBe(true)
    expect(calls.slice(1)).toEqual([
      'POST /identity/v2/register',
      'POST /redirects/v1/redirect-session',
      'POST /redirects/v1/redirect-session',
      'GET /_auth/authorize',
      'POST /oauth2/token authorization_code',
    ])
  })

  it('says the account is created when its sign-in cannot be finished, not that the store is unreachable', async () => {
    const { client } = createScriptedClient({
      'POST /identity/v2/register': success,
      'POST /redirects/v1/redirect-session auth': [refused, refused],
    })
    expect(await registerMember(client, { ...credentials, name: 'Ada' }, target)).toEqual({
      message:
        'Your account is created, but we couldn’t sign you in just now. Please sign in with your e-mail and password.',
      status: 503,
    })
    expect(await client.auth.loggedIn()).toBe(false)
  })
})

describe('requestPasswordReset', () => {
  it('asks for a link that returns to the storefront and answers "check your inbox"', async () => {
    const { client, calls } = createScriptedClient({ 'POST /identity/v1/send-email': { body: {} } })
    expect(await requestPasswordReset(client, 'ada@example.com', 'http://shop.test/')).toEqual({
      message: RESET_REQUESTED_MESSAGE,
      status: 200,
    })
    expect(calls.filter((call) => call === 'POST /identity/v1/send-email')).toHaveLength(1)
  })

  it('sends the link without a way back when the platform refuses the return address', async () => {
    const { client, calls, bodies } = createScriptedClient({
      'POST /identity/v1/send-email': [applicationError(400, 'VALIDATION'), { body: {} }],
    })
    expect(await requestPasswordReset(client, 'ada@example.com', 'http://shop.test/')).toEqual({
      message: RESET_REQUESTED_MESSAGE,
      status: 200,
    })
    const sent = bodies.filter((_, index) => calls[index] === 'POST /identity/v1/send-email')
    expect(sent).toEqual([
      { email: 'ada@example.com', redirect: { url: 'http://shop.test/', clientId: 'client-1' } },
      { email: 'ada@example.com' },
    ])
  })

  it.each<[Answer, number]>([
    [applicationError(429, 'TOO_MANY_REQUESTS'), 429],
    ['network-error', 503],
  ])('says when to try again (%j)', async (answer, status) => {
    const { client } = createScriptedClient({ 'POST /identity/v1/send-email': answer })
    expect(await requestPasswordReset(client, 'ada@example.com', 'http://shop.test/')).toMatchObject({
      status,
    })
  })
})

describe('logoutMember', () => {
  it('goes to the platform’s logout page when it accepts the return address', async () => {
    const logoutUrl = 'http://api.test/_auth/logout?session=logout-1'
    const { client, calls } = createScriptedClient({
      'POST /redirects/v1/redirect-session': { body: { redirectSession: { id: 'r2', fullUrl: logoutUrl } } },
      'POST /oauth2/revoke': { body: {} },
    })
    await client.auth.setTokens({
      accessToken: { value: 'member-access', expiresAt: Date.now() / 1000 + 3600 },
      refreshToken: { value: 'member-refresh', role: 'member' },
    })
    expect(await logoutMember(client, 'http://shop.test/')).toBe(logoutUrl)
    expect(await client.auth.loggedIn()).toBe(false)
    // The member's refresh token is revoked on the platform, not only forgotten here.
    expect(calls).toEqual(['POST /redirects/v1/redirect-session', 'POST /oauth2/revoke'])
  })

  it('signs this browser out and goes home when the platform refuses the return address', async () => {
    const { client, calls } = createScriptedClient({
      'POST /identity/v2/login': { body: { state: 'SUCCESS', sessionToken: 'session-1' } },
      'POST /redirects/v1/redirect-session': applicationError(400, 'VALIDATION'),
      'POST /oauth2/revoke': { body: {} },
    })
    await loginMember(client, credentials)
    expect(await client.auth.loggedIn()).toBe(true)
    expect(await logoutMember(client, 'http://shop.test/')).toBe('/')
    expect(await client.auth.loggedIn()).toBe(false)
    expect((await client.auth.getTokens()).refreshToken.value).toBe('')
    expect(calls.at(-1)).toBe('POST /oauth2/revoke')
  })

  it('signs this browser out even when the platform can be reached for nothing', async () => {
    const { client } = createScriptedClient({
      'POST /identity/v2/login': { body: { state: 'SUCCESS', sessionToken: 'session-1' } },
      'POST /redirects/v1/redirect-session': 'network-error',
      'POST /oauth2/revoke': 'network-error',
    })
    await loginMember(client, credentials)
    expect(await logoutMember(client, 'http://shop.test/')).toBe('/')
    expect(client.auth.loggedIn()).toBe(false)
  })
})

describe('a site that asks for a captcha', () => {
  const siteKeys = { invisible: 'test-invisible-site-key', visible: 'test-visible-site-key' }
  const captchaError = (status: number, code: '-19971' | '-19970'): Answer => ({
    status,
    body: {
      message: code,
      details: { applicationError: { description: code, code, data: { siteKeys } } },
    },
  })
  const settings = (provider: string): Answer => ({
    body: { captchaRequired: true, provider, siteKeys },
  })

  it('asks for the test captcha after a login without an answer, and sends the answer with the next one', async () => {
    const { client, bodies, calls } = createScriptedClient({
      'POST /identity/v2/login': [
        captchaError(400, '-19971'),
        { body: { state: 'SUCCESS', sessionToken: 's' } },
      ],
      'GET /identity/v1/captcha-settings': settings('test'),
    })
    expect(await loginMember(client, credentials)).toEqual({
      message: 'Please confirm you’re not a robot, then try again.',
      status: 400,
      captcha: { kind: 'test', field: 'captcha' },
    })
    expect(
      await loginMember(client, { ...credentials, captchaTokens: { recaptchaToken: 'test-pass.a1' } }),
    ).toBeUndefined()
    const logins = bodies.filter((_, index) => calls[index] === 'POST /identity/v2/login')
    expect(logins[0]).toMatchObject({ loginId: { email: credentials.email } })
    expect((logins[0] as { captchaTokens?: unknown }).captchaTokens).toBeUndefined()
    expect(logins[1]).toMatchObject({ captchaTokens: [{ Recaptcha: 'test-pass.a1' }] })
    expect(await client.auth.loggedIn()).toBe(true)
  })

  it('asks again, in other words, for an answer the platform refused', async () => {
    const { client } = createScriptedClient({
      'POST /identity/v2/register': captchaError(400, '-19970'),
      'GET /identity/v1/captcha-settings': settings('recaptcha'),
    })
    expect(
      await registerMember(client, { ...credentials, name: '', captchaTokens: { recaptchaToken: 'used' } }),
    ).toEqual({
      message: 'We couldn’t confirm you’re not a robot. Please try again.',
      status: 400,
      captcha: {
        kind: 'widget',
        provider: 'recaptcha',
        siteKey: 'test-visible-site-key',
        scriptUrl: 'https://www.google.com/recaptcha/api.js',
        containerClass: 'g-recaptcha',
        renderGlobal: 'grecaptcha',
      },
    })
  })

  it.each<[string, Answer | 'network-error']>([
    ['a provider this page cannot show', settings('none')],
    ['settings that cannot be read', 'network-error'],
  ])('points to the account site with %s', async (_, answer) => {
    const { client } = createScriptedClient({
      'POST /identity/v2/login': captchaError(400, '-19971'),
      'GET /identity/v1/captcha-settings': answer,
    })
    expect(await loginMember(client, credentials)).toEqual({
      message:
        'This store asks you to confirm you’re not a robot in a way this page can’t show. Please sign in on the shop’s account site instead.',
      status: 400,
      captcha: { kind: 'unavailable' },
    })
  })
})
