import { afterEach, describe, expect, it, vi } from 'vitest'
import { createTestClient } from '../testing/create-test-client.js'
import { createFakeBrowser } from '../testing/fake-browser.js'
import { jsonResponse, type RecordedRequest } from '../testing/fake-fetch.js'
import { generateCodeChallenge } from './generate-code-challenge.js'
import { TokenRole } from './tokens.js'

const authUrl = 'http://api.test/oauth2/authorize?session=rs-1'

function redirectSession(fullUrl = authUrl) {
  return jsonResponse({
    redirectSession: {
      id: 'rs-1',
      fullUrl,
      urlDetails: { endpoint: 'http://api.test/oauth2/authorize', searchParams: { session: 'rs-1' } },
      sessionToken: 'hosted-1',
    },
  })
}

function memberTokenResponse() {
  return jsonResponse({ access_token: 'member-access', expires_in: 3600, refresh_token: 'member-refresh' })
}

function authRequestOf(request: RecordedRequest | undefined) {
  if (!request) throw new Error('no redirect session was requested')
  return (request.body as { auth: { authRequest: Record<string, string>; prompt: string } }).auth
}

function createMemberClient() {
  const { client, fake } = createTestClient()
  fake.on('POST /redirects/v1/redirect-session', () => redirectSession())
  return { client, fake }
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('OAuthStrategy member flows', () => {
  it('load on the first call that needs them, once, and keep their login state across calls', async () => {
    const { client, fake } = createTestClient()
    fake.on('POST /identity/v2/login', () =>
      jsonResponse({ state: 'REQUIRE_EMAIL_VERIFICATION', stateToken: 'state-1' }),
    )
    fake.on('POST /identity/v1/auth/verify', () =>
      jsonResponse({ state: 'SUCCESS', sessionToken: 'session-1' }),
    )
    const [first, second] = await Promise.all([
      client.auth.login({ email: 'ada@example.com', password: 'pw' }),
      client.auth.login({ email: 'ada@example.com', password: 'pw' }),
    ])
    expect(first).toEqual(second)
    expect(await client.auth.processVerification({ verificationCode: '123456' })).toEqual({
      loginState: 'SUCCESS',
      data: { sessionToken: 'session-1' },
    })
    expect(fake.requestsTo('POST /identity/v1/auth/verify')[0]?.body).toEqual({
      code: '123456',
      stateToken: 'state-1',
    })
  })
})

describe('OAuthStrategy.generateOAuthData', () => {
  it('makes a verifier, its S256 challenge and a random state for one transaction', async () => {
    const { client } = createTestClient()
    const data = await client.auth.generateOAuthData('https://shop.test/callback', 'https://shop.test/cart')
    expect(data).toMatchObject({
      redirectUri: 'https://shop.test/callback',
      originalUri: 'https://shop.test/cart',
    })
    expect(data.codeVerifier).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(data.codeChallenge).toBe(await generateCodeChallenge(data.codeVerifier))
    expect(data.state).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const other = await client.auth.generateOAuthData('https://shop.test/callback')
    expect(other.state).not.toBe(data.state)
    expect(other.codeVerifier).not.toBe(data.codeVerifier)
    expect(other.originalUri).toBe('')
  })
})

describe('OAuthStrategy.getAuthUrl', () => {
  it('creates an auth redirect session with the PKCE request and resolves its full URL', async () => {
    const { client, fake } = createMemberClient()
    const data = await client.auth.generateOAuthData('https://shop.test/callback')
    expect(await client.auth.getAuthUrl(data)).toEqual({ authUrl })
    const [request] = fake.requestsTo('POST /redirects/v1/redirect-session')
    expect(request?.host).toBe('http://api.test')
    expect(request?.headers.get('authorization')).toBe('access-1')
    expect(request?.body).toEqual({
      auth: {
        authRequest: {
          redirectUri: 'https://shop.test/callback',
          clientId: 'client-1',
          codeChallenge: data.codeChallenge,
          codeChallengeMethod: 'S256',
          responseMode: 'fragment',
          responseType: 'code',
          scope: 'offline_access',
          state: data.state,
        },
        prompt: 'login',
      },
    })
  })

  it('passes the prompt, response mode and session token asked for', async () => {
    const { client, fake } = createMemberClient()
    const data = await client.auth.generateOAuthData('https://shop.test/callback')
    await client.auth.getAuthUrl(data, { prompt: 'none', responseMode: 'query', sessionToken: 'session-1' })
    const auth = authRequestOf(fake.requestsTo('POST /redirects/v1/redirect-session')[0])
    expect(auth.prompt).toBe('none')
    expect(auth.authRequest).toMatchObject({ responseMode: 'query', sessionToken: 'session-1' })
  })

  it('rejects a redirect session answer without a URL', async () => {
    const { client, fake } = createTestClient()
    fake.on('POST /redirects/v1/redirect-session', () => jsonResponse({ redirectSession: {} }))
    const data = await client.auth.generateOAuthData('https://shop.test/callback')
    await expect(client.auth.getAuthUrl(data)).rejects.toMatchObject({ code: 'INVALID_RESPONSE' })
  })
})

describe('OAuthStrategy.parseFromUrl', () => {
  it('reads the fragment by default and the query when asked', () => {
    const { client } = createTestClient()
    expect(client.auth.parseFromUrl('https://shop.test/callback?code=q#code=f&state=s')).toEqual({
      code: 'f',
      state: 's',
    })
    expect(client.auth.parseFromUrl('https://shop.test/callback?code=q&state=s#code=f', 'query')).toEqual({
      code: 'q',
      state: 's',
    })
    expect(
      client.auth.parseFromUrl('https://shop.test/callback#error=access_denied&error_description=Cancelled'),
    ).toEqual({ error: 'access_denied', error_description: 'Cancelled' })
  })

  it('reads the current page by default in a browser and asks for a URL elsewhere', () => {
    const { client } = createTestClient()
    expect(() => client.auth.parseFromUrl()).toThrowError('"url" is required outside a browser')
    vi.stubGlobal('location', { href: 'https://shop.test/callback#code=c&state=s' })
    expect(client.auth.parseFromUrl()).toEqual({ code: 'c', state: 's' })
  })
})

describe('OAuthStrategy.getMemberTokens', () => {
  it.each([
    ['no code', undefined, 's'],
    ['an empty code', '', 's'],
    ['no state', 'c', undefined],
    ['a null state', 'c', null],
  ])("fails with 'Missing code or _state' for %s, before any token request", async (_name, code, state) => {
    const { client, fake } = createTestClient()
    const data = await client.auth.generateOAuthData('https://shop.test/callback')
    await expect(client.auth.getMemberTokens(code, state, data)).rejects.toThrowError(
      'Missing code or _state',
    )
    expect(fake.requestsTo('POST /oauth2/token')).toHaveLength(0)
  })

  it.each(['another-state', 'constructor', '__proto__', ''])(
    "fails with 'Invalid _state' for a state of another transaction (%s)",
    async (state) => {
      const { client, fake } = createTestClient()
      const data = await client.auth.generateOAuthData('https://shop.test/callback')
      const attempt = client.auth.getMemberTokens('code-1', state || 'x', data)
      await expect(attempt).rejects.toMatchObject({ code: 'INVALID_STATE', message: 'Invalid _state' })
      expect(fake.requestsTo('POST /oauth2/token')).toHaveLength(0)
    },
  )

  it('exchanges the code with the verifier and redirect URI, stores member tokens and is logged in', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2025-03-01T12:00:00.000Z') })
    const { client, fake } = createTestClient()
    fake.once('POST /oauth2/token', memberTokenResponse)
    const data = await client.auth.generateOAuthData('https://shop.test/callback')
    const tokens = await client.auth.getMemberTokens('code-1', data.state, data)
    expect(fake.requestsTo('POST /oauth2/token')[0]?.body).toEqual({
      clientId: 'client-1',
      grantType: 'authorization_code',
      code: 'code-1',
      codeVerifier: data.codeVerifier,
      redirectUri: 'https://shop.test/callback',
    })
    expect(tokens).toEqual({
      accessToken: { value: 'member-access', expiresAt: Date.now() / 1000 + 3600 },
      refreshToken: { value: 'member-refresh', role: TokenRole.MEMBER },
    })
    expect(client.auth.getTokens()).toEqual(tokens)
    expect(client.auth.loggedIn()).toBe(true)
    vi.useRealTimers()
  })

  it("fails with 'Failed to get member tokens' when the token endpoint refuses, keeping its 'something went wrong'", async () => {
    const { client, fake } = createTestClient()
    fake.once('POST /oauth2/token', () =>
      jsonResponse({ error: 'invalid_grant', error_description: 'code used' }, { status: 400 }),
    )
    const data = await client.auth.generateOAuthData('https://shop.test/callback')
    const error = await client.auth
      .getMemberTokens('code-1', data.state, data)
      .catch((caught: unknown) => caught)
    expect(error).toMatchObject({
      name: 'AisleError',
      message: 'Failed to get member tokens',
      code: 'INVALID_GRANT',
    })
    expect((error as Error).cause).toMatchObject({ message: 'something went wrong', status: 400 })
    expect(client.auth.loggedIn()).toBe(false)
  })
})

