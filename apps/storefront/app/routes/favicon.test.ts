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
})
