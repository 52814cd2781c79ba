import { describe, expect, it, vi } from 'vitest'
import { SITE_ICON_PATH } from '../layout/site-icon'
import { storefrontBuildForTests } from '../platform/testing/storefront-build'

// Browsers ask every site for /favicon.ico on the first visit: the real storefront build answers it, and its
// pages name the SVG icon. The platform is a stubbed global `fetch` that knows nothing.

const storefront = storefrontBuildForTests()

describe('the site icon', () => {
  it.each(['/favicon.ico', SITE_ICON_PATH])(
    'answers %s with the SVG icon, cached for a week',
    async (path) => {
      vi.stubGlobal('fetch', async () => Response.json({ message: 'unscripted' }, { status: 404 }))
      const response = await storefront().handle(new Request(`http://shop.test${path}`))
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toBe('image/svg+xml')
      expect(response.headers.get('cache-control')).toBe('public, max-age=604800')
      expect(await response.text()).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/)
    },
  )

  it('is named in the head of every page', async () => {
    vi.stubGlobal('fetch', async () => Response.json({ message: 'unscripted' }, { status: 404 }))
    const response = await storefront().handle(new Request('http://shop.test/no-such-page'))
    expect(response.headers.get('content-type')).toMatch(/^text\/html/)
    const head = (await response.text()).split('</head>')[0]
    expect(head).toMatch(/<link [^>]*rel="icon" type="image\/svg\+xml" href="\/favicon\.svg"\/>/)
  })

  it('is the shop’s own icon once its settings have one: a redirect to the picture, named by every page', async () => {
    const iconUrl = 'https://platform.test/media/5b3c2a10-0000-4000-8000-000000000001/96w.webp'
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init)
      const path = new URL(request.url).pathname
      if (path === '/oauth2/token')
        return Response.json({ access_token: 'visitor', refresh_token: 'refresh', expires_in: 3600 })
      if (path === '/ecom/v1/shop-info')
        return Response.json({
          name: 'Harbor Goods',
          currency: 'USD',
          icon: { url: iconUrl, width: 96, height: 96 },
          shipping: { regions: [], pickup: [] },
        })
      return Response.json({ message: 'unscripted' }, { status: 404 })
    })
    const icon = await storefront().handle(new Request('http://shop.test/favicon.ico'))
    expect(icon.status).toBe(302)
    expect(icon.headers.get('location')).toBe(iconUrl)
    expect(icon.headers.get('cache-control')).toBe('public, max-age=300')
    const page = await storefront().handle(new Request('http://shop.test/no-such-page'))
    const head = (await page.text()).split('</head>')[0]
    expect(head).toContain(`<link rel="icon" href="${iconUrl}"/>`)
    expect(head).not.toContain('href="/favicon.svg"')
  })
})