describe('OAuthStrategy.logout', () => {
  // A client holding a member's tokens, on a platform that creates logout sessions and revokes tokens.
  async function createLoggedInClient() {
    const { client, fake } = createTestClient()
    fake
      .once('POST /oauth2/token', memberTokenResponse)
      .on('POST /redirects/v1/redirect-session', () =>
        redirectSession('http://api.test/identity/v1/logout?x=1'),
      )
      .on('POST /oauth2/revoke', () => jsonResponse({}))
      .on('GET /ecom/v1/carts/current', () => jsonResponse({ cart: { id: 'c' } }))
    const data = await client.auth.generateOAuthData('https://shop.test/callback')
    await client.auth.getMemberTokens('code-1', data.state, data)
    return { client, fake }
  }

  it('creates a logout redirect session back to the page, revokes the refresh token, clears both tokens and resolves the logout URL', async () => {
    const { client, fake } = await createLoggedInClient()

    expect(await client.auth.logout('https://shop.test/cart')).toEqual({
      logoutUrl: 'http://api.test/identity/v1/logout?x=1',
    })
    const [request] = fake.requestsTo('POST /redirects/v1/redirect-session')
    expect(request?.body).toEqual({
      logout: { clientId: 'client-1' },
      callbacks: { postFlowUrl: 'https://shop.test/cart' },
    })
    expect(request?.headers.get('authorization')).toBe('member-access')
    const [revocation] = fake.requestsTo('POST /oauth2/revoke')
    expect(revocation?.body).toEqual({
      clientId: 'client-1',
      token: 'member-refresh',
      token_type_hint: 'refresh_token',
    })
    expect(fake.requests.slice(-2).map((recorded) => recorded.path)).toEqual([
      '/redirects/v1/redirect-session',
      '/oauth2/revoke',
    ])
    expect(client.auth.getTokens()).toEqual({
      accessToken: { value: '', expiresAt: 0 },
      refreshToken: { value: '', role: TokenRole.NONE },
    })

    // The next call gets new visitor tokens and never reuses the member's refresh token.
    await client.currentCart.getCurrentCart()
    expect(fake.requestsTo('POST /oauth2/token').at(-1)?.body).toEqual({
      clientId: 'client-1',
      grantType: 'anonymous',
    })
    expect(client.auth.loggedIn()).toBe(false)
  })

  it.each([
    ['cannot be reached', () => new TypeError('fetch failed')],
    ['answers 503', () => jsonResponse({ error: 'temporarily_unavailable' }, { status: 503 })],
    ['refuses the request', () => jsonResponse({ error: 'invalid_request' }, { status: 400 })],
  ])('logs out all the same when the revocation endpoint %s', async (_name, answer) => {
    const { client, fake } = await createLoggedInClient()
    fake.once('POST /oauth2/revoke', answer)
    expect(await client.auth.logout('https://shop.test/cart')).toEqual({
      logoutUrl: 'http://api.test/identity/v1/logout?x=1',
    })
    expect(fake.requestsTo('POST /oauth2/revoke')).toHaveLength(1)
    expect(client.auth.loggedIn()).toBe(false)
    expect(client.auth.getTokens().refreshToken.value).toBe('')
  })

  it('keeps the tokens and revokes nothing when the logout redirect session fails', async () => {
    const { client, fake } = await createLoggedInClient()
    fake.once('POST /redirects/v1/redirect-session', () =>
      jsonResponse({ message: 'postFlowUrl is not registered' }, { status: 400 }),
    )
    await expect(client.auth.logout('https://elsewhere.test/')).rejects.toMatchObject({ status: 400 })
    expect(fake.requestsTo('POST /oauth2/revoke')).toHaveLength(0)
    expect(client.auth.loggedIn()).toBe(true)
  })
})

