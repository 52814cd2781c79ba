import { afterEach, describe, expect, it, vi } from 'vitest'
import { createTestClient } from '../testing/create-test-client.js'
import { createDeferred, jsonResponse, tokenResponse } from '../testing/fake-fetch.js'
import { accessTokenLeewaySeconds, OAuthStrategy } from './oauth-strategy.js'
import { createMemoryTokenStorage, type TokenStorage } from './token-storage.js'
import { EMPTY_TOKENS, TokenRole, type Tokens } from './tokens.js'

const now = new Date('2025-03-01T12:00:00.000Z')
const nowSeconds = now.getTime() / 1000

function memberTokens(expiresAt: number): Tokens {
  return {
    accessToken: { value: 'member-access', expiresAt },
    refreshToken: { value: 'member-refresh', role: TokenRole.MEMBER },
  }
}

function cartAnswer() {
  return jsonResponse({ cart: { id: 'cart-1' } })
}

describe('OAuthStrategy', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('starts with empty tokens and role none', async () => {
    const auth = OAuthStrategy({ clientId: 'client-1' })
    expect(auth.getTokens()).toEqual({
      accessToken: { value: '', expiresAt: 0 },
      refreshToken: { value: '', role: TokenRole.NONE },
    })
    expect(auth.loggedIn()).toBe(false)
  })

  it('asks for anonymous visitor tokens on the first call and stores them with their expiry', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now })
    const { client, fake } = createTestClient()
    fake.on('GET /ecom/v1/carts/current', cartAnswer)

    await client.currentCart.getCurrentCart()

    const [grant] = fake.requestsTo('POST /oauth2/token')
    expect(grant?.host).toBe('http://api.test')
    expect(grant?.body).toEqual({ clientId: 'client-1', grantType: 'anonymous' })
    expect(client.auth.getTokens()).toEqual({
      accessToken: { value: 'access-1', expiresAt: nowSeconds + 3600 },
      refreshToken: { value: 'refresh-1', role: TokenRole.VISITOR },
    })
  })

  it('reuses an unexpired access token without asking again', async () => {
    const { client, fake } = createTestClient()
    fake.on('GET /ecom/v1/carts/current', cartAnswer)
    await client.currentCart.getCurrentCart()
    await client.currentCart.getCurrentCart()
    expect(fake.requestsTo('POST /oauth2/token')).toHaveLength(1)
  })

  it('refreshes an expired access token with the refresh token and keeps the role', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now })
    const { client, fake } = createTestClient()
    fake.on('GET /ecom/v1/carts/current', cartAnswer)
    client.auth.setTokens(memberTokens(nowSeconds - 1))

    await client.currentCart.getCurrentCart()

    expect(fake.requestsTo('POST /oauth2/token')[0]?.body).toEqual({
      clientId: 'client-1',
      grantType: 'refresh_token',
      refresh_token: 'member-refresh',
    })
    expect(client.auth.getTokens()).toEqual({
      accessToken: { value: 'access-1', expiresAt: nowSeconds + 3600 },
      refreshToken: { value: 'refresh-1', role: TokenRole.MEMBER },
    })
    expect(client.auth.loggedIn()).toBe(true)
    expect(fake.requestsTo('GET /ecom/v1/carts/current')[0]?.headers.get('authorization')).toBe('access-1')
  })

  it('treats an access token as expired 10 seconds early', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now })
    const { client, fake } = createTestClient()
    fake.on('GET /ecom/v1/carts/current', cartAnswer)
    expect(accessTokenLeewaySeconds).toBe(10)

    client.auth.setTokens(memberTokens(nowSeconds + 11))
    await client.currentCart.getCurrentCart()
    expect(fake.requestsTo('POST /oauth2/token')).toHaveLength(0)

    client.auth.setTokens(memberTokens(nowSeconds + 9))
    await client.currentCart.getCurrentCart()
    expect(fake.requestsTo('POST /oauth2/token')).toHaveLength(1)
  })

  it('falls back to anonymous tokens when the refresh token is rejected, and says so', async () => {
    const onRefreshRejected = vi.fn()
    const { client, fake } = createTestClient({ auth: { onRefreshRejected } })
    fake
      .once('POST /oauth2/token', () =>
        jsonResponse({ error: 'invalid_grant', error_description: 'revoked' }, { status: 400 }),
      )
      .on('GET /ecom/v1/carts/current', cartAnswer)
    const rejected = memberTokens(0)
    client.auth.setTokens(rejected)

    await client.currentCart.getCurrentCart()

    expect(fake.requestsTo('POST /oauth2/token').map((request) => request.body)).toEqual([
      { clientId: 'client-1', grantType: 'refresh_token', refresh_token: 'member-refresh' },
      { clientId: 'client-1', grantType: 'anonymous' },
    ])
    const tokens = client.auth.getTokens()
    expect(tokens.refreshToken).toEqual({ value: 'refresh-1', role: TokenRole.VISITOR })
    expect(onRefreshRejected).toHaveBeenCalledExactlyOnceWith(rejected)
  })

  it('keeps the member tokens when the refresh fails for a network reason', async () => {
    const { client, fake } = createTestClient()
    fake.once('POST /oauth2/token', () => new TypeError('fetch failed'))
    const member = memberTokens(0)
    client.auth.setTokens(member)

    const error = await client.currentCart.getCurrentCart().catch((caught: unknown) => caught)

    expect(error).toMatchObject({ name: 'AisleError', code: 'NETWORK_ERROR' })
    expect(client.auth.getTokens()).toEqual(member)
    expect(fake.requestsTo('POST /oauth2/token')).toHaveLength(1)
    expect(fake.requestsTo('GET /ecom/v1/carts/current')).toHaveLength(0)
  })

  it('keeps the member tokens when the token endpoint fails with a 5xx or a 429', async () => {
    const { client, fake } = createTestClient()
    const member = memberTokens(0)
    client.auth.setTokens(member)
    for (const status of [503, 429]) {
      fake.once('POST /oauth2/token', () => jsonResponse({ error: 'temporarily_unavailable' }, { status }))
      const error = await client.currentCart.getCurrentCart().catch((caught: unknown) => caught)
      expect(error).toMatchObject({ message: 'something went wrong', status })
      expect(client.auth.getTokens()).toEqual(member)
    }
  })

  it("rejects with 'something went wrong' when the token endpoint refuses an anonymous grant", async () => {
    const { client, fake } = createTestClient()
    fake.once('POST /oauth2/token', () =>
      jsonResponse(
        { error: 'invalid_client', error_description: 'unknown client' },
        { status: 401, requestId: 'r-7' },
      ),
    )
    const error = await client.currentCart.getCurrentCart().catch((caught: unknown) => caught)
    expect(error).toMatchObject({
      name: 'AisleError',
      message: 'something went wrong',
      code: 'INVALID_CLIENT',
      status: 401,
      requestId: 'r-7',
      details: { error: 'invalid_client', error_description: 'unknown client' },
    })
  })

  it('rejects a 200 token answer without an access token', async () => {
    const { client, fake } = createTestClient()
    fake.once('POST /oauth2/token', () => jsonResponse({ expires_in: 3600 }))
    await expect(client.auth.generateVisitorTokens()).rejects.toMatchObject({
      message: 'something went wrong',
      code: 'INVALID_TOKEN_RESPONSE',
    })
  })

  it('shares one anonymous grant between ten concurrent calls on a fresh client', async () => {
    const { client, fake } = createTestClient()
    const held = createDeferred<Response>()
    fake.once('POST /oauth2/token', () => held.promise).on('GET /ecom/v1/carts/current', cartAnswer)

    const calls = Array.from({ length: 10 }, () => client.currentCart.getCurrentCart())
    await vi.waitFor(() => expect(fake.requestsTo('POST /oauth2/token')).toHaveLength(1))
    held.resolve(tokenResponse(1))
    await Promise.all(calls)

    expect(fake.requestsTo('POST /oauth2/token')).toHaveLength(1)
    const carts = fake.requestsTo('GET /ecom/v1/carts/current')
    expect(carts).toHaveLength(10)
    expect(new Set(carts.map((request) => request.headers.get('authorization')))).toEqual(
      new Set(['access-1']),
    )
  })

  it('refreshes once and replays each call once when concurrent calls get a 401', async () => {
    const { client, fake } = createTestClient()
    client.auth.setTokens({
      accessToken: { value: 'revoked', expiresAt: Date.now() / 1000 + 3600 },
      refreshToken: { value: 'visitor-refresh', role: TokenRole.VISITOR },
    })
    fake.on('GET /ecom/v1/carts/current', (request) =>
      request.headers.get('authorization') === 'revoked' ? jsonResponse({}, { status: 401 }) : cartAnswer(),
    )

    await Promise.all([client.currentCart.getCurrentCart(), client.currentCart.getCurrentCart()])

    expect(fake.requestsTo('POST /oauth2/token').map((request) => request.body)).toEqual([
      { clientId: 'client-1', grantType: 'refresh_token', refresh_token: 'visitor-refresh' },
    ])
    expect(
      fake.requestsTo('GET /ecom/v1/carts/current').map((request) => request.headers.get('authorization')),
    ).toEqual(['revoked', 'revoked', 'access-1', 'access-1'])
  })

  it('does not refresh again for a 401 that arrives after another call refreshed', async () => {
    const { client, fake } = createTestClient()
    client.auth.setTokens({
      accessToken: { value: 'revoked', expiresAt: Date.now() / 1000 + 3600 },
      refreshToken: { value: 'visitor-refresh', role: TokenRole.VISITOR },
    })
    const lateAnswer = createDeferred<Response>()
    let revokedCalls = 0
    fake.on('GET /ecom/v1/carts/current', (request) => {
      if (request.headers.get('authorization') !== 'revoked') return cartAnswer()
      // The first call's 401 is held until the second call has refreshed and replayed.
      return ++revokedCalls === 1 ? lateAnswer.promise : jsonResponse({}, { status: 401 })
    })

    const late = client.currentCart.getCurrentCart()
    await vi.waitFor(() => expect(revokedCalls).toBe(1))
    await client.currentCart.getCurrentCart()
    expect(revokedCalls).toBe(2)
    lateAnswer.resolve(jsonResponse({}, { status: 401 }))
    await late

    expect(fake.requestsTo('POST /oauth2/token')).toHaveLength(1)
    expect(fake.requestsTo('GET /ecom/v1/carts/current').at(-1)?.headers.get('authorization')).toBe(
      'access-1',
    )
  })

  it('lets tokens set during a refresh win over the refresh result', async () => {
    const { client, fake } = createTestClient()
    const held = createDeferred<Response>()
    fake.once('POST /oauth2/token', () => held.promise).on('GET /ecom/v1/carts/current', cartAnswer)
    const login = memberTokens(Date.now() / 1000 + 3600)

    const call = client.currentCart.getCurrentCart()
    await vi.waitFor(() => expect(fake.requestsTo('POST /oauth2/token')).toHaveLength(1))
    client.auth.setTokens(login)
    held.resolve(tokenResponse(1))
    await call

    expect(client.auth.getTokens()).toEqual(login)
    expect(fake.requestsTo('GET /ecom/v1/carts/current')[0]?.headers.get('authorization')).toBe(
      'member-access',
    )
  })

  it('generates visitor tokens on demand and keeps usable ones', async () => {
    const { client, fake } = createTestClient()
    const first = await client.auth.generateVisitorTokens()
    expect(first.refreshToken.role).toBe(TokenRole.VISITOR)
    expect(await client.auth.generateVisitorTokens()).toEqual(first)
    expect(fake.requestsTo('POST /oauth2/token')).toHaveLength(1)
  })

  it('starts generateVisitorTokens from the tokens it is given', async () => {
    const { client, fake } = createTestClient()
    const tokens = await client.auth.generateVisitorTokens({
      accessToken: { value: '', expiresAt: 0 },
      refreshToken: { value: 'restored-refresh', role: TokenRole.VISITOR },
    })
    expect(fake.requestsTo('POST /oauth2/token')[0]?.body).toMatchObject({
      refresh_token: 'restored-refresh',
    })
    expect(tokens.accessToken.value).toBe('access-1')
  })

  it('reads and writes through the given storage', async () => {
    const tokenStorage = createMemoryTokenStorage()
    const { client } = createTestClient({ auth: { tokenStorage } })
    await client.auth.generateVisitorTokens()
    expect((tokenStorage.getTokens() as Tokens).accessToken.value).toBe('access-1')
  })

  it('needs a client before it can ask for tokens', async () => {
    await expect(OAuthStrategy({ clientId: 'client-1' }).generateVisitorTokens()).rejects.toMatchObject({
      code: 'CLIENT_REQUIRED',
    })
  })

  it('refuses an empty client id', () => {
    expect(() => OAuthStrategy({ clientId: '' })).toThrowError('"clientId" must be a non-empty string')
  })

  it('refreshes once for 50 concurrent calls with an expired access token', async () => {
    const { client, fake } = createTestClient()
    fake.on('GET /ecom/v1/carts/current', cartAnswer)
    client.auth.setTokens(memberTokens(0))
    await Promise.all(Array.from({ length: 50 }, () => client.currentCart.getCurrentCart()))
    expect(fake.requestsTo('POST /oauth2/token')).toHaveLength(1)
    expect(client.auth.loggedIn()).toBe(true)
  })

  it('marks a refresh that failed for a transient reason as retryable and keeps the member', async () => {
    const { client, fake } = createTestClient()
    fake.once('POST /oauth2/token', () => new TypeError('socket hang up'))
    client.auth.setTokens(memberTokens(0))
    await expect(client.currentCart.getCurrentCart()).rejects.toMatchObject({ retryable: true })
    expect(client.auth.loggedIn()).toBe(true)
  })

  it.each([
    ['an HTML 500', () => new Response('<html>oops</html>', { status: 500 })],
    ['a 200 that is not JSON', () => new Response('{"', { status: 200 })],
    ['a JSON null', () => jsonResponse(null)],
    ['a JSON array', () => jsonResponse([])],
    ['a string expires_in', () => jsonResponse({ access_token: 'a', expires_in: '3600' })],
    [
      'a numeric refresh token',
      () => jsonResponse({ access_token: 'a', expires_in: 3600, refresh_token: 7 }),
    ],
  ])('rejects %s from the token endpoint and keeps the stored tokens', async (_name, answer) => {
    const { client, fake } = createTestClient()
    fake.once('POST /oauth2/token', answer)
    const member = memberTokens(0)
    client.auth.setTokens(member)
    await expect(client.auth.generateVisitorTokens()).rejects.toMatchObject({
      message: 'something went wrong',
    })
    expect(client.auth.getTokens()).toEqual(member)
  })

  it('takes the Web Lock of its client id around each token request, where the browser has one', async () => {
    const names: string[] = []
    vi.stubGlobal('navigator', {
      locks: {
        request: (name: string, _options: unknown, task: () => Promise<unknown>) => {
          names.push(name)
          return task()
        },
      },
    })
    try {
      const { client } = createTestClient()
      await client.auth.generateVisitorTokens()
      expect(names).toEqual(['aisle:tokens:client-1'])
    } finally {
      vi.unstubAllGlobals()
    }
  })

  it('goes ahead without the Web Lock when another tab holds it too long', async () => {
    vi.stubGlobal('navigator', {
      locks: {
        request: () => Promise.reject(new DOMException('The operation timed out.', 'TimeoutError')),
      },
    })
    try {
      const { client, fake } = createTestClient()
      await client.auth.generateVisitorTokens()
      expect(fake.requestsTo('POST /oauth2/token')).toHaveLength(1)
    } finally {
      vi.unstubAllGlobals()
    }
  })
})

