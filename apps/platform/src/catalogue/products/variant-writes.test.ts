import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../db/db.ts'
import type { MerchantCaller } from '../../http/caller.ts'
import { ApplicationError } from '../../http/errors.ts'
import { parseWith } from '../../http/validation.ts'
import { createOwnerCaller } from '../../testing/test-callers.ts'
import { databaseKinds, openTestDatabase } from '../../testing/test-database.ts'
import { TEST_PUBLIC_URL } from '../../testing/test-platform.ts'
import { type CatalogueWriteDeps, CreateProductBody, createProduct } from './merchant-product-writes.ts'
import type { VariantRow } from './product-store.ts'
import {
  matchVariants,
  resetAllProductVariantData,
  toVariantColumns,
  UpdateProductVariantsBody,
  updateProductVariants,
  type VariantChange,
} from './variant-writes.ts'

const variant = (id: string, choices: Record<string, string>, own: Partial<VariantRow> = {}): VariantRow => ({
  id,
  product_id: 'p',
  position: 0,
  choices,
  price_minor: null,
  cost_minor: null,
  sku: null,
  weight: null,
  visible: true,
  track_quantity: false,
  quantity: null,
  in_stock: true,
  ...own,
})

const variants = [
  variant('a', { Size: 'S', Color: 'Navy' }),
  variant('b', { Size: 'M', Color: 'Navy' }),
  variant('c', { Size: 'M', Color: 'White' }),
]
const change = (input: Record<string, unknown>): VariantChange =>
  parseWith(UpdateProductVariantsBody, { variants: [input] }).variants[0]!

describe('matchVariants', () => {
  it('takes every variant with each given choice, among the given ids when there are ids', () => {
    const ids = (matched: VariantRow[]) => matched.map((v) => v.id)
    expect(ids(matchVariants(variants, change({ choices: { Color: 'Navy' } })))).toEqual(['a', 'b'])
    expect(ids(matchVariants(variants, change({ choices: { Size: 'M', Color: 'Navy' } })))).toEqual(['b'])
    expect(ids(matchVariants(variants, change({})))).toEqual(['a', 'b', 'c'])
    const [a, , c] = variants.map((v) => ({ ...v, id: crypto.randomUUID() }))
    expect(matchVariants([a!, c!], change({ variantIds: [c!.id] }))).toEqual([c])
    expect(matchVariants([a!, c!], change({ variantIds: [c!.id], choices: { Size: 'S' } }))).toEqual([])
  })
})

describe('toVariantColumns', () => {
  it('keeps what the change leaves out and follows the product again where it is cleared', () => {
    const own = variant('a', {}, { price_minor: 1200, cost_minor: 500, sku: 'A', weight: 1.5 })
    expect(toVariantColumns(own, change({ price: 19.99 }), 'EUR')).toMatchObject({
      price_minor: 1999,
      cost_minor: 500,
      sku: 'A',
      weight: 1.5,
    })
    expect(
      toVariantColumns(own, change({ price: null, cost: null, sku: '', weight: null }), 'EUR'),
    ).toMatchObject({
      price_minor: null,
      cost_minor: null,
      sku: null,
      weight: null,
    })
  })

  it('lets a tracked quantity decide the stock, and an untracked one keep the flag it is given', () => {
    const plain = variant('a', {})
    expect(
      toVariantColumns(plain, change({ stock: { trackQuantity: true, quantity: 0 } }), 'EUR'),
    ).toMatchObject({ track_quantity: true, quantity: 0, in_stock: false })
    expect(
      toVariantColumns(plain, change({ stock: { trackQuantity: true, quantity: 3 } }), 'EUR'),
    ).toMatchObject({ track_quantity: true, quantity: 3, in_stock: true })
    expect(
      toVariantColumns(
        plain,
        change({ stock: { trackQuantity: false, quantity: 3, inStock: false } }),
        'EUR',
      ),
    ).toMatchObject({ track_quantity: false, quantity: null, in_stock: false })
  })
})

describe.each(databaseKinds())('variant writes on %s', (kind) => {
  let db: Db
  let deps: CatalogueWriteDeps
  let owner: MerchantCaller
  let productId: string
  const stored = () =>
    db.query<{ price_minor: number | null; visible: boolean }>(
      'select price_minor, visible from product_variants where product_id = $1 order by position',
      [productId],
    )
  beforeAll(async () => {
    db = await openTestDatabase(kind)
    deps = { db, clock: () => new Date(), publicUrl: TEST_PUBLIC_URL }
    owner = await createOwnerCaller(db)
    const input = parseWith(CreateProductBody, {
      product: {
        name: 'Wool Scarf',
        priceData: { price: 30 },
        productOptions: [
          {
            name: 'Color',
            choices: [
              { value: 'Grey', description: 'Grey' },
              { value: 'Rust', description: 'Rust' },
            ],
          },
        ],
      },
    })
    productId = (await createProduct(deps, owner, input)).product.id
  })
  afterAll(() => db.close())

  describe('updateProductVariants', () => {
    it('changes the matched variants, answers all of them and records the event as the site owner', async () => {
      const input = parseWith(UpdateProductVariantsBody, {
        variants: [{ choices: { Color: 'Rust' }, price: 35, visible: false }],
      })
      const answer = await updateProductVariants(deps, owner, { id: productId, ...input })
      expect(
        answer.variants.map((v) => [v.choices.Color, v.variant.priceData.price, v.variant.visible]),
      ).toEqual([
        ['Grey', 30, true],
        ['Rust', 35, false],
      ])
      const [event] = await db.query<{ identity: Record<string, string> }>(
        "select identity from events where entity_id = $1 and type = 'product.variants_changed'",
        [productId],
      )
      expect(event!.identity).toEqual({ identityType: 'SITE_USER', siteUserId: owner.siteUserId })
    })

    it('names the change that matches no variant and writes none of the changes', async () => {
      const before = await stored()
      const input = parseWith(UpdateProductVariantsBody, {
        variants: [
          { choices: { Color: 'Grey' }, price: 1 },
          { choices: { Color: 'Teal' }, price: 2 },
        ],
      })
      const refused = await updateProductVariants(deps, owner, { id: productId, ...input }).catch(
        (error: unknown) => error,
      )
      expect(refused).toBeInstanceOf(ApplicationError)
      expect(refused).toMatchObject({ code: 'VARIANT_NOT_FOUND', data: { index: 1 } })
      expect(await stored()).toEqual(before)
    })
  })

  describe('resetAllProductVariantData', () => {
    it('gives every variant the product’s data again', async () => {
      expect(await resetAllProductVariantData(deps, owner, { id: productId })).toEqual({})
      expect(await stored()).toEqual([
        { price_minor: null, visible: true },
        { price_minor: null, visible: true },
      ])
    })
  })
})