describe('OAuthStrategy.revokeTokens', () => {
  const inAnHour = Math.floor(Date.now() / 1000) + 3600
  const member = () => ({
    accessToken: { value: 'member-access', expiresAt: inAnHour },
    refreshToken: { value: 'member-refresh', role: TokenRole.MEMBER },
  })

  it('revokes the refresh token at /oauth2/revoke without a token, and clears the tokens', async () => {
    const { client, fake } = createTestClient({ auth: { tokens: member() } })
    fake.on('POST /oauth2/revoke', () => jsonResponse({}))
    await client.auth.revokeTokens()
    const [request] = fake.requestsTo('POST /oauth2/revoke')
    expect(request?.host).toBe('http://api.test')
    expect(request?.body).toEqual({
      clientId: 'client-1',
      token: 'member-refresh',
      token_type_hint: 'refresh_token',
    })
    expect(request?.headers.get('authorization')).toBeNull()
    expect(client.auth.loggedIn()).toBe(false)
    expect(client.auth.getTokens().refreshToken.value).toBe('')
  })

  it('takes any 200 as done, whatever its body (RFC 7009)', async () => {
    const { client, fake } = createTestClient({ auth: { tokens: member() } })
    fake.on('POST /oauth2/revoke', () => new Response('', { status: 200 }))
    await client.auth.revokeTokens()
    expect(client.auth.loggedIn()).toBe(false)
  })

  it("rejects with the platform's RFC 6749 error and keeps the tokens when it refuses", async () => {
    const { client, fake } = createTestClient({ auth: { tokens: member() } })
    fake.on('POST /oauth2/revoke', () =>
      jsonResponse({ error: 'invalid_client', error_description: 'unknown clientId' }, { status: 401 }),
    )
    await expect(client.auth.revokeTokens()).rejects.toMatchObject({
      name: 'AisleError',
      message: 'something went wrong',
      code: 'INVALID_CLIENT',
      status: 401,
      retryable: false,
      details: { error: 'invalid_client', error_description: 'unknown clientId' },
    })
    expect(client.auth.getTokens()).toEqual(member())
  })

  it('rejects as retryable and keeps the tokens when the platform cannot be reached', async () => {
    const { client, fake } = createTestClient({ auth: { tokens: member() } })
    fake.on('POST /oauth2/revoke', () => new TypeError('fetch failed'))
    await expect(client.auth.revokeTokens()).rejects.toMatchObject({ code: 'NETWORK_ERROR', retryable: true })
    expect(client.auth.loggedIn()).toBe(true)
  })

  it('only clears the tokens when the client holds no refresh token', async () => {
    const { client, fake } = createTestClient()
    client.auth.setTokens({
      accessToken: { value: 'orphan-access', expiresAt: Date.now() / 1000 + 3600 },
      refreshToken: { value: '', role: TokenRole.NONE },
    })
    await client.auth.revokeTokens()
    expect(fake.requests).toHaveLength(0)
    expect(client.auth.getTokens().accessToken.value).toBe('')
  })

  it('revokes the refresh token an asynchronous storage holds, once it has been read', async () => {
    const tokenStorage = {
      getTokens: async () => member(),
      setTokens: async () => undefined,
    }
    const { client, fake } = createTestClient({ auth: { tokenStorage } })
    fake.on('POST /oauth2/revoke', () => jsonResponse({}))
    await client.auth.revokeTokens()
    expect(fake.requestsTo('POST /oauth2/revoke')[0]?.body).toMatchObject({ token: 'member-refresh' })
  })
})

