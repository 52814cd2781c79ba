import { generateKeyPairSync } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Db } from '../../db/db.ts'
import { OutboundAddressRefused, type ResolveHost } from '../../http/outbound-request.ts'
import type { JwkSet } from '../../oauth/id-token.ts'
import { createTestIdentityProvider } from '../../oauth/testing/id-token-signer.ts'
import { DEMO_CLIENT_ID } from '../../seed/demo-ids.ts'
import { createApiKey } from '../../sites/api-key-store.ts'
import { newEmail } from '../../testing/member-flows.ts'
import { databaseKinds, openTestDatabase } from '../../testing/test-database.ts'
import { createTestPlatform } from '../../testing/test-platform.ts'
import { setLocalDevelopment } from '../../webhooks/webhook-endpoint-store.ts'
import type { IdpConnection } from './idp-connection-store.ts'
import { fetchIdpKeys, freshSeconds, IdpKeysUnavailable, KEY_REQUEST_INTERVAL_SECONDS } from './idp-keys.ts'

const AUDIENCE = 'aisle-demo'

/** A provider's key set under new key ids (`ec-1` becomes `ec-<n>`): the keys of a rotation. */
const renamed = (jwks: JwkSet, n: number): JwkSet => ({
  keys: jwks.keys.map((key) => ({ ...key, kid: String(key.kid).replace(/-1$/, `-${n}`) })),
})

