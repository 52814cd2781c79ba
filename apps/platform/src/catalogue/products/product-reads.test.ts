import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../db/db.ts'
import type { MerchantCaller, ShopperCaller } from '../../http/caller.ts'
import { createOwnerCaller, createVisitorCaller } from '../../testing/test-callers.ts'
import { databaseKinds, openTestDatabase } from '../../testing/test-database.ts'
import { TEST_PUBLIC_URL } from '../../testing/test-platform.ts'
import {
  type CatalogueReadDeps,
  getProduct,
  getProductOptionsAvailability,
  queryProductPage,
  queryProductVariants,
} from './product-reads.ts'

describe.each(databaseKinds())('product reads on %s', (kind) => {
  let db: Db
  let deps: CatalogueReadDeps
  let owner: MerchantCaller
  let visitor: ShopperCaller
  let tee: string
  beforeAll(async () => {
    db = await openTestDatabase(kind)
    deps = { db, publicUrl: TEST_PUBLIC_URL }
    owner = await createOwnerCaller(db)
    visitor = await createVisitorCaller(db)
    tee = (await db.query<{ id: string }>("select id from products where slug = 'classic-tee'"))[0]!.id
    await db.query('update products set visible = false where id = $1', [tee])
    await db.query(
      'update product_variants set visible = false where id = (select id from product_variants where product_id = $1 order by position limit 1)',
      [tee],
    )
  })
  afterAll(() => db.close())

  describe('getProduct', () => {
    it('shows a hidden product and its cost to a merchant who asks, and not to a shopper', async () => {
      const asked = await getProduct(deps, owner, { id: tee, includeMerchantSpecificData: true })
      expect(asked.product.costAndProfitData).toBeDefined()
      expect((await getProduct(deps, owner, { id: tee })).product.costAndProfitData).toBeUndefined()
      const hidden = await getProduct(deps, visitor, { id: tee, includeMerchantSpecificData: true }).catch(
        (error: unknown) => error,
      )
      expect(hidden).toMatchObject({ code: 'PRODUCT_NOT_FOUND', data: { id: tee } })
    })
  })

  describe('queryProductPage', () => {
    it('pages what the caller may see, with the total', async () => {
      const query = { paging: { limit: 5, offset: 0 } }
      const merchant = await queryProductPage(deps, owner, query)
      const shopper = await queryProductPage(deps, visitor, query)
      expect(merchant.metadata).toEqual({ count: 5, offset: 0, total: 42 })
      expect(shopper.metadata.total).toBe(41)
    })
  })

  describe('queryProductVariants', () => {
    it('gives a merchant hidden variants too, by page', async () => {
      const all = await queryProductVariants(deps, owner, { id: tee, includeMerchantSpecificData: true })
      const second = await queryProductVariants(deps, owner, { id: tee, paging: { limit: 2, offset: 2 } })
      expect(all.metadata.total).toBe(all.variants.length)
      expect(all.variants.some((variant) => !variant.variant.visible)).toBe(true)
      expect(second.variants.map((variant) => variant.id)).toEqual(all.variants.slice(2, 4).map((v) => v.id))
    })
  })

  describe('getProductOptionsAvailability', () => {
    it('names the variant of a whole choice and shows its media, for whoever may see the product', async () => {
      const input = { id: tee, options: { Size: 'M', Color: 'Red' } }
      const red = await getProductOptionsAvailability(deps, owner, input)
      const { variants } = await queryProductVariants(deps, owner, { id: tee, choices: input.options })
      // Flat, as the spec's client reads it: the variant's id, price, stock and its choices' pictures.
      expect(red.selectedVariant).toMatchObject({
        variantId: variants[0]!.id,
        priceData: variants[0]!.variant.priceData,
        inStock: variants[0]!.stock.inStock,
      })
      expect(red.selectedVariant?.media[0]?.title).toMatch(/Red/)
      expect(red.media.mainMedia?.title).toMatch(/Red/)
      const hidden = await getProductOptionsAvailability(deps, visitor, input).catch(
        (error: unknown) => error,
      )
      expect(hidden).toMatchObject({ code: 'PRODUCT_NOT_FOUND' })
    })
  })
})
