import { OAuthStrategy, type OAuthStrategyOptions } from '../auth/oauth-strategy.js'
import { createClient } from '../client.js'
import { authentication } from '../modules/authentication.js'
import { collections } from '../modules/collections.js'
import { currentCart } from '../modules/current-cart.js'
import { products } from '../modules/products.js'
import { recovery } from '../modules/recovery.js'
import { redirects } from '../modules/redirects.js'
import { storeVariants } from '../modules/store-variants.js'
import { verification } from '../modules/verification.js'
import { createFakeFetch, type FakeFetch, tokenResponse } from './fake-fetch.js'

/** Hosts the test clients use. */
export const testHosts = { baseUrl: 'http://api.test', readOnlyBaseUrl: 'http://read.test' } as const

/** Every module of the SDK, as a client's `modules`. */
export const allModules = {
  currentCart,
  products,
  collections,
  storeVariants,
  redirects,
  authentication,
  recovery,
  verification,
}

/**
 * Creates a client with every module on a fake `fetch` whose token endpoint answers anonymous grants
 * with `access-1`, `access-2`, ...
 */
export function createTestClient(options: { fake?: FakeFetch; auth?: Partial<OAuthStrategyOptions> } = {}) {
  const fake = options.fake ?? createFakeFetch()
  let grants = 0
  fake.on('POST /oauth2/token', () => tokenResponse(++grants))
  const client = createClient({
    auth: OAuthStrategy({ clientId: 'client-1', ...options.auth }),
    modules: allModules,
    ...testHosts,
    fetch: fake.fetch,
  })
  return { client, fake }
}