describe('OAuthStrategy token state', () => {
  const usableMember = () => memberTokens(Date.now() / 1000 + 3600)

  // An asynchronous storage (a server session store, IndexedDB) whose first read the test releases.
  function createAsyncStorage(initial: Tokens) {
    const firstRead = createDeferred<Tokens>()
    const writes: Tokens[] = []
    let reads = 0
    const storage: TokenStorage = {
      getTokens: () => (++reads === 1 ? firstRead.promise : Promise.resolve(initial)),
      setTokens: async (tokens) => {
        writes.push(tokens)
      },
    }
    return { storage, firstRead, writes, reads: () => reads }
  }

  it('answers getTokens, setTokens and loggedIn synchronously, with plain values', () => {
    const auth = OAuthStrategy({ clientId: 'client-1' })
    const member = usableMember()
    expect(auth.setTokens(member)).toBeUndefined()
    expect(auth.loggedIn()).toBe(true)
    expect(JSON.parse(JSON.stringify(auth.getTokens()))).toEqual(member)
    auth.setTokens(structuredClone(EMPTY_TOKENS))
    expect(auth.loggedIn()).toBe(false)
  })

  it('returns a copy, so changing the returned tokens changes nothing', () => {
    const auth = OAuthStrategy({ clientId: 'client-1', tokens: usableMember() })
    auth.getTokens().refreshToken.role = TokenRole.VISITOR
    expect(auth.loggedIn()).toBe(true)
  })

  it('resumes a session from the tokens option without asking for tokens', async () => {
    const member = usableMember()
    const { client, fake } = createTestClient({ auth: { tokens: member } })
    fake.on('GET /ecom/v1/carts/current', cartAnswer)
    expect(client.auth.loggedIn()).toBe(true)
    await client.currentCart.getCurrentCart()
    expect(fake.requestsTo('POST /oauth2/token')).toHaveLength(0)
    expect(fake.requestsTo('GET /ecom/v1/carts/current')[0]?.headers.get('authorization')).toBe(
      'member-access',
    )
  })

  it('writes the tokens option to the storage, over what it held', () => {
    const tokenStorage = createMemoryTokenStorage({
      accessToken: { value: 'old-access', expiresAt: 1 },
      refreshToken: { value: 'old-refresh', role: TokenRole.VISITOR },
    })
    const member = usableMember()
    OAuthStrategy({ clientId: 'client-1', tokenStorage, tokens: member })
    expect(tokenStorage.getTokens()).toEqual(member)
  })

  it('reads a synchronous storage on every call, so tokens another tab stored count at once', () => {
    const tokenStorage = createMemoryTokenStorage()
    const thisTab = OAuthStrategy({ clientId: 'client-1', tokenStorage })
    const otherTab = OAuthStrategy({ clientId: 'client-1', tokenStorage })
    otherTab.setTokens(usableMember())
    expect(thisTab.loggedIn()).toBe(true)
    expect(thisTab.getTokens().accessToken.value).toBe('member-access')
  })

  it('resolves hydrate at once with the tokens of a synchronous storage', async () => {
    const member = usableMember()
    const auth = OAuthStrategy({ clientId: 'client-1', tokenStorage: createMemoryTokenStorage(member) })
    expect(await auth.hydrate()).toEqual(member)
  })

  it('holds the first call until an asynchronous storage has been read, then uses its tokens', async () => {
    const member = usableMember()
    const { storage, firstRead } = createAsyncStorage(member)
    const { client, fake } = createTestClient({ auth: { tokenStorage: storage } })
    fake.on('GET /ecom/v1/carts/current', cartAnswer)

    expect(client.auth.loggedIn()).toBe(false)
    const call = client.currentCart.getCurrentCart()
    const hydrated = client.auth.hydrate()
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(fake.requests).toHaveLength(0)
    firstRead.resolve(member)
    await call

    expect(await hydrated).toEqual(member)
    expect(client.auth.loggedIn()).toBe(true)
    expect(fake.requestsTo('POST /oauth2/token')).toHaveLength(0)
    expect(fake.requestsTo('GET /ecom/v1/carts/current')[0]?.headers.get('authorization')).toBe(
      'member-access',
    )
  })

  it('keeps tokens set while an asynchronous storage is read over what the read brings', async () => {
    const { storage, firstRead, writes } = createAsyncStorage(usableMember())
    const auth = OAuthStrategy({ clientId: 'client-1', tokenStorage: storage })
    const restored: Tokens = {
      accessToken: { value: 'restored-access', expiresAt: Date.now() / 1000 + 3600 },
      refreshToken: { value: 'restored-refresh', role: TokenRole.VISITOR },
    }
    auth.setTokens(restored)
    firstRead.resolve(usableMember())
    expect(await auth.hydrate()).toEqual(restored)
    expect(writes).toEqual([restored])
  })

  it('starts from the tokens option over an asynchronous storage, and writes them to it', async () => {
    const member = usableMember()
    const { storage, firstRead, writes } = createAsyncStorage(structuredClone(EMPTY_TOKENS))
    const auth = OAuthStrategy({ clientId: 'client-1', tokenStorage: storage, tokens: member })
    expect(auth.loggedIn()).toBe(true)
    firstRead.resolve(structuredClone(EMPTY_TOKENS))
    expect(await auth.hydrate()).toEqual(member)
    expect(writes).toEqual([member])
  })

  it('writes every new pair through to an asynchronous storage and keeps its own copy', async () => {
    const { storage, firstRead, writes, reads } = createAsyncStorage(usableMember())
    const { client } = createTestClient({ auth: { tokenStorage: storage } })
    firstRead.resolve(structuredClone(EMPTY_TOKENS))
    const tokens = await client.auth.generateVisitorTokens()
    expect(writes).toEqual([tokens])
    expect(client.auth.getTokens()).toEqual(tokens)
    expect(reads()).toBe(1)
  })

  it('counts an asynchronous storage that fails to read as empty: a new visitor', async () => {
    const tokenStorage: TokenStorage = {
      getTokens: () => Promise.reject(new Error('session store down')),
      setTokens: () => undefined,
    }
    const { client, fake } = createTestClient({ auth: { tokenStorage } })
    const tokens = await client.auth.generateVisitorTokens()
    expect(tokens.refreshToken.role).toBe(TokenRole.VISITOR)
    expect(fake.requestsTo('POST /oauth2/token')[0]?.body).toEqual({
      clientId: 'client-1',
      grantType: 'anonymous',
    })
  })

  it('keeps tokens set on an asynchronous storage whose write fails, without an unhandled rejection', async () => {
    const tokenStorage: TokenStorage = {
      getTokens: async () => structuredClone(EMPTY_TOKENS),
      setTokens: () => Promise.reject(new Error('quota exceeded')),
    }
    const { client, fake } = createTestClient({ auth: { tokenStorage } })
    fake.on('GET /ecom/v1/carts/current', cartAnswer)
    const member = usableMember()
    client.auth.setTokens(member)
    await client.currentCart.getCurrentCart()
    expect(client.auth.getTokens()).toEqual(member)
    expect(fake.requestsTo('POST /oauth2/token')).toHaveLength(0)
  })

  it('keeps a member a member through refreshes that fail for a transient reason, then refreshes', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now })
    const { client, fake } = createTestClient({ auth: { tokens: memberTokens(nowSeconds - 1) } })
    fake
      .once('POST /oauth2/token', () => new TypeError('fetch failed'))
      .once('POST /oauth2/token', () => jsonResponse({ error: 'server_error' }, { status: 502 }))
      .on('GET /ecom/v1/carts/current', cartAnswer)
    for (const _ of [1, 2]) {
      await expect(client.currentCart.getCurrentCart()).rejects.toMatchObject({ retryable: true })
      expect(client.auth.loggedIn()).toBe(true)
    }
    await client.currentCart.getCurrentCart()
    expect(client.auth.getTokens().refreshToken).toEqual({ value: 'refresh-1', role: TokenRole.MEMBER })
    expect(fake.requestsTo('POST /oauth2/token').map((request) => request.body)).toEqual(
      Array(3).fill({ clientId: 'client-1', grantType: 'refresh_token', refresh_token: 'member-refresh' }),
    )
  })
})