describe('OAuthStrategy.register', () => {
  it('sends the registration payload to /identity/v2/register and resolves SUCCESS with the session token', async () => {
    const { client, fake } = createTestClient()
    fake.on('POST /identity/v2/register', () =>
      jsonResponse({
        identity: { id: 'i1', createdDate: '2025-01-01T00:00:00.000Z' },
        state: 'SUCCESS',
        sessionToken: 'session-1',
      }),
    )
    const result = await client.auth.register({
      email: 'ada@example.com',
      password: 'correct horse battery staple',
      profile: { firstName: 'Ada' },
      captchaTokens: { invisibleRecaptchaToken: 'captcha-1' },
    })
    expect(result).toEqual({ loginState: 'SUCCESS', data: { sessionToken: 'session-1' } })
    const [request] = fake.requestsTo('POST /identity/v2/register')
    expect(request?.host).toBe('http://api.test')
    expect(request?.body).toEqual({
      loginId: { email: 'ada@example.com' },
      password: 'correct horse battery staple',
      profile: { firstName: 'Ada' },
      captchaTokens: [{ InvisibleRecaptcha: 'captcha-1' }],
    })
  })

  it('resolves FAILURE emailAlreadyExists for the platform error -19995', async () => {
    const { client, fake } = createTestClient()
    fake.on('POST /identity/v2/register', () =>
      jsonResponse(
        {
          message: 'Email already exists',
          details: { applicationError: { description: 'Email already exists', code: -19995, data: {} } },
        },
        { status: 409 },
      ),
    )
    expect(await client.auth.register({ email: 'ada@example.com', password: 'pw' })).toEqual({
      loginState: 'FAILURE',
      error: 'Email already exists',
      errorCode: 'emailAlreadyExists',
    })
  })

  it('rejects with the error itself when no answer arrived, instead of calling it a refusal', async () => {
    const { client, fake } = createTestClient()
    fake.on('POST /identity/v2/register', () => {
      throw new TypeError('fetch failed')
    })
    await expect(client.auth.register({ email: 'ada@example.com', password: 'pw' })).rejects.toMatchObject({
      code: 'NETWORK_ERROR',
      retryable: true,
    })
  })

  it('resolves FAILURE invalidEmail for an EMAIL field violation', async () => {
    const { client, fake } = createTestClient()
    fake.on('POST /identity/v2/register', () =>
      jsonResponse(
        {
          message: 'invalid request',
          details: {
            validationError: {
              fieldViolations: [
                {
                  field: 'loginId.email',
                  description: 'must be an e-mail address',
                  violatedRule: 'FORMAT',
                  ruleName: 'EMAIL',
                },
              ],
            },
          },
        },
        { status: 400 },
      ),
    )
    expect(await client.auth.register({ email: 'ada', password: 'pw' })).toMatchObject({
      loginState: 'FAILURE',
      errorCode: 'invalidEmail',
      error: 'must be an e-mail address',
    })
  })

  it('continues an e-mail verification with processVerification', async () => {
    const { client, fake } = createTestClient()
    fake
      .on('POST /identity/v2/register', () =>
        jsonResponse({ state: 'REQUIRE_EMAIL_VERIFICATION', stateToken: 'st-1' }),
      )
      .on('POST /identity/v1/auth/verify', () =>
        jsonResponse({ state: 'SUCCESS', sessionToken: 'session-2' }),
      )
    expect(await client.auth.register({ email: 'ada@example.com', password: 'pw' })).toEqual({
      loginState: 'EMAIL_VERIFICATION_REQUIRED',
      data: { stateToken: 'st-1' },
    })
    expect(await client.auth.processVerification({ verificationCode: '123456' })).toEqual({
      loginState: 'SUCCESS',
      data: { sessionToken: 'session-2' },
    })
    expect(fake.requestsTo('POST /identity/v1/auth/verify')[0]?.body).toEqual({
      code: '123456',
      stateToken: 'st-1',
    })
  })
})

