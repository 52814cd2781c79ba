import { describe, expect, it } from 'vitest'
import { storefrontReturnUris } from './storefront-return-uris.mjs'

describe('the storefront addresses npm start registers', () => {
  it('are the callback and home page on localhost and 127.0.0.1 at the storefront port', () => {
    expect(storefrontReturnUris({}, 3100)).toEqual({
      DEMO_REDIRECT_URIS: 'http://localhost:3100/callback,http://127.0.0.1:3100/callback',
      DEMO_POST_LOGOUT_REDIRECT_URIS: 'http://localhost:3100/,http://127.0.0.1:3100/',
      warnings: [],
    })
  })

  it('follow the ones the environment lists, with AISLE_STOREFRONT_URL, each once', () => {
    const env = {
      DEMO_REDIRECT_URIS: 'https://a.example/callback, http://localhost:3100/callback',
      AISLE_STOREFRONT_URL: 'https://shop.example/',
    }
    expect(storefrontReturnUris(env, 3100)).toMatchObject({
      DEMO_REDIRECT_URIS:
        'https://a.example/callback,http://localhost:3100/callback,http://127.0.0.1:3100/callback,https://shop.example/callback',
      DEMO_POST_LOGOUT_REDIRECT_URIS: 'http://localhost:3100/,http://127.0.0.1:3100/,https://shop.example/',
    })
  })

  it('leave out, with a warning, a public URL the platform would refuse', () => {
    const { DEMO_REDIRECT_URIS, warnings } = storefrontReturnUris(
      { AISLE_STOREFRONT_URL: 'http://192.168.1.5:3100' },
      3100,
    )
    expect(DEMO_REDIRECT_URIS).not.toContain('192.168')
    expect(warnings).toEqual([expect.stringContaining('AISLE_STOREFRONT_URL http://192.168.1.5:3100')])
  })
})
