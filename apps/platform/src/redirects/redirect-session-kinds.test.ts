import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Db } from '../db/db.ts'
import { DEMO_SITE_ID } from '../seed/demo-store.ts'
import { createApiKey } from '../sites/api-key-store.ts'
import { memberTokens } from '../testing/member-flows.ts'
import { checkoutOf, createRedirect, SHOP } from '../testing/redirect-flows.ts'
import { databaseKinds, openTestDatabase } from '../testing/test-database.ts'
import { createTestPlatform, TEST_PUBLIC_URL } from '../testing/test-platform.ts'

describe.each(databaseKinds())('redirect sessions of every kind on %s', (kind) => {
  let db: Db
  let platform: ReturnType<typeof createTestPlatform>
  let visitor: string
  let product: { id: string; slug: string }
  beforeAll(async () => {
    db = await openTestDatabase(kind)
    platform = createTestPlatform(db)
    const [row] = await db.query<{ id: string; slug: string }>(
      'select id, slug from products where visible and in_stock and not manage_variants order by slug limit 1',
    )
    product = row!
  })
  beforeEach(async () => {
    visitor = (await platform.visitorTokens()).access_token
  })
  afterAll(() => db.close())

  const count = async (table: 'redirect_sessions' | 'events') =>
    (await db.query<{ n: number }>(`select count(*)::int as n from ${table}`))[0]!.n

  /** A body of each kind this platform serves besides the identity flows (their tests are beside them). */
  async function bodyOf(name: string): Promise<Record<string, unknown>> {
    switch (name) {
      case 'ecomCheckout':
        return { ecomCheckout: { checkoutId: await checkoutOf(platform, visitor, product.id) } }
      case 'storesProduct':
        return { storesProduct: { productSlug: product.slug } }
      case 'membersAccount':
        return { membersAccount: { section: 'ORDERS' } }
      case 'bookingsCheckout':
        return {
          bookingsCheckout: { timezone: 'Europe/Paris', slotAvailability: { slot: { serviceId: 's1' } } },
        }
      case 'bookingsBook':
        return { bookingsBook: { resourceId: randomUUID() } }
      case 'eventsCheckout':
        return { eventsCheckout: { eventSlug: 'summer-fair', reservationId: randomUUID() } }
      default:
        return { paidPlansCheckout: { planId: randomUUID(), checkoutData: 'x' } }
    }
  }

  it.each([
    ['ecomCheckout', '/_redirect/checkout', 'CHECKOUT'],
    ['storesProduct', '/_product', 'UNKNOWN'],
    ['membersAccount', '/_account', 'UNKNOWN'],
    ['bookingsCheckout', '/_bookings/checkout', 'CHECKOUT'],
    ['bookingsBook', '/_bookings/book', 'UNKNOWN'],
    ['eventsCheckout', '/_events/checkout', 'CHECKOUT'],
    ['paidPlansCheckout', '/_plans/checkout', 'CHECKOUT'],
  ])(
    'creates a %s session leading to %s, stores it for 10 minutes and records the event',
    async (name, path, location) => {
      const callbacks = {
        postFlowUrl: `${SHOP}/`,
        cartPageUrl: `${SHOP}/cart`,
        loginUrl: `${SHOP}/account/login`,
      }
      const response = await createRedirect(platform, visitor, { ...(await bodyOf(name)), callbacks })
      expect(response.status).toBe(200)
      const { redirectSession } = response.json
      const endpoint = `${TEST_PUBLIC_URL}${path}`
      expect(redirectSession).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        fullUrl: `${endpoint}?session=${redirectSession.sessionToken}`,
        urlDetails: {
          endpoint,
          searchParams: { session: redirectSession.sessionToken },
          locationType: location,
        },
        sessionToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        locationType: location,
      })
      const [stored] = await db.query<{
        kind: string
        creator_role: string
        callbacks: unknown
        expires_at: Date
        created_date: Date
      }>(
        'select kind, creator_role, callbacks, expires_at, created_date from redirect_sessions where id = $1',
        [redirectSession.id],
      )
      expect(stored).toMatchObject({ kind: name, creator_role: 'visitor' })
      expect(stored!.callbacks).toEqual({ ...callbacks, callbackType: 'CUSTOM' })
      expect(new Date(stored!.expires_at).getTime() - new Date(stored!.created_date).getTime()).toBe(600_000)
      const events = await db.query<{
        type: string
        payload: Record<string, unknown>
        identity: Record<string, unknown>
      }>('select type, payload, identity from events where entity_id = $1', [redirectSession.id])
      expect(events).toHaveLength(1)
      expect(events[0]).toMatchObject({
        type: 'redirect_session.created',
        payload: {
          id: redirectSession.id,
          kind: name,
          locationType: location,
          callbacks: { callbackType: 'CUSTOM' },
        },
        identity: { identityType: 'ANONYMOUS_VISITOR', anonymousVisitorId: expect.any(String) },
      })
    },
  )

  it('records the member who created a session as the event’s identity', async () => {
    const member = await memberTokens(platform, visitor)
    const response = await createRedirect(platform, member.tokens.access_token, { membersAccount: {} })
    expect(response.status).toBe(200)
    const [event] = await db.query<{ identity: unknown }>(
      'select identity from events where entity_id = $1',
      [response.json.redirectSession.id],
    )
    expect(event!.identity).toEqual({ identityType: 'MEMBER', memberId: member.memberId })
    const [stored] = await db.query<{ input: unknown; creator_role: string }>(
      'select input, creator_role from redirect_sessions where id = $1',
      [response.json.redirectSession.id],
    )
    expect(stored).toEqual({ input: { section: 'ACCOUNT_INFO' }, creator_role: 'member' })
  })

  it('adds the additional query parameters to the URL and keeps the callback type given', async () => {
    const response = await createRedirect(platform, visitor, {
      storesProduct: { productSlug: product.slug },
      callbacks: { callbackType: 'OWNER_BUSINESS' },
      preferences: { additionalQueryParameters: { lang: 'fr' }, membersAccountSection: 'ORDERS' },
    })
    expect(response.status).toBe(200)
    const { fullUrl, urlDetails, sessionToken } = response.json.redirectSession
    expect(urlDetails.searchParams).toEqual({ session: sessionToken, lang: 'fr' })
    expect(new URL(fullUrl).searchParams.get('lang')).toBe('fr')
    const [stored] = await db.query<{ callbacks: unknown }>(
      'select callbacks from redirect_sessions where id = $1',
      [response.json.redirectSession.id],
    )
    expect(stored!.callbacks).toEqual({ callbackType: 'OWNER_BUSINESS' })
  })

  it('drops the callbacks’ own query parameters when maintainQueryParams is false', async () => {
    const response = await createRedirect(platform, visitor, {
      bookingsBook: {},
      callbacks: { postFlowUrl: `${SHOP}/services?utm=mail` },
      preferences: { maintainQueryParams: false },
    })
    const [stored] = await db.query<{ callbacks: { postFlowUrl: string } }>(
      'select callbacks from redirect_sessions where id = $1',
      [response.json.redirectSession.id],
    )
    expect(stored!.callbacks.postFlowUrl).toBe(`${SHOP}/services`)
  })

  it.each([
    ['no kind', {}, '$body', 'ONE_OF_ALIGNMENT'],
    ['two kinds', { bookingsBook: {}, membersAccount: {} }, '$body', 'ONE_OF_ALIGNMENT'],
    [
      'a checkout id that is no id',
      { ecomCheckout: { checkoutId: '42' } },
      'ecomCheckout.checkoutId',
      'FORMAT',
    ],
    ['no product slug', { storesProduct: {} }, 'storesProduct.productSlug', 'REQUIRED_FIELD'],
    [
      'an unknown product slug',
      { storesProduct: { productSlug: 'no-such-thing' } },
      'storesProduct.productSlug',
      'VALIDATION',
    ],
    [
      'an unknown section',
      { membersAccount: { section: 'WISHLIST' } },
      'membersAccount.section',
      'INVALID_ENUM_VALUE',
    ],
    [
      'an unknown time zone',
      { bookingsCheckout: { timezone: 'Mars/Olympus' } },
      'bookingsCheckout.timezone',
      'FORMAT',
    ],
    [
      'no reservation',
      { eventsCheckout: { eventSlug: 'fair' } },
      'eventsCheckout.reservationId',
      'REQUIRED_FIELD',
    ],
    [
      'a plan id that is no id',
      { paidPlansCheckout: { planId: 'gold' } },
      'paidPlansCheckout.planId',
      'FORMAT',
    ],
    [
      'a resource id that is no id',
      { bookingsBook: { resourceId: 'room-1' } },
      'bookingsBook.resourceId',
      'FORMAT',
    ],
    [
      'a parameter named session',
      { bookingsBook: {}, preferences: { additionalQueryParameters: { session: 'x' } } },
      'preferences.additionalQueryParameters',
      'FIELD_NOT_ALLOWED',
    ],
    [
      'an unknown callback type',
      { bookingsBook: {}, callbacks: { callbackType: 'MINE' } },
      'callbacks.callbackType',
      'INVALID_ENUM_VALUE',
    ],
  ])('refuses %s, and stores nothing', async (_what, body, field, rule) => {
    const before = [await count('redirect_sessions'), await count('events')]
    const response = await createRedirect(platform, visitor, body)
    expect(response.status).toBe(400)
    expect(response.json.message).toMatch(/^INVALID_ARGUMENT: /)
    expect(response.json.details.validationError.fieldViolations).toEqual([
      expect.objectContaining({ field, violatedRule: rule }),
    ])
    expect([await count('redirect_sessions'), await count('events')]).toEqual(before)
  })

  it.each([
    'postFlowUrl',
    'thankYouPageUrl',
    'cartPageUrl',
    'planListUrl',
    'loginUrl',
    'bookingsServiceListUrl',
  ])('refuses a %s on an origin not registered for the client', async (field) => {
    const before = await count('redirect_sessions')
    const response = await createRedirect(platform, visitor, {
      storesProduct: { productSlug: product.slug },
      callbacks: { [field]: 'https://evil.example/cart' },
    })
    expect(response.status).toBe(400)
    expect(response.json.details.validationError.fieldViolations).toEqual([
      {
        field: `callbacks.${field}`,
        description: 'is not on an origin registered for the client (https, or http on a loopback host)',
        violatedRule: 'VALIDATION',
      },
    ])
    expect(await count('redirect_sessions')).toBe(before)
  })

  it.each([
    ['a suffix domain', 'http://localhost:3000.evil.example/'],
    ['another port', 'http://localhost:3001/'],
    ['https instead of http', 'https://localhost:3000/'],
    ['user info', 'http://localhost:3000@evil.example/'],
    ['a fragment', `${SHOP}/cart#top`],
    ['a relative URL', '/cart'],
    ['a javascript: URL', 'javascript:alert(1)'],
  ])('refuses a callback with %s, naming every bad field', async (_what, url) => {
    const response = await createRedirect(platform, visitor, {
      bookingsBook: {},
      callbacks: { postFlowUrl: url, cartPageUrl: url, thankYouPageUrl: `${SHOP}/thanks` },
    })
    expect(response.status).toBe(400)
    expect(
      response.json.details.validationError.fieldViolations.map((v: { field: string }) => v.field),
    ).toEqual(['callbacks.cartPageUrl', 'callbacks.postFlowUrl'])
  })

  it('refuses a checkout of another shopper, of no one and a closed one, telling none apart from the others', async () => {
    const other = (await platform.visitorTokens()).access_token
    const foreign = await checkoutOf(platform, other, product.id)
    const refusals = []
    for (const checkoutId of [foreign, randomUUID()]) {
      const response = await createRedirect(platform, visitor, {
        ecomCheckout: { checkoutId },
        callbacks: { thankYouPageUrl: `${SHOP}/thanks` },
      })
      expect(response.status).toBe(400)
      refusals.push(response.json)
    }
    expect(refusals[0]).toEqual(refusals[1])
    expect(refusals[0]!.details.validationError.fieldViolations).toEqual([
      {
        field: 'ecomCheckout.checkoutId',
        description: 'names no checkout of the caller',
        violatedRule: 'VALIDATION',
      },
    ])
    const [foreignCheckout] = await db.query<{ callbacks: unknown }>(
      'select callbacks from checkouts where id = $1',
      [foreign],
    )
    expect(foreignCheckout!.callbacks).toBeNull()

    const own = await checkoutOf(platform, visitor, product.id)
    await db.query(`update checkouts set status = 'COMPLETED' where id = $1`, [own])
    const closed = await createRedirect(platform, visitor, { ecomCheckout: { checkoutId: own } })
    expect(closed.status).toBe(400)
    expect(closed.json.details.validationError.fieldViolations[0].field).toBe('ecomCheckout.checkoutId')
  })

  it('stores the session’s callbacks on the checkout, where the hosted checkout reads them', async () => {
    const checkoutId = await checkoutOf(platform, visitor, product.id)
    const callbacks = {
      thankYouPageUrl: `${SHOP}/thanks`,
      postFlowUrl: `${SHOP}/`,
      cartPageUrl: `${SHOP}/cart`,
    }
    const response = await createRedirect(platform, visitor, { ecomCheckout: { checkoutId }, callbacks })
    expect(response.status).toBe(200)
    const [stored] = await db.query<{ callbacks: unknown }>('select callbacks from checkouts where id = $1', [
      checkoutId,
    ])
    expect(stored!.callbacks).toEqual(callbacks)
  })

  describe('GET /redirects/v1/redirect-session/kinds', () => {
    it('says which kinds and account sections the site supports, to shoppers and merchants', async () => {
      const shopper = await platform.call('GET', '/redirects/v1/redirect-session/kinds', { token: visitor })
      expect(shopper.status).toBe(200)
      const supported = Object.fromEntries(
        shopper.json.kinds.map((one: { kind: string; isSupported: boolean }) => [one.kind, one.isSupported]),
      )
      expect(supported).toEqual({
        auth: true,
        login: true,
        logout: true,
        ecomCheckout: true,
        storesProduct: true,
        membersAccount: true,
        bookingsCheckout: true,
        bookingsBook: true,
        eventsCheckout: true,
        paidPlansCheckout: true,
      })
      expect(shopper.json.kinds).toContainEqual({
        kind: 'ecomCheckout',
        isSupported: true,
        locationType: 'CHECKOUT',
        endpoint: `${TEST_PUBLIC_URL}/_redirect/checkout`,
      })
      expect(shopper.json.membersAccountSections).toEqual([
        { section: 'ACCOUNT_INFO', isSupported: true },
        { section: 'BOOKINGS', isSupported: true },
        { section: 'ORDERS', isSupported: true },
        { section: 'SUBSCRIPTIONS', isSupported: true },
        { section: 'EVENTS', isSupported: true },
      ])
      const { key } = await createApiKey(
        db,
        { siteId: DEMO_SITE_ID, name: 'kinds', permissions: [] },
        new Date(),
      )
      const merchant = await platform.call('GET', '/redirects/v1/redirect-session/kinds', {
        token: key,
        headers: { 'aisle-site-id': DEMO_SITE_ID },
      })
      expect(merchant.json).toEqual(shopper.json)
      expect((await platform.call('GET', '/redirects/v1/redirect-session/kinds')).status).toBe(401)
    })

    it('is in the OpenAPI document with its answer’s schema', async () => {
      const openApi = (await platform.call('GET', '/openapi.json')).json
      const operation = openApi.paths['/redirects/v1/redirect-session/kinds'].get
      expect(operation.operationId).toBe('listRedirectSessionKinds')
      const schema = operation.responses['200'].content['application/json'].schema
      expect(schema.properties.kinds.items.properties.kind.enum).toContain('paidPlansCheckout')
      const body =
        openApi.paths['/redirects/v1/redirect-session'].post.requestBody.content['application/json'].schema
      expect(Object.keys(body.properties)).toEqual(
        expect.arrayContaining(['membersAccount', 'storesProduct', 'callbacks']),
      )
    })
  })
})