describe('OAuthStrategy.login', () => {
  it('resolves OWNER_APPROVAL_REQUIRED for a member awaiting approval', async () => {
    const { client, fake } = createTestClient()
    fake.on('POST /identity/v2/login', () => jsonResponse({ state: 'REQUIRE_OWNER_APPROVAL' }))
    expect(await client.auth.login({ email: 'ada@example.com', password: 'pw' })).toEqual({
      loginState: 'OWNER_APPROVAL_REQUIRED',
    })
    expect(fake.requestsTo('POST /identity/v2/login')[0]?.body).toEqual({
      loginId: { email: 'ada@example.com' },
      password: 'pw',
    })
  })

  it("resolves FAILURE 'Unknown _state' for a state it does not know", async () => {
    const { client, fake } = createTestClient()
    fake.on('POST /identity/v2/login', () => jsonResponse({ state: 'STATUS_CHECK' }))
    expect(await client.auth.login({ email: 'ada@example.com', password: 'pw' })).toEqual({
      loginState: 'FAILURE',
      error: 'Unknown _state',
    })
  })

  it('resolves FAILURE invalidPassword for -19976 sent as a string', async () => {
    const { client, fake } = createTestClient()
    fake.on('POST /identity/v2/login', () =>
      jsonResponse(
        {
          message: 'Wrong password',
          details: { applicationError: { description: 'Wrong password', code: '-19976' } },
        },
        { status: 401 },
      ),
    )
    expect(await client.auth.login({ email: 'ada@example.com', password: 'pw' })).toMatchObject({
      loginState: 'FAILURE',
      errorCode: 'invalidPassword',
    })
  })

  it('resolves a validation error as FAILURE invalidEmail instead of crashing', async () => {
    const { client, fake } = createTestClient()
    fake.on('POST /identity/v2/login', () =>
      jsonResponse(
        {
          message: 'invalid request',
          details: {
            validationError: {
              fieldViolations: [
                { field: 'password', description: 'is required', violatedRule: 'REQUIRED_FIELD' },
              ],
            },
          },
        },
        { status: 400 },
      ),
    )
    expect(await client.auth.login({ email: 'ada@example.com', password: '' })).toEqual({
      loginState: 'FAILURE',
      error: 'INVALID_ARGUMENT: "password" is required',
      errorCode: 'invalidEmail',
    })
  })

  it('rejects with a retryable error when the platform is down', async () => {
    const { client, fake } = createTestClient()
    fake.on('POST /identity/v2/login', () => jsonResponse({}, { status: 503 }))
    await expect(client.auth.login({ email: 'ada@example.com', password: 'pw' })).rejects.toMatchObject({
      status: 503,
      retryable: true,
    })
  })
})

