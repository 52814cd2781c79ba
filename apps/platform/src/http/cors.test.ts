import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../db/db.ts'
import { DEMO_CLIENT_ID } from '../seed/demo-ids.ts'
import { createApiKey } from '../sites/api-key-store.ts'
import { databaseKinds, openTestDatabase } from '../testing/test-database.ts'
import { createTestPlatform } from '../testing/test-platform.ts'

const STOREFRONT = 'http://localhost:3000'
const OTHER_SHOP = 'https://other-shop.example'

// SECURITY.md H-1 and the "CORS/CSRF" family of its test catalogue.
describe.each(databaseKinds())('CORS for the browser SDK on %s', (kind) => {
  let db: Db
  let platform: ReturnType<typeof createTestPlatform>
  let apiKey: string
  beforeAll(async () => {
    db = await openTestDatabase(kind)
    platform = createTestPlatform(db)
    const [row] = await db.query<{ site_id: string }>('select site_id from oauth_clients where id = $1', [
      DEMO_CLIENT_ID,
    ])
    await db.query(
      `insert into oauth_clients (id, site_id, name, redirect_uris) values ('cors-other', $1, 'Other', $2)`,
      [row!.site_id, [`${OTHER_SHOP}/callback`]],
    )
    apiKey = (
      await createApiKey(
        db,
        { siteId: row!.site_id, name: 'k', permissions: ['catalogue'] },
        platform.clock(),
      )
    ).key
  })
  afterAll(() => db.close())

  const preflight = (
    origin: string,
    path = '/ecom/v1/carts/current',
    headers = 'authorization, content-type',
  ) =>
    platform.call('OPTIONS', path, {
      headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': headers },
    })

  it('answers a preflight from an origin registered for a client, without credentials', async () => {
    const response = await preflight(
      STOREFRONT,
      '/ecom/v1/carts/current',
      'Authorization, Content-Type, aisle-site-id',
    )
    expect(response.status).toBe(204)
    expect(response.headers.get('access-control-allow-origin')).toBe(STOREFRONT)
    expect(response.headers.get('access-control-allow-methods')).toContain('POST')
    expect(response.headers.get('access-control-allow-headers')).toBe('authorization, content-type')
    expect(response.headers.get('access-control-allow-credentials')).toBeNull()
    expect(response.headers.get('vary')).toContain('Origin')
  })

  it.each([
    ['an unregistered origin', 'https://evil.example'],
    ['Origin: null', 'null'],
    ['a registered origin as a prefix of another host', 'http://localhost:3000.evil.example'],
    ['another port', 'http://localhost:3001'],
    ['https instead of http', 'https://localhost:3000'],
    ['an origin with a path', 'http://localhost:3000/callback'],
  ])('refuses a preflight from %s with 403 and no allowed origin', async (_what, origin) => {
    const response = await preflight(origin)
    expect(response.status).toBe(403)
    expect(response.headers.get('access-control-allow-origin')).toBeNull()
  })

  it('lets the client’s own origin read a visitor’s answer, and not another client’s origin', async () => {
    const { access_token } = await platform.visitorTokens()
    const read = (origin: string) =>
      platform.call('GET', '/ecom/v1/carts/current', { token: access_token, headers: { origin } })
    const own = await read(STOREFRONT)
    expect(own.headers.get('access-control-allow-origin')).toBe(STOREFRONT)
    expect(own.headers.get('access-control-expose-headers')).toContain('retry-after')
    expect(own.headers.get('access-control-allow-credentials')).toBeNull()
    const other = await read(OTHER_SHOP)
    expect(other.headers.get('access-control-allow-origin')).toBeNull()
  })

  it('lets a registered origin read a 401, so the SDK can renew its token', async () => {
    const response = await platform.call('GET', '/ecom/v1/carts/current', {
      token: 'expired-or-forged',
      headers: { origin: STOREFRONT },
    })
    expect(response.status).toBe(401)
    expect(response.headers.get('access-control-allow-origin')).toBe(STOREFRONT)
  })

  it('lets the token endpoint answer the origins of the client named in the request only', async () => {
    const grant = (origin: string, clientId: string) =>
      platform.call('POST', '/oauth2/token', {
        headers: { origin },
        body: { clientId, grantType: 'anonymous' },
      })
    expect((await grant(STOREFRONT, DEMO_CLIENT_ID)).headers.get('access-control-allow-origin')).toBe(
      STOREFRONT,
    )
    expect((await grant(OTHER_SHOP, DEMO_CLIENT_ID)).headers.get('access-control-allow-origin')).toBeNull()
    expect((await grant(OTHER_SHOP, 'cors-other')).headers.get('access-control-allow-origin')).toBe(
      OTHER_SHOP,
    )
  })

  it('X1: refuses the external-login grant from a browser origin, and lets no browser read the refusal', async () => {
    const response = await platform.call('POST', '/oauth2/token', {
      token: apiKey,
      headers: { origin: STOREFRONT },
      body: {
        clientId: DEMO_CLIENT_ID,
        grantType: 'client_credentials',
        memberId: '00000000-0000-4000-8000-000000000000',
      },
    })
    expect(response.json.error).toBe('unauthorized_client')
    expect(response.headers.get('access-control-allow-origin')).toBeNull()
  })

  it('lets no browser origin read a merchant API-key call', async () => {
    const siteId = (
      await db.query<{ site_id: string }>('select site_id from oauth_clients where id = $1', [DEMO_CLIENT_ID])
    )[0]!.site_id
    const response = await platform.call('GET', '/stores/v1/products/query-platformized', {
      token: apiKey,
      headers: { origin: STOREFRONT, 'aisle-site-id': siteId },
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('access-control-allow-origin')).toBeNull()
  })

  it('gives hosted pages no CORS at all', async () => {
    const response = await platform.call('GET', '/_auth/authorize?session=x', {
      headers: { origin: STOREFRONT },
    })
    expect(response.headers.get('access-control-allow-origin')).toBeNull()
    const logout = await platform.call('GET', `/identity/v1/logout?clientId=${DEMO_CLIENT_ID}`, {
      headers: { origin: STOREFRONT },
    })
    expect(logout.headers.get('access-control-allow-origin')).toBeNull()
  })
})
