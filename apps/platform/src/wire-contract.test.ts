import {
  collections,
  createClient,
  createMemoryTokenStorage,
  currentCart,
  isAisleError,
  OAuthStrategy,
  products,
  TokenRole,
} from '@aisle/sdk'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from './db/db.ts'
import { DEMO_CLIENT_ID } from './seed/demo-ids.ts'
import { databaseKinds, openTestDatabase } from './testing/test-database.ts'
import { createTestPlatform, TEST_PUBLIC_URL } from './testing/test-platform.ts'

// The real SDK against the real app: the wire contract holds from both ends.
describe.each(databaseKinds())('the SDK against the platform on %s', (kind) => {
  let db: Db
  let platform: ReturnType<typeof createTestPlatform>
  beforeAll(async () => {
    db = await openTestDatabase(kind)
    platform = createTestPlatform(db)
  })
  afterAll(() => db.close())

  function client(tokenStorage = createMemoryTokenStorage()) {
    return createClient({
      auth: OAuthStrategy({ clientId: DEMO_CLIENT_ID, tokenStorage }),
      modules: { currentCart, products, collections },
      baseUrl: TEST_PUBLIC_URL,
      fetch: platform.fetch,
    })
  }

  it('browses, reads a product and a collection, and fills a visitor’s cart', async () => {
    const shop = client()
    const page = await shop.products.queryProducts().limit(12).find()
    expect(page.items).toHaveLength(12)
    expect(page.totalCount).toBe(42)
    const first = page.items[0]!
    expect(first._id).toMatch(/^[0-9a-f-]{36}$/)
    expect(first._createdDate).toBe(first._createdDate && new Date(first._createdDate).toISOString())
    const { product } = await shop.products.getProduct(first._id!)
    expect(product?.name).toBe(first.name)
    const collection = await shop.collections.getCollection(product!.collectionIds![0]!)
    expect(collection._id).toBe(product!.collectionIds![0])

    await expect(shop.currentCart.getCurrentCart()).rejects.toSatisfy(
      (error) => isAisleError(error) && error.code === 'OWNED_CART_NOT_FOUND' && error.status === 404,
    )
    const variantId = product!.variants![0]!._id!
    const { cart } = await shop.currentCart.addToCurrentCart({
      lineItems: [
        {
          catalogReference: { catalogItemId: product!._id!, appId: 'stores', options: { variantId } },
          quantity: 2,
        },
      ],
    })
    expect(cart?.lineItems?.[0]).toMatchObject({
      quantity: 2,
      catalogReference: { catalogItemId: product!._id },
    })
    expect((await shop.currentCart.getCurrentCart())._id).toBe(cart?._id)
    const tokens = await shop.auth.getTokens()
    expect(tokens.refreshToken.role).toBe(TokenRole.VISITOR)
  })

  it('queries with filters and sorts through the GET form and the long-query POST fallback alike', async () => {
    const shop = client()
    const cheap = await shop.products.queryProducts().lt('price', 30).ascending('price').find()
    const prices = cheap.items.map((p) => p.price!.discountedPrice!)
    expect(prices.length).toBeGreaterThan(0)
    expect(prices.every((p) => p < 30)).toBe(true)
    expect(prices).toEqual([...prices].sort((a, b) => a - b))
    const manySlugs = Array.from({ length: 99 }, (_, i) => `no-such-product-with-a-rather-long-slug-${i}`)
    const long = await shop.products
      .queryProducts()
      .in('slug', [...manySlugs, 'classic-tee'])
      .find()
    expect(long.items.map((p) => p.slug)).toEqual(['classic-tee'])
  })

  it('keeps the visitor and the cart across clients sharing stored tokens (a reload)', async () => {
    const storage = createMemoryTokenStorage()
    const before = client(storage)
    const [product] = (await before.products.queryProducts().eq('slug', 'meadow-tote').find()).items
    await before.currentCart.addToCurrentCart({
      lineItems: [{ catalogReference: { catalogItemId: product!._id!, appId: 'stores' }, quantity: 1 }],
    })
    const after = client(storage)
    const cart = await after.currentCart.getCurrentCart()
    expect(cart.lineItems?.map((l) => l.catalogReference?.catalogItemId)).toEqual([product!._id])
  })

  it('refreshes an expired access token and keeps the cart', async () => {
    const shop = client()
    const [product] = (await shop.products.queryProducts().eq('slug', 'meadow-tote').find()).items
    await shop.currentCart.addToCurrentCart({
      lineItems: [{ catalogReference: { catalogItemId: product!._id!, appId: 'stores' }, quantity: 1 }],
    })
    const tokens = await shop.auth.getTokens()
    // The platform's clock passes the token's life; the SDK sees a 401, refreshes once and replays.
    platform.clock.advance(4 * 3600 + 5)
    const cart = await shop.currentCart.getCurrentCart()
    expect(cart.lineItems).toHaveLength(1)
    expect((await shop.auth.getTokens()).refreshToken.value).not.toBe(tokens.refreshToken.value)
  })

  it('normalises a validation error into INVALID_ARGUMENT with the field violations', async () => {
    const shop = client()
    const error = await shop.products
      .queryProducts()
      .eq('password' as never, 'x')
      .find()
      .catch((e: unknown) => e)
    expect(isAisleError(error)).toBe(true)
    if (!isAisleError(error)) return
    expect(error.code).toBe('INVALID_ARGUMENT')
    expect(error.message).toMatch(/^INVALID_ARGUMENT: .*query\.filter\.password/)
    expect(error.requestId).toMatch(/^[0-9a-f-]{36}$/)
  })
})