describe('OAuthStrategy.processVerification', () => {
  it("resolves FAILURE 'Unknown _state' without a call unless the state is EMAIL_VERIFICATION_REQUIRED", async () => {
    const { client, fake } = createTestClient()
    expect(await client.auth.processVerification({ verificationCode: '1' })).toEqual({
      loginState: 'FAILURE',
      error: 'Unknown _state',
    })
    fake.on('POST /identity/v2/login', () => jsonResponse({ state: 'SUCCESS', sessionToken: 's' }))
    await client.auth.login({ email: 'ada@example.com', password: 'pw' })
    expect(await client.auth.processVerification({ verificationCode: '1' })).toMatchObject({
      error: 'Unknown _state',
    })
    expect(fake.requestsTo('POST /identity/v1/auth/verify')).toHaveLength(0)
  })

  it('continues from a state passed in, as a server-rendered app does across requests', async () => {
    const { client, fake } = createTestClient()
    fake.on('POST /identity/v1/auth/verify', () => jsonResponse({ state: 'REQUIRE_OWNER_APPROVAL' }))
    const state = { loginState: 'EMAIL_VERIFICATION_REQUIRED', data: { stateToken: 'st-9' } } as const
    expect(await client.auth.processVerification({ verificationCode: '42' }, state)).toEqual({
      loginState: 'OWNER_APPROVAL_REQUIRED',
    })
    expect(fake.requestsTo('POST /identity/v1/auth/verify')[0]?.body).toEqual({
      code: '42',
      stateToken: 'st-9',
    })
  })

  it('lets the member try again after a wrong code', async () => {
    const { client, fake } = createTestClient()
    fake
      .on('POST /identity/v2/login', () =>
        jsonResponse({ state: 'REQUIRE_EMAIL_VERIFICATION', stateToken: 'st-1' }),
      )
      .once('POST /identity/v1/auth/verify', () =>
        jsonResponse(
          {
            message: 'Wrong code',
            details: { applicationError: { description: 'Wrong code', code: 'INVALID_CODE' } },
          },
          { status: 400 },
        ),
      )
      .on('POST /identity/v1/auth/verify', () => jsonResponse({ state: 'SUCCESS', sessionToken: 's' }))
    await client.auth.login({ email: 'ada@example.com', password: 'pw' })
    expect(await client.auth.processVerification({ verificationCode: '000000' })).toEqual({
      loginState: 'FAILURE',
      error: 'Wrong code',
    })
    expect(await client.auth.processVerification({ verificationCode: '123456' })).toMatchObject({
      loginState: 'SUCCESS',
    })
  })
})

