import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { storefrontBuildForTests } from './app/platform/testing/storefront-build'
import { createServerApp, listRootFiles, parseTrustedProxies } from './server-app.js'

// The storefront's express app (server.js's) on the real build, listening on loopback: whether it believes
// a request's forwarded headers is decided by STOREFRONT_TRUSTED_PROXIES alone. The platform is a stubbed
// global `fetch`; the test's own requests go through the real one.

const realFetch = globalThis.fetch
const storefront = storefrontBuildForTests()
/** The X-Forwarded-For the platform received with the visitor's calls. */
let forwardedToPlatform: (string | null)[]

/** A visitor's session whose access token has expired: the page's cart read renews it and sets the cookie. */
const expiredSession = Buffer.from(
  JSON.stringify(['old-access', Math.floor(Date.now() / 1000) - 60, 'visitor-refresh', 'visitor']),
).toString('base64url')

beforeEach(() => {
  forwardedToPlatform = []
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init)
    const key = `${request.method} ${new URL(request.url).pathname}`
    if (key === 'POST /oauth2/token') {
      return Response.json({ access_token: 'new-access', refresh_token: 'new-refresh', expires_in: 3600 })
    }
    if (key === 'GET /ecom/v1/shop-info') {
      return Response.json({ name: 'Harbor Goods', currency: 'USD', shipping: { regions: [], pickup: [] } })
    }
    if (key === 'GET /ecom/v1/carts/current') {
      forwardedToPlatform.push(request.headers.get('x-forwarded-for'))
      const code = 'OWNED_CART_NOT_FOUND'
      return Response.json({ message: code, details: { applicationError: { code } } }, { status: 404 })
    }
    return Response.json({ message: `unscripted ${key}` }, { status: 404 })
  })
})

/** Runs the storefront's server with `trustedProxies` and sends it one GET from loopback. */
async function getFrom(
  trustedProxies: string | undefined,
  path: string,
  headers: Record<string, string>,
  clientDirectory = '/nonexistent',
) {
  const app = createServerApp({
    build: storefront().build,
    mode: 'production',
    trustedProxies: parseTrustedProxies(trustedProxies),
    clientDirectory,
  })
  const server = await new Promise<ReturnType<typeof app.listen>>((done) => {
    const listening = app.listen(0, '127.0.0.1', () => done(listening))
  })
  try {
    const { port } = server.address() as AddressInfo
    const response = await realFetch(`http://127.0.0.1:${port}${path}`, { headers })
    await response.text()
    return response
  } finally {
    server.closeAllConnections()
    await new Promise((done) => server.close(done))
  }
}

const proxied = {
  'X-Forwarded-Proto': 'https',
  'X-Forwarded-Host': 'shop.example',
  'X-Forwarded-For': '203.0.113.9',
  Cookie: `aisle_session=${expiredSession}; __Host-aisle_session=${expiredSession}`,
}

describe('the storefront server’s forwarded headers (STOREFRONT_TRUSTED_PROXIES)', () => {
  it('believes none of them from a peer that is not a trusted proxy: no HSTS, no Secure or __Host- cookie, the socket’s address', async () => {
    for (const trusted of [undefined, '10.0.0.1', '192.168.0.0/16']) {
      const response = await getFrom(trusted, '/help/shipping', proxied)
      expect(response.status).toBe(200)
      expect(response.headers.get('strict-transport-security')).toBeNull()
      const cookies = response.headers.getSetCookie()
      expect(cookies).toHaveLength(1)
      expect(cookies[0]).toMatch(/^aisle_session=/)
      expect(cookies[0]).not.toMatch(/Secure/)
    }
    expect(forwardedToPlatform).toEqual(['127.0.0.1', '127.0.0.1', '127.0.0.1'])
  })

  it('believes them from a trusted proxy: HSTS, the Secure __Host- session cookie, the shopper’s address', async () => {
    const response = await getFrom('loopback', '/help/shipping', proxied)
    expect(response.status).toBe(200)
    expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains')
    const cookies = response.headers.getSetCookie()
    expect(cookies).toHaveLength(1)
    expect(cookies[0]).toMatch(/^__Host-aisle_session=[^;]+; Path=\/; /)
    expect(cookies[0]).toMatch(/; Secure$/)
    expect(forwardedToPlatform).toEqual(['203.0.113.9'])
  })

  it('gives plain http from a trusted proxy that forwarded no https neither HSTS nor a Secure cookie', async () => {
    const { 'X-Forwarded-Proto': _, ...plain } = proxied
    const response = await getFrom('loopback', '/help/shipping', plain)
    expect(response.headers.get('strict-transport-security')).toBeNull()
    expect(response.headers.getSetCookie()[0]).toMatch(/^aisle_session=/)
  })
})

describe('the storefront server’s static files', () => {
  it('serves the assets and the files beside them, listed at start, and every other path as a page', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'storefront-client-'))
    try {
      mkdirSync(join(directory, 'assets'))
      mkdirSync(join(directory, 'images'))
      writeFileSync(join(directory, 'assets', 'entry-abc.js'), 'export {}')
      writeFileSync(join(directory, 'robots-extra.txt'), 'hello')
      writeFileSync(join(directory, 'images', 'logo 1.svg'), '<svg/>')
      expect([...listRootFiles(directory)].sort()).toEqual(['/images/logo 1.svg', '/robots-extra.txt'])
      const asset = await getFrom(undefined, '/assets/entry-abc.js', {}, directory)
      expect(asset.status).toBe(200)
      expect(asset.headers.get('cache-control')).toMatch(/immutable/)
      expect((await getFrom(undefined, '/robots-extra.txt', {}, directory)).status).toBe(200)
      expect((await getFrom(undefined, '/images/logo%201.svg', {}, directory)).status).toBe(200)
      // A page's path is the app's, and a missing asset too: its 404 page, not express's.
      const page = await getFrom(undefined, '/help/shipping', {}, directory)
      expect(page.status).toBe(200)
      expect(page.headers.get('content-type')).toMatch(/text\/html/)
      expect(listRootFiles(join(directory, 'missing')).size).toBe(0)
    } finally {
      rmSync(directory, { recursive: true, force: true })
    }
  })
})
