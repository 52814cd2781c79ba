import { expect, it } from 'vitest'
import * as sdk from './index.js'

it('exports exactly the chosen runtime surface', () => {
  expect(Object.keys(sdk).sort()).toMatchInlineSnapshot(`
    [
      "AisleError",
      "OAuthStrategy",
      "TokenRole",
      "collections",
      "createClient",
      "createCookieTokenStorage",
      "createLocalStorageTokenStorage",
      "createMemoryTokenStorage",
      "currentCart",
      "decodeTokens",
      "encodeTokens",
      "isAisleError",
      "products",
    ]
  `)
})

it('exports TokenRole with the spec roles', () => {
  expect(sdk.TokenRole).toEqual({ NONE: 'none', VISITOR: 'visitor', MEMBER: 'member' })
})