describe('OAuthStrategy.getMemberTokensForDirectLogin', () => {
  it('in Node, follows the platform redirect itself (response mode query, prompt none) and exchanges the code', async () => {
    const { client, fake } = createMemberClient()
    await client.auth.generateVisitorTokens()
    fake
      .on('GET /oauth2/authorize', () => {
        const { authRequest } = authRequestOf(fake.requestsTo('POST /redirects/v1/redirect-session')[0])
        const location = `https://shop.test/callback?code=code-7&state=${authRequest.state}`
        return new Response(null, { status: 302, headers: { location } })
      })
      .once('POST /oauth2/token', memberTokenResponse)

    const tokens = await client.auth.getMemberTokensForDirectLogin('session-1', {
      redirectUri: 'https://shop.test/callback',
    })

    const auth = authRequestOf(fake.requestsTo('POST /redirects/v1/redirect-session')[0])
    expect(auth.prompt).toBe('none')
    expect(auth.authRequest).toMatchObject({
      responseMode: 'query',
      sessionToken: 'session-1',
      redirectUri: 'https://shop.test/callback',
      codeChallengeMethod: 'S256',
    })
    const [authorize] = fake.requestsTo('GET /oauth2/authorize')
    expect(authorize?.redirect).toBe('manual')
    expect(authorize?.headers.get('authorization')).toBeNull()
    const exchange = fake.requestsTo('POST /oauth2/token').at(-1)
    expect(exchange?.body).toMatchObject({
      grantType: 'authorization_code',
      code: 'code-7',
      redirectUri: 'https://shop.test/callback',
    })
    expect(
      await generateCodeChallenge(
        (exchange?.body as { codeVerifier: string } | undefined)?.codeVerifier ?? '',
      ),
    ).toBe(auth.authRequest.codeChallenge)
    expect(tokens.refreshToken).toEqual({ value: 'member-refresh', role: TokenRole.MEMBER })
    expect(client.auth.loggedIn()).toBe(true)
  })

  it('in Node, asks its own baseUrl for the authorize page the platform names at its public address', async () => {
    const { client, fake } = createTestClient()
    fake.on('POST /redirects/v1/redirect-session', () =>
      redirectSession('http://localhost:4100/oauth2/authorize?session=rs-1'),
    )
    fake
      .on('GET /oauth2/authorize', () => {
        const { authRequest } = authRequestOf(fake.requestsTo('POST /redirects/v1/redirect-session')[0])
        const location = `http://localhost:3000/callback?code=code-7&state=${authRequest.state}`
        return new Response(null, { status: 302, headers: { location } })
      })
      .once('POST /oauth2/token', memberTokenResponse)
    await client.auth.getMemberTokensForDirectLogin('session-1')
    const [authorize] = fake.requestsTo('GET /oauth2/authorize')
    expect(authorize?.url.href).toBe('http://api.test/oauth2/authorize?session=rs-1')
    expect(client.auth.loggedIn()).toBe(true)
  })

  it('in Node, rejects with the error the redirect carries, without a token request', async () => {
    const { client, fake } = createMemberClient()
    fake.on('GET /oauth2/authorize', () => {
      const { authRequest } = authRequestOf(fake.requestsTo('POST /redirects/v1/redirect-session')[0])
      const location = `https://shop.test/callback?error=login_required&state=${authRequest.state}`
      return new Response(null, { status: 302, headers: { location } })
    })
    await expect(client.auth.getMemberTokensForDirectLogin('expired')).rejects.toMatchObject({
      code: 'LOGIN_REQUIRED',
    })
    expect(fake.requestsTo('POST /oauth2/token')).toHaveLength(1)
  })

  it("in Node, rejects with 'Failed to get member tokens' when the platform does not redirect", async () => {
    const { client, fake } = createMemberClient()
    fake.on('GET /oauth2/authorize', () => new Response('<html>login</html>', { status: 200 }))
    await expect(client.auth.getMemberTokensForDirectLogin('session-1')).rejects.toMatchObject({
      message: 'Failed to get member tokens',
      code: 'LOGIN_FAILED',
    })
  })

  it('in a browser, waits in a hidden iframe (web_message) for the code posted from the platform origin', async () => {
    const browser = createFakeBrowser('https://shop.test/account')
    vi.stubGlobal('window', browser.window)
    vi.stubGlobal('document', browser.document)
    vi.stubGlobal('location', browser.location)
    const { client, fake } = createMemberClient()
    await client.auth.generateVisitorTokens()
    fake.once('POST /oauth2/token', memberTokenResponse)

    const login = client.auth.getMemberTokensForDirectLogin('session-1')
    await vi.waitFor(() => expect(browser.frames).toHaveLength(1))
    const auth = authRequestOf(fake.requestsTo('POST /redirects/v1/redirect-session')[0])
    expect(auth.prompt).toBe('none')
    expect(auth.authRequest).toMatchObject({ responseMode: 'web_message', redirectUri: 'https://shop.test' })
    const frame = browser.frames[0]!
    expect(frame.src).toBe(authUrl)
    browser.post({
      origin: 'http://api.test',
      source: frame.contentWindow,
      data: { type: 'authorization_response', response: { code: 'code-9', state: auth.authRequest.state } },
    })

    expect((await login).accessToken.value).toBe('member-access')
    expect(fake.requestsTo('POST /oauth2/token').at(-1)?.body).toMatchObject({
      code: 'code-9',
      redirectUri: 'https://shop.test',
    })
    expect(browser.frames).toHaveLength(0)
    expect(browser.listeners.size).toBe(0)
  })
})

