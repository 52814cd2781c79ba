import { describe, expect, it } from 'vitest'
import { createWixAdapter, isWixApiUrl, type WixTokens } from './wix-adapter.js'

interface Sent {
  url: string
  method: string | undefined
  body: unknown
  authorization: string | null
}

/** A platform that rotates refresh tokens: `r0` becomes `r1`, `r1` becomes `r2`... */
function createFakePlatform() {
  const sent: Sent[] = []
  const fetch = async (input: string, init?: RequestInit) => {
    sent.push({
      url: input,
      method: init?.method,
      body: init?.body,
      authorization: new Headers(init?.headers).get('authorization'),
    })
    if (input.endsWith('/oauth2/token')) {
      const { refreshToken } = JSON.parse(String(init?.body))
      const next = `r${Number(String(refreshToken).slice(1)) + 1}`
      return Response.json({ access_token: `a-${next}`, expires_in: 14400, refresh_token: next })
    }
    return Response.json({ ok: true })
  }
  return { sent, fetch }
}

const refresh = (token: string) =>
  JSON.stringify({ clientId: 'c', refreshToken: token, grantType: 'refresh_token' })

describe('createWixAdapter', () => {
  it('sends the Wix client’s requests to the platform with path, query, method, headers and body as they are', async () => {
    const platform = createFakePlatform()
    const adapter = createWixAdapter({ platformUrl: 'http://127.0.0.1:4000/', fetch: platform.fetch })
    await adapter.fetch('https://edge.wixapis.com/stores-reader/v1/products/query-platformized?.r=abc', {
      headers: { Authorization: 'token' },
    })
    await adapter.fetch(
      new Request('https://www.wixapis.com/ecom/v1/carts/current/add-to-cart', {
        method: 'POST',
        body: '{"lineItems":[]}',
      }),
    )
    expect(platform.sent).toEqual([
      {
        url: 'http://127.0.0.1:4000/stores-reader/v1/products/query-platformized?.r=abc',
        method: 'GET',
        body: undefined,
        authorization: 'token',
      },
      {
        url: 'http://127.0.0.1:4000/ecom/v1/carts/current/add-to-cart',
        method: 'POST',
        body: '{"lineItems":[]}',
        authorization: null,
      },
    ])
  })

  it('passes any other request on untouched', async () => {
    const platform = createFakePlatform()
    const adapter = createWixAdapter({ platformUrl: 'http://127.0.0.1:4000', fetch: platform.fetch })
    await adapter.fetch('https://static.wixstatic.com/media/x.png')
    await adapter.fetch('http://www.wixapis.com/not-https')
    expect(platform.sent.map((request) => request.url)).toEqual([
      'https://static.wixstatic.com/media/x.png',
      'http://www.wixapis.com/not-https',
    ])
  })

  it('sends the refresh token the platform rotated to where the Wix client sends the one it started with', async () => {
    const platform = createFakePlatform()
    const adapter = createWixAdapter({ platformUrl: 'http://127.0.0.1:4000', fetch: platform.fetch })
    const token = (body: string) =>
      adapter.fetch('https://www.wixapis.com/oauth2/token', { method: 'POST', body })
    await token(refresh('r0'))
    await token(refresh('r0'))
    await token(refresh('r0'))
    expect(platform.sent.map((request) => JSON.parse(String(request.body)).refreshToken)).toEqual([
      'r0',
      'r1',
      'r2',
    ])
  })

  it('stores the rotated refresh token through its token storage, around the app’s own storage', async () => {
    const platform = createFakePlatform()
    const adapter = createWixAdapter({ platformUrl: 'http://127.0.0.1:4000', fetch: platform.fetch })
    let saved: WixTokens | undefined
    const storage = adapter.tokenStorage({
      getTokens: () => saved!,
      setTokens: (tokens) => {
        saved = tokens
      },
    })
    await adapter.fetch('https://www.wixapis.com/oauth2/token', { method: 'POST', body: refresh('r0') })
    storage.setTokens({
      accessToken: { value: 'a-r1', expiresAt: 1 },
      refreshToken: { value: 'r0', role: 'visitor' },
    })
    expect(storage.getTokens().refreshToken).toEqual({ value: 'r1', role: 'visitor' })
  })

  it('installs itself as the global fetch over the one it found, and puts that one back', async () => {
    const platform = createFakePlatform()
    const target = {
      fetch: ((input: string, init?: RequestInit) => platform.fetch(input, init)) as typeof fetch,
    }
    const original = target.fetch
    const adapter = createWixAdapter({ platformUrl: 'http://127.0.0.1:4000' })
    const uninstall = adapter.install(target)
    await target.fetch('https://www.wixapis.com/ecom/v1/carts/current')
    await target.fetch('https://example.com/')
    expect(platform.sent.map((request) => request.url)).toEqual([
      'http://127.0.0.1:4000/ecom/v1/carts/current',
      'https://example.com/',
    ])
    uninstall()
    expect(target.fetch).toBe(original)
  })

  it.each(['', 'shop.example.com', 'ftp://shop.example.com', 'https://shop.example.com/?x=1'])(
    'refuses the platform URL %j',
    (platformUrl) => {
      expect(() => createWixAdapter({ platformUrl })).toThrow(/platformUrl/)
    },
  )
})

describe('isWixApiUrl', () => {
  it.each([
    ['https://www.wixapis.com/oauth2/token', true],
    ['https://edge.wixapis.com/v2/collections/query', true],
    ['https://readonly.wixapis.com/stores-reader/v1/products/x', true],
    ['https://wixapis.com.evil.example/x', false],
    ['https://notwixapis.com/x', false],
    ['http://www.wixapis.com/x', false],
  ])('%s is a Wix API URL: %s', (url, expected) => {
    expect(isWixApiUrl(new URL(url))).toBe(expected)
  })
})
