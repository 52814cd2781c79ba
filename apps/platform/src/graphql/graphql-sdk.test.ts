import { createClient, createMemoryTokenStorage, isAisleError, OAuthStrategy } from '@aisle/sdk'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../db/db.ts'
import { DEMO_CLIENT_ID } from '../seed/demo-ids.ts'
import { databaseKinds, openTestDatabase } from '../testing/test-database.ts'
import { createTestPlatform, TEST_PUBLIC_URL } from '../testing/test-platform.ts'

// The real SDK's client.graphql against the real app: the GraphQL wire holds from both ends.
describe.each(databaseKinds())('client.graphql against the platform on %s', (kind) => {
  let db: Db
  let platform: ReturnType<typeof createTestPlatform>
  beforeAll(async () => {
    db = await openTestDatabase(kind)
    platform = createTestPlatform(db)
  })
  afterAll(() => db.close())

  const client = () =>
    createClient({
      auth: OAuthStrategy({ clientId: DEMO_CLIENT_ID, tokenStorage: createMemoryTokenStorage() }),
      modules: {},
      baseUrl: TEST_PUBLIC_URL,
      fetch: platform.fetch,
    })

  it('reads the catalogue and fills the visitor’s cart, with the wire’s own field names', async () => {
    const shop = client()
    const page = await shop.graphql<{
      products: { products: { id: string; createdDate: string; variants: { id: string }[] }[] }
    }>('query ($q: QueryInput) { products(query: $q) { products { id createdDate variants { id } } } }', {
      q: { filter: { 'stock.inStock': true }, paging: { limit: 3 } },
    })
    expect(page.errors).toBeUndefined()
    const product = page.data!.products.products.find((p) => p.variants.length > 0)!
    expect(product.createdDate).toBe(new Date(product.createdDate).toISOString())

    const added = await shop.graphql<{ addToCurrentCart: { id: string; lineItems: { quantity: number }[] } }>(
      `mutation ($id: ID!, $variantId: ID) {
         addToCurrentCart(lineItems: [{ catalogReference: { catalogItemId: $id, options: { variantId: $variantId } }, quantity: 2 }]) {
           id lineItems { quantity }
         }
       }`,
      { id: product.id, variantId: product.variants[0]!.id },
    )
    expect(added.data?.addToCurrentCart.lineItems).toEqual([{ quantity: 2 }])
    const read = await shop.graphql<{ currentCart: { id: string } }>('{ currentCart { id } }')
    expect(read.data?.currentCart.id).toBe(added.data?.addToCurrentCart.id)
  })

  it('resolves GraphQL errors inside a 200 and rejects HTTP failures with an AisleError', async () => {
    const shop = client()
    const missing = await shop.graphql('{ currentCart { id } }')
    expect(missing.data).toEqual({ currentCart: null })
    expect(missing.errors?.[0]?.extensions?.code).toBe('OWNED_CART_NOT_FOUND')
    const invalid = await shop.graphql('{ nothing }')
    expect(invalid.errors?.[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED')
    await expect(shop.graphql('{ currentCart { id } }', undefined, { version: 'v9' })).rejects.toSatisfy(
      (error) => isAisleError(error) && error.status === 400 && error.code === 'INVALID_ARGUMENT',
    )
  })
})