describe('OAuthStrategy.getMemberTokensForExternalLogin', () => {
  it('sends a client_credentials grant for the member with the API key, and stores member tokens', async () => {
    const { client, fake } = createTestClient()
    fake.once('POST /oauth2/token', memberTokenResponse)
    const tokens = await client.auth.getMemberTokensForExternalLogin('member-1', 'api-key-1')
    const [grant] = fake.requestsTo('POST /oauth2/token')
    expect(grant?.body).toEqual({
      clientId: 'client-1',
      grantType: 'client_credentials',
      memberId: 'member-1',
    })
    expect(grant?.headers.get('authorization')).toBe('api-key-1')
    expect(tokens.refreshToken.role).toBe(TokenRole.MEMBER)
    expect(client.auth.loggedIn()).toBe(true)
  })

  it("rejects with 'something went wrong' when the key is refused", async () => {
    const { client, fake } = createTestClient()
    fake.once('POST /oauth2/token', () => jsonResponse({ error: 'invalid_client' }, { status: 401 }))
    await expect(client.auth.getMemberTokensForExternalLogin('member-1', 'bad')).rejects.toMatchObject({
      message: 'something went wrong',
      code: 'INVALID_CLIENT',
    })
  })
})

describe('OAuthStrategy.sendPasswordResetEmail', () => {
  it('asks /identity/v1/send-email for a recovery e-mail leading to the redirect URI', async () => {
    const { client, fake } = createTestClient()
    fake.on('POST /identity/v1/send-email', () => jsonResponse({}))
    expect(
      await client.auth.sendPasswordResetEmail('ada@example.com', 'https://shop.test/reset'),
    ).toBeUndefined()
    expect(fake.requestsTo('POST /identity/v1/send-email')[0]?.body).toEqual({
      email: 'ada@example.com',
      redirect: { url: 'https://shop.test/reset', clientId: 'client-1' },
    })
  })
})

describe('OAuthStrategy captcha site keys', () => {
  it('exposes the site keys it was given, empty by default', () => {
    expect(createTestClient().client.auth.captchaInvisibleSiteKey).toBe('')
    const { client } = createTestClient({ auth: { captchaSiteKeys: { invisible: 'inv', visible: 'vis' } } })
    expect([client.auth.captchaInvisibleSiteKey, client.auth.captchaVisibleSiteKey]).toEqual(['inv', 'vis'])
  })
})

describe('OAuthStrategy.renewToken', () => {
  it('exchanges the stored refresh token now and keeps its role', async () => {
    const { client, fake } = createTestClient()
    client.auth.setTokens({
      accessToken: { value: 'a', expiresAt: Date.now() / 1000 + 3600 },
      refreshToken: { value: 'member-refresh', role: TokenRole.MEMBER },
    })
    const tokens = await client.auth.renewToken()
    expect(fake.requestsTo('POST /oauth2/token')[0]?.body).toEqual({
      clientId: 'client-1',
      grantType: 'refresh_token',
      refresh_token: 'member-refresh',
    })
    expect(tokens.refreshToken).toEqual({ value: 'refresh-1', role: TokenRole.MEMBER })
    expect(client.auth.getTokens()).toEqual(tokens)
  })

  it('refuses when there is no refresh token', async () => {
    const { client } = createTestClient()
    await expect(client.auth.renewToken()).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' })
  })
})