/** An identity provider on 127.0.0.1 that publishes an OpenID configuration and a key set it can change. */
async function startKeyServer() {
  const state = {
    published: { keys: [] } as JwkSet,
    cacheControl: undefined as string | undefined,
    requests: [] as string[],
  }
  const server: Server = createServer((request, response) => {
    state.requests.push(request.url ?? '')
    if (request.url === '/.well-known/openid-configuration') {
      response.setHeader('content-type', 'application/json')
      return response.end(JSON.stringify({ issuer, jwks_uri: `${issuer}/jwks` }))
    }
    if (request.url === '/jwks') {
      response.setHeader('content-type', 'application/json')
      if (state.cacheControl) response.setHeader('cache-control', state.cacheControl)
      return response.end(JSON.stringify(state.published))
    }
    if (request.url === '/big')
      return response.end(JSON.stringify({ keys: [], padding: 'x'.repeat(300_000) }))
    response.statusCode = 404
    response.end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const jwksRequests = () => state.requests.filter((path) => path === '/jwks').length
  const close = () => new Promise<void>((resolve) => server.close(() => resolve()))
  return { state, issuer, jwksRequests, close }
}

describe.each(databaseKinds())('identity providers’ published keys on %s', (kind) => {
  let db: Db
  let platform: ReturnType<typeof createTestPlatform>
  let siteId: string
  let membersKey: string
  let keyServer: Awaited<ReturnType<typeof startKeyServer>>
  let first: ReturnType<typeof createTestIdentityProvider>
  let second: ReturnType<typeof createTestIdentityProvider>
  beforeAll(async () => {
    db = await openTestDatabase(kind)
    platform = createTestPlatform(db)
    keyServer = await startKeyServer()
    first = createTestIdentityProvider(keyServer.issuer)
    second = createTestIdentityProvider(keyServer.issuer)
    siteId = (
      await db.query<{ site_id: string }>('select site_id from oauth_clients where id = $1', [DEMO_CLIENT_ID])
    )[0]!.site_id
    membersKey = (
      await createApiKey(db, { siteId, name: 'members', permissions: ['members'] }, platform.clock())
    ).key
  })
  afterAll(async () => {
    await keyServer.close()
    await db.close()
  })
  beforeEach(async () => {
    keyServer.state.published = first.jwks
    keyServer.state.cacheControl = undefined
    await setLocalDevelopment(db, siteId, true, platform.clock())
  })

  const merchantCall = (method: string, path: string, body?: unknown) =>
    platform.call(method, path, { token: membersKey, headers: { 'aisle-site-id': siteId }, body })
  const connect = (keys: Record<string, unknown>) =>
    merchantCall('POST', '/identity/v1/idp-connections', {
      name: 'Published keys',
      issuer: keyServer.issuer,
      audience: AUDIENCE,
      ...keys,
    })
  async function connectionId(keys: Record<string, unknown>) {
    const created = await connect(keys)
    expect(created.status).toBe(200)
    return created.json.idpConnection.id as string
  }
  const tokenOf = (idp: typeof first, kid: string, extra: Record<string, unknown> = {}) =>
    idp.signToken(idp.claims(newEmail('published'), AUDIENCE, platform.clock(), extra), { alg: 'ES256', kid })
  const signIn = async (idpConnectionId: string, idToken: string) =>
    platform.call('POST', '/identity/v1/sso/login-with-token-params', {
      token: (await platform.visitorTokens()).access_token,
      body: { idpConnectionId, tokenParams: { id_token: idToken } },
    })
  const refusal = (response: Awaited<ReturnType<typeof signIn>>) => ({
    status: response.status,
    code: response.json.details?.applicationError?.code,
    reason: response.json.details?.applicationError?.data?.reason,
  })

  it('follows a rotation found by OpenID discovery with exactly one request for the new keys', async () => {
    const id = await connectionId({ discovery: true })
    const before = keyServer.jwksRequests()
    expect((await signIn(id, tokenOf(first, 'ec-1'))).json.state).toBe('SUCCESS')
    expect((await signIn(id, tokenOf(first, 'ec-1'))).json.state).toBe('SUCCESS')
    expect(keyServer.jwksRequests()).toBe(before + 1)
    expect(keyServer.state.requests).toContain('/.well-known/openid-configuration')

    platform.clock.advance(KEY_REQUEST_INTERVAL_SECONDS + 30)
    keyServer.state.published = renamed(second.jwks, 2)
    expect((await signIn(id, tokenOf(second, 'ec-2'))).json.state).toBe('SUCCESS')
    expect((await signIn(id, tokenOf(second, 'ec-2'))).json.state).toBe('SUCCESS')
    expect(keyServer.jwksRequests()).toBe(before + 2)
    // The retired key is gone from the set: its tokens are refused, without asking again so soon.
    expect(refusal(await signIn(id, tokenOf(first, 'ec-1')))).toEqual({
      status: 400,
      code: 'ID_TOKEN_INVALID',
      reason: 'bad signature',
    })
    expect(keyServer.jwksRequests()).toBe(before + 2)
  })

  it('asks at most once per interval however many unknown key ids come', async () => {
    const id = await connectionId({ jwksUrl: `${keyServer.issuer}/jwks` })
    expect((await signIn(id, tokenOf(first, 'ec-1'))).json.state).toBe('SUCCESS')
    const before = keyServer.jwksRequests()
    const attacker = generateKeyPairSync('ec', { namedCurve: 'P-256' })
    const flood = () =>
      Promise.all(
        Array.from({ length: 8 }, (_, n) =>
          signIn(
            id,
            first.signToken(
              first.claims(newEmail('flood'), AUDIENCE, platform.clock()),
              { alg: 'ES256', kid: `unknown-${n}` },
              { key: attacker.privateKey },
            ),
          ),
        ),
      )
    platform.clock.advance(KEY_REQUEST_INTERVAL_SECONDS + 1)
    for (const response of await flood()) expect(refusal(response).reason).toBe('bad signature')
    expect(keyServer.jwksRequests()).toBe(before + 1)
    for (const response of await flood()) expect(response.status).toBe(400)
    expect(keyServer.jwksRequests()).toBe(before + 1)
    platform.clock.advance(KEY_REQUEST_INTERVAL_SECONDS + 1)
    await flood()
    expect(keyServer.jwksRequests()).toBe(before + 2)
    // The known key still signs members in throughout.
    expect((await signIn(id, tokenOf(first, 'ec-1'))).json.state).toBe('SUCCESS')
  })

  it('refuses an expired token and one signed by another key under a published key id, without asking again', async () => {
    const id = await connectionId({ jwksUrl: `${keyServer.issuer}/jwks` })
    expect((await signIn(id, tokenOf(first, 'ec-1'))).json.state).toBe('SUCCESS')
    const before = keyServer.jwksRequests()
    platform.clock.advance(KEY_REQUEST_INTERVAL_SECONDS + 1)
    const now = Math.floor(platform.clock().getTime() / 1000)
    expect(refusal(await signIn(id, tokenOf(first, 'ec-1', { iat: now - 400, exp: now - 120 })))).toEqual({
      status: 400,
      code: 'ID_TOKEN_INVALID',
      reason: 'expired',
    })
    expect(refusal(await signIn(id, tokenOf(second, 'ec-1')))).toEqual({
      status: 400,
      code: 'ID_TOKEN_INVALID',
      reason: 'bad signature',
    })
    expect(keyServer.jwksRequests()).toBe(before)
  })

  it('keeps fetched keys as long as the answer’s max-age says, within bounds', async () => {
    keyServer.state.cacheControl = 'public, max-age=600'
    const id = await connectionId({ jwksUrl: `${keyServer.issuer}/jwks` })
    await signIn(id, tokenOf(first, 'ec-1'))
    const before = keyServer.jwksRequests()
    platform.clock.advance(590)
    expect((await signIn(id, tokenOf(first, 'ec-1'))).json.state).toBe('SUCCESS')
    expect(keyServer.jwksRequests()).toBe(before)
    platform.clock.advance(20)
    expect((await signIn(id, tokenOf(first, 'ec-1'))).json.state).toBe('SUCCESS')
    expect(keyServer.jwksRequests()).toBe(before + 1)
    expect(
      [undefined, 'max-age=10', 'max-age=600', 'max-age=9999999', 'no-store', 'private, no-cache'].map(
        freshSeconds,
      ),
    ).toEqual([3_600, 300, 600, 86_400, 300, 300])
  })

  it('lists a connection with where its keys are', async () => {
    const id = await connectionId({ jwksUrl: `${keyServer.issuer}/jwks` })
    const listed = await merchantCall('GET', '/identity/v1/idp-connections')
    expect(listed.json.idpConnections.find((c: { id: string }) => c.id === id)).toEqual({
      id,
      name: 'Published keys',
      issuer: keyServer.issuer,
      audience: AUDIENCE,
      jwksUrl: `${keyServer.issuer}/jwks`,
      discovery: false,
      createdDate: expect.any(String),
    })
  })

  it.each<[string, Record<string, unknown>, string]>([
    ['a JWKS URL on a loopback address', { jwksUrl: 'LOCAL/jwks' }, 'jwksUrl'],
    ['discovery of an issuer on a loopback address', { discovery: true }, 'issuer'],
    ['a JWKS URL over plain http', { jwksUrl: 'http://keys.example.com/jwks' }, 'jwksUrl'],
    ['a JWKS URL on a link-local address', { jwksUrl: 'https://169.254.169.254/jwks' }, 'jwksUrl'],
    [
      'a JWKS URL on an IPv4-translated loopback address',
      { jwksUrl: 'https://[::ffff:0:127.0.0.1]/jwks' },
      'jwksUrl',
    ],
    ['two key sources', { jwksUrl: 'https://keys.example.com/jwks', discovery: true }, 'jwks'],
    ['no key source', {}, 'jwks'],
  ])('refuses %s to a site not in local development mode', async (_what, keys, field) => {
    await setLocalDevelopment(db, siteId, false, platform.clock())
    const body = { ...keys }
    if (typeof body.jwksUrl === 'string') body.jwksUrl = body.jwksUrl.replace('LOCAL', keyServer.issuer)
    const response = await connect(body)
    expect(response.status).toBe(400)
    expect(response.json.details.validationError.fieldViolations[0].field).toBe(field)
  })

  it('fetches nothing for a connection whose site has left local development mode', async () => {
    const id = await connectionId({ jwksUrl: `${keyServer.issuer}/jwks` })
    await setLocalDevelopment(db, siteId, false, platform.clock())
    const before = keyServer.state.requests.length
    expect(refusal(await signIn(id, tokenOf(first, 'ec-1')))).toEqual({
      status: 400,
      code: 'ID_TOKEN_INVALID',
      reason: 'the provider’s keys are unavailable',
    })
    expect(keyServer.state.requests.length).toBe(before)
  })

  describe('fetchIdpKeys', () => {
    const connection = (jwksUrl: string, siteLocalDevelopment: boolean): IdpConnection => ({
      id: '00000000-0000-4000-8000-000000000000',
      siteId,
      name: 'direct',
      issuer: keyServer.issuer,
      audience: AUDIENCE,
      jwks: undefined,
      jwksUrl,
      discovery: false,
      siteLocalDevelopment,
      createdDate: platform.clock(),
    })
    const resolvingToLoopback: ResolveHost = (_name, callback) =>
      callback(null, [{ address: '127.0.0.1', family: 4 }])

    it('refuses a public name that resolves to a loopback address, and connects to it for a local site', async () => {
      const port = new URL(keyServer.issuer).port
      const before = keyServer.state.requests.length
      await expect(
        fetchIdpKeys(
          { db, localDevelopmentSites: true, resolveHost: resolvingToLoopback },
          connection(`https://keys.rebind.example:${port}/jwks`, false),
          platform.clock(),
        ),
      ).rejects.toBeInstanceOf(OutboundAddressRefused)
      expect(keyServer.state.requests.length).toBe(before)
      const fetched = await fetchIdpKeys(
        { db, localDevelopmentSites: true, resolveHost: resolvingToLoopback },
        connection(`http://keys.rebind.internal:${port}/jwks`, true),
        platform.clock(),
      )
      expect(fetched.jwks.keys.map((key) => key.kid)).toEqual(['rsa-1', 'ec-1', 'ed-1'])
    })

    it('refuses an answer larger than its cap, and private keys in a published set', async () => {
      await expect(
        fetchIdpKeys(
          { db, localDevelopmentSites: true },
          connection(`${keyServer.issuer}/big`, true),
          platform.clock(),
        ),
      ).rejects.toBeInstanceOf(IdpKeysUnavailable)
      keyServer.state.published = {
        keys: [{ ...first.ec.privateKey.export({ format: 'jwk' }), kid: 'private' }, first.jwks.keys[1]!],
      }
      const fetched = await fetchIdpKeys(
        { db, localDevelopmentSites: true },
        connection(`${keyServer.issuer}/jwks`, true),
        platform.clock(),
      )
      expect(fetched.jwks.keys.map((key) => key.kid)).toEqual(['ec-1'])
    })
  })
})
