import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../db/db.ts'
import { databaseKinds, openTestDatabase } from '../testing/test-database.ts'
import { createTestPlatform } from '../testing/test-platform.ts'
import { toCanonicalPath, WIX_PATH_ALIASES } from './path-aliases.ts'

describe('toCanonicalPath', () => {
  it.each([
    ['/stores-reader/v1/products/query-platformized', '/stores/v1/products/query-platformized'],
    ['/stores-reader/v1/collections/slug/bags', '/stores/v1/collections/slug/bags'],
    ['/v2/collections/query', '/stores/v2/collections/query'],
    ['/_api/redirects-api/v1/redirect-session', '/redirects/v1/redirect-session'],
    ['/_api/iam/authentication/v2/login', '/identity/v2/login'],
    ['/_api/iam/recovery/v1/send-email', '/identity/v1/send-email'],
    ['/_api/iam/verification/v1/start', '/identity/v1/Start'],
    ['/_api/iam/verification/v1/auth/verify', '/identity/v1/auth/verify'],
  ])('serves %s as %s', (alias, own) => {
    expect(toCanonicalPath(alias)).toBe(own)
  })

  it.each([
    '/stores/v1/products/query-platformized',
    '/ecom/v1/carts/current',
    '/oauth2/token',
    '/stores-readers/v1/products',
    '/v2/collectionsx',
    '/x/stores-reader/v1/products',
  ])('leaves %s as it is', (path) => {
    expect(toCanonicalPath(path)).toBe(path)
  })

  it('names only prefixes that end a path segment, or exact paths', () => {
    for (const alias of WIX_PATH_ALIASES) expect(alias.exact || alias.from.endsWith('/')).toBe(true)
  })
})

describe.each(databaseKinds())('the Wix client’s paths on the platform on %s', (kind) => {
  let db: Db
  let platform: ReturnType<typeof createTestPlatform>
  let token: string
  beforeAll(async () => {
    db = await openTestDatabase(kind)
    platform = createTestPlatform(db)
    token = (await platform.visitorTokens()).access_token
  })
  afterAll(() => db.close())

  it.each([
    ['GET', '/stores-reader/v1/products/query-platformized', '/stores/v1/products/query-platformized'],
    ['GET', '/v2/collections/slug/bags', '/stores/v2/collections/slug/bags'],
    ['GET', '/stores-reader/v1/collections/slug/bags', '/stores/v1/collections/slug/bags'],
  ])('answers %s %s exactly as %s', async (method, alias, own) => {
    const viaAlias = await platform.call(method, alias, { token })
    const direct = await platform.call(method, own, { token })
    expect(viaAlias.status).toBe(200)
    expect(viaAlias.json).toEqual(direct.json)
  })

  it('reaches the verification start under its lower-case name: the route’s own validation answers', async () => {
    const response = await platform.call('POST', '/_api/iam/verification/v1/start', { token, body: {} })
    const direct = await platform.call('POST', '/identity/v1/Start', { token, body: {} })
    expect(response.status).toBe(direct.status)
    expect(response.json.details).toEqual(direct.json.details)
  })

  it('still answers an unknown path under an alias with ROUTE_NOT_FOUND, naming the platform’s path', async () => {
    const response = await platform.call('GET', '/stores-reader/v9/nothing', { token })
    expect(response.status).toBe(404)
    expect(response.json.details.applicationError).toMatchObject({
      code: 'ROUTE_NOT_FOUND',
      data: { path: '/stores/v9/nothing' },
    })
  })
})
