import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../db/db.ts'
import { DEMO_SITE_ID } from '../../seed/demo-store.ts'
import { createApiKey } from '../../sites/api-key-store.ts'
import { databaseKinds, openTestDatabase } from '../../testing/test-database.ts'
import { createTestPlatform } from '../../testing/test-platform.ts'
import { ProductSchema } from '../catalogue-schemas.ts'

const shirt = {
  name: 'Linen Shirt',
  description: 'Breezy.',
  sku: 'LIN-1',
  priceData: { price: 49.9 },
  costAndProfitData: { itemCost: 20 },
  discount: { type: 'PERCENT', value: 10 },
  ribbon: 'New',
  brand: 'Aisle',
  productOptions: [
    {
      name: 'Size',
      choices: [
        { value: 'S', description: 'S' },
        { value: 'M', description: 'M' },
      ],
    },
    {
      name: 'Color',
      optionType: 'color',
      choices: [
        { value: '#ffffff', description: 'White' },
        { value: '#000080', description: 'Navy' },
      ],
    },
  ],
}

describe.each(databaseKinds())('product writes on %s', (kind) => {
  let db: Db
  let platform: ReturnType<typeof createTestPlatform>
  let headers: Record<string, string>
  let visitor: string
  beforeAll(async () => {
    db = await openTestDatabase(kind)
    platform = createTestPlatform(db)
    const { key } = await createApiKey(
      db,
      { siteId: DEMO_SITE_ID, name: 'writer', permissions: ['catalogue'] },
      new Date(),
    )
    headers = { authorization: key, 'aisle-site-id': DEMO_SITE_ID }
    visitor = (await platform.visitorTokens()).access_token
  })
  afterAll(() => db.close())

  const call = (method: string, path: string, body?: unknown) =>
    platform.call(method, path, { headers, body })
  const events = (entityId: string) =>
    db.query<{ type: string; payload: Record<string, unknown>; identity: Record<string, string> }>(
      'select type, payload, identity from events where entity_id = $1 order by sequence',
      [entityId],
    )

  describe('POST /stores/v1/products', () => {
    it('creates a product with variants from its options, priced in minor units, and records the event', async () => {
      const response = await call('POST', '/stores/v1/products', { product: shirt })
      expect(response.status).toBe(200)
      const product = ProductSchema.parse(response.json.product)
      expect(product).toMatchObject({ name: 'Linen Shirt', slug: 'linen-shirt', sku: 'LIN-1', ribbon: 'New' })
      expect(product.price).toMatchObject({ price: 49.9, discountedPrice: 44.91 })
      expect(product.costAndProfitData).toMatchObject({ itemCost: 20, profit: 24.91 })
      expect(product.variants.map((v) => v.choices)).toEqual([
        { Size: 'S', Color: 'White' },
        { Size: 'S', Color: 'Navy' },
        { Size: 'M', Color: 'White' },
        { Size: 'M', Color: 'Navy' },
      ])
      const recorded = await events(product.id)
      expect(recorded.map((e) => e.type)).toEqual(['product.created'])
      expect(recorded[0]!.identity.identityType).toBe('APP')
      expect(recorded[0]!.payload.name).toBe('Linen Shirt')
      const shopper = await platform.call('GET', `/stores/v1/products/${product.id}`, { token: visitor })
      expect(shopper.json.product.costAndProfitData).toBeUndefined()
    })

    it('derives a free slug from the name and refuses a taken one it was given', async () => {
      const again = await call('POST', '/stores/v1/products', { product: { ...shirt, sku: 'LIN-2' } })
      expect(again.json.product.slug).toBe('linen-shirt-2')
      const taken = await call('POST', '/stores/v1/products', { product: { ...shirt, slug: 'classic-tee' } })
      expect(taken.status).toBe(409)
      expect(taken.json.details.applicationError.code).toBe('SLUG_TAKEN')
    })

    it('names every broken rule and writes nothing', async () => {
      const before = await db.query('select count(*)::int as n from products')
      const response = await call('POST', '/stores/v1/products', {
        product: {
          name: '',
          priceData: { price: -1 },
          discount: { type: 'PERCENT', value: 150 },
          productOptions: [
            { name: 'Size', choices: [{ value: 'S', description: 'S' }] },
            { name: 'Size', optionType: 'color', choices: [{ value: 'blue', description: 'Blue' }] },
          ],
        },
      })
      expect(response.status).toBe(400)
      const fields = response.json.details.validationError.fieldViolations.map(
        (v: { field: string }) => v.field,
      )
      expect(fields).toEqual(expect.arrayContaining(['product.name', 'product.priceData.price']))
      const second = await call('POST', '/stores/v1/products', {
        product: {
          name: 'X',
          priceData: { price: 1 },
          discount: { type: 'PERCENT', value: 150 },
          productOptions: [
            { name: 'Size', choices: [{ value: 'S', description: 'S' }] },
            { name: 'Size', optionType: 'color', choices: [{ value: 'blue', description: 'Blue' }] },
          ],
        },
      })
      expect(
        second.json.details.validationError.fieldViolations.map((v: { field: string }) => v.field),
      ).toEqual([
        'product.discount.value',
        'product.productOptions[1].choices[0].value',
        'product.productOptions[1].name',
      ])
      expect(await db.query('select count(*)::int as n from products')).toEqual(before)
    })

    it('keeps shoppers and keys without the permission out with 403', async () => {
      const asVisitor = await platform.call('POST', '/stores/v1/products', {
        token: visitor,
        body: { product: shirt },
      })
      expect(asVisitor.status).toBe(403)
      const { key } = await createApiKey(
        db,
        { siteId: DEMO_SITE_ID, name: 'orders only', permissions: ['orders'] },
        new Date(),
      )
      const weak = await platform.call('POST', '/stores/v1/products', {
        headers: { authorization: key, 'aisle-site-id': DEMO_SITE_ID },
        body: { product: shirt },
      })
      expect(weak.status).toBe(403)
      expect(weak.json.details.applicationError.data).toEqual({ permission: 'catalogue' })
    })
  })

  describe('PATCH /stores/v1/products/:id and friends', () => {
    it('changes only the given fields and keeps variants whose choices survive', async () => {
      const created = (await call('POST', '/stores/v1/products', { product: { ...shirt, sku: 'LIN-3' } }))
        .json.product
      const navyM = created.variants.find(
        (v: { choices: Record<string, string> }) => v.choices.Size === 'M' && v.choices.Color === 'Navy',
      )
      await call('PATCH', `/stores/v1/products/${created.id}/variants`, {
        variants: [{ variantIds: [navyM.id], price: 59, sku: 'LIN-3-MN' }],
      })
      const patched = await call('PATCH', `/stores/v1/products/${created.id}`, {
        product: {
          priceData: { price: 39 },
          productOptions: [
            {
              name: 'Size',
              choices: [
                { value: 'M', description: 'M' },
                { value: 'L', description: 'L' },
              ],
            },
            shirt.productOptions[1],
          ],
        },
      })
      expect(patched.status).toBe(200)
      const product = patched.json.product
      expect(product.name).toBe('Linen Shirt')
      expect(product.price.price).toBe(39)
      const kept = product.variants.find((v: { id: string }) => v.id === navyM.id)
      expect(kept.variant.sku).toBe('LIN-3-MN')
      expect(kept.variant.priceData.price).toBe(59)
      expect(product.variants.map((v: { choices: { Size: string } }) => v.choices.Size).sort()).toEqual([
        'L',
        'L',
        'M',
        'M',
      ])
      const types = (await events(created.id)).map((e) => e.type)
      expect(types).toEqual(
        expect.arrayContaining(['product.created', 'product.changed', 'product.variants_changed']),
      )
    })

    it('leaves every field the patch does not name as it was', async () => {
      const created = (
        await call('POST', '/stores/v1/products', {
          product: {
            ...shirt,
            sku: 'LIN-6',
            visible: false,
            stock: { trackInventory: false, inStock: false },
          },
        })
      ).json.product
      const patched = (
        await call('PATCH', `/stores/v1/products/${created.id}`, { product: { priceData: { price: 45 } } })
      ).json.product
      expect(patched.price.price).toBe(45)
      const {
        price: _price,
        priceData: _priceData,
        costAndProfitData: _cost,
        priceRange: _range,
        variants,
        lastUpdated: _updated,
        ...rest
      } = patched
      const {
        price: _p,
        priceData: _pd,
        costAndProfitData: _c,
        priceRange: _r,
        variants: before,
        lastUpdated: _u,
        ...restBefore
      } = created
      expect(rest).toEqual(restBefore)
      expect(variants.map((v: { id: string }) => v.id)).toEqual(before.map((v: { id: string }) => v.id))
    })

    it('removes brand, ribbon and options, and deletes the product with its event', async () => {
      const created = (await call('POST', '/stores/v1/products', { product: { ...shirt, sku: 'LIN-4' } }))
        .json.product
      expect((await call('POST', `/stores/v1/products/${created.id}/remove-brand`)).json).toEqual({})
      await call('POST', `/stores/v1/products/${created.id}/remove-ribbon`)
      await call('DELETE', `/stores/v1/products/${created.id}/options`)
      const product = (await call('GET', `/stores/v1/products/${created.id}`)).json.product
      expect(product.brand).toBeUndefined()
      expect(product.ribbon).toBeUndefined()
      expect(product.productOptions).toEqual([])
      expect(product.variants).toHaveLength(1)
      expect((await call('DELETE', `/stores/v2/products-platformized/${created.id}`)).status).toBe(200)
      expect((await call('GET', `/stores/v1/products/${created.id}`)).status).toBe(404)
      expect((await call('DELETE', `/stores/v1/products/${created.id}`)).status).toBe(404)
      expect((await events(created.id)).at(-1)!.type).toBe('product.deleted')
    })

    it('resets variant data to the product’s', async () => {
      const created = (
        await call('POST', '/stores/v2/products-platformized', { product: { ...shirt, sku: 'LIN-5' } })
      ).json.product
      await call('PATCH', `/stores/v1/products/${created.id}/variants`, {
        variants: [{ choices: { Size: 'S' }, price: 99, visible: false }],
      })
      await call('POST', `/stores/v1/products/${created.id}/variants/resetToDefault`)
      const product = (await call('GET', `/stores/v1/products/${created.id}`)).json.product
      expect(
        product.variants.every(
          (v: { variant: { priceData: { price: number }; visible: boolean } }) =>
            v.variant.priceData.price === 49.9 && v.variant.visible,
        ),
      ).toBe(true)
    })

    it('reaches the carts that hold the product', async () => {
      const created = (
        await call('POST', '/stores/v1/products', {
          product: { name: 'Plain Mug', priceData: { price: 10 }, sku: 'MUG-X' },
        })
      ).json.product
      await platform.call('POST', '/ecom/v1/carts/current/add-to-cart', {
        token: visitor,
        body: { lineItems: [{ catalogReference: { catalogItemId: created.id }, quantity: 2 }] },
      })
      await call('PATCH', `/stores/v1/products/${created.id}`, { product: { priceData: { price: 12.5 } } })
      const cart = (await platform.call('GET', '/ecom/v1/carts/current', { token: visitor })).json.cart
      const line = cart.lineItems.find(
        (l: { catalogReference: { catalogItemId: string } }) =>
          l.catalogReference.catalogItemId === created.id,
      )
      expect(line.lineItemPrice.amount).toBe('25.00')
    })
  })
})
