import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../db/db.ts'
import type { MerchantCaller } from '../../http/caller.ts'
import { ApplicationError, ValidationError } from '../../http/errors.ts'
import { parseWith } from '../../http/validation.ts'
import { createOwnerCaller } from '../../testing/test-callers.ts'
import { databaseKinds, openTestDatabase } from '../../testing/test-database.ts'
import { TEST_PUBLIC_URL } from '../../testing/test-platform.ts'
import {
  type CatalogueWriteDeps,
  CreateProductBody,
  createProduct,
  deleteProductOptions,
  removeBrand,
  UpdateProductBody,
  updateProduct,
} from './merchant-product-writes.ts'
import { deleteProduct } from './product-list-writes.ts'

const mug = (sku: string) =>
  parseWith(CreateProductBody, {
    product: {
      name: 'Stoneware Mug',
      sku,
      brand: 'Aisle',
      priceData: { price: 14 },
      costAndProfitData: { itemCost: 6 },
      productOptions: [
        {
          name: 'Glaze',
          choices: [
            { value: 'Sand', description: 'Sand' },
            { value: 'Moss', description: 'Moss' },
          ],
        },
      ],
    },
  })

describe.each(databaseKinds())('product writes on %s', (kind) => {
  let db: Db
  let deps: CatalogueWriteDeps
  let owner: MerchantCaller
  const events = (entityId: string) =>
    db.query<{ type: string; payload: Record<string, unknown>; identity: Record<string, string> }>(
      'select type, payload, identity from events where entity_id = $1 order by sequence',
      [entityId],
    )
  beforeAll(async () => {
    db = await openTestDatabase(kind)
    deps = { db, clock: () => new Date(), publicUrl: TEST_PUBLIC_URL }
    owner = await createOwnerCaller(db)
  })
  afterAll(() => db.close())

  describe('createProduct', () => {
    it('answers the product with merchant data and records the event as the site owner', async () => {
      const { product } = await createProduct(deps, owner, mug('MUG-1'))
      expect(product).toMatchObject({ name: 'Stoneware Mug', slug: 'stoneware-mug', sku: 'MUG-1' })
      expect(product.costAndProfitData?.itemCost).toBe(6)
      expect(product.variants.map((variant) => variant.choices)).toEqual([
        { Glaze: 'Sand' },
        { Glaze: 'Moss' },
      ])
      const recorded = await events(product.id)
      expect(recorded.map((event) => event.type)).toEqual(['product.created'])
      expect(recorded[0]!.identity).toEqual({ identityType: 'SITE_USER', siteUserId: owner.siteUserId })
    })

    it('refuses rules across fields with a ValidationError and writes nothing', async () => {
      const input = mug('MUG-2')
      input.product.discount = { type: 'PERCENT', value: 150 }
      const refused = await createProduct(deps, owner, input).catch((error: unknown) => error)
      expect(refused).toBeInstanceOf(ValidationError)
      expect((refused as ValidationError).fieldViolations.map((v) => v.field)).toEqual([
        'product.discount.value',
      ])
      expect(await db.query("select 1 from products where sku = 'MUG-2'")).toHaveLength(0)
    })
  })

  describe('updateProduct', () => {
    it('records variants_changed only when the options change which variants there are', async () => {
      const { product } = await createProduct(deps, owner, mug('MUG-3'))
      const renamed = parseWith(UpdateProductBody, { product: { name: 'Tall Mug' } })
      expect((await updateProduct(deps, owner, { id: product.id, ...renamed })).product.name).toBe('Tall Mug')
      const glazes = parseWith(UpdateProductBody, {
        product: { productOptions: [{ name: 'Glaze', choices: [{ value: 'Sand', description: 'Sand' }] }] },
      })
      const { product: after } = await updateProduct(deps, owner, { id: product.id, ...glazes })
      expect(after.variants.map((variant) => variant.id)).toEqual([product.variants[0]!.id])
      const recorded = await events(product.id)
      expect(recorded.map((event) => [event.type, event.payload.modifiedFields])).toEqual([
        ['product.created', undefined],
        ['product.changed', ['name']],
        ['product.changed', ['productOptions']],
        ['product.variants_changed', undefined],
      ])
      expect(recorded.every((event) => event.identity.siteUserId === owner.siteUserId)).toBe(true)
    })

    it('answers PRODUCT_NOT_FOUND for a product of no site of the caller', async () => {
      const missing = await updateProduct(deps, owner, {
        id: '00000000-0000-4000-8000-000000000000',
        product: { name: 'Nothing' },
      }).catch((error: unknown) => error)
      expect(missing).toBeInstanceOf(ApplicationError)
      expect((missing as ApplicationError).code).toBe('PRODUCT_NOT_FOUND')
    })
  })

  describe('removeBrand, deleteProductOptions and deleteProduct', () => {
    it('are updates of one field, and a deletion recorded once', async () => {
      const { product } = await createProduct(deps, owner, mug('MUG-4'))
      expect(await removeBrand(deps, owner, { id: product.id })).toEqual({})
      expect(await deleteProductOptions(deps, owner, { id: product.id })).toEqual({})
      const [row] = await db.query<{ brand: string | null; options: unknown[] }>(
        'select brand, options from products where id = $1',
        [product.id],
      )
      expect(row).toEqual({ brand: null, options: [] })
      expect(await deleteProduct(deps, owner, { id: product.id })).toEqual({})
      const again = await deleteProduct(deps, owner, { id: product.id }).catch((error: unknown) => error)
      expect((again as ApplicationError).code).toBe('PRODUCT_NOT_FOUND')
      expect((await events(product.id)).at(-1)!.type).toBe('product.deleted')
    })
  })
})
