import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ProductMedia, ProductOption } from '../catalogue/products/product-store.ts'
import type { Db } from '../db/db.ts'
import { DEMO_CLIENT_ID } from '../seed/demo-ids.ts'
import { databaseKinds, openTestDatabase } from '../testing/test-database.ts'
import { createTestPlatform } from '../testing/test-platform.ts'
import { CartSchema } from './cart-schemas.ts'

describe.each(databaseKinds())('current cart on %s', (kind) => {
  let db: Db
  let platform: ReturnType<typeof createTestPlatform>
  let tee: { id: string; variants: { id: string; choices: Record<string, string> }[] }
  let notebook: string
  beforeAll(async () => {
    db = await openTestDatabase(kind)
    platform = createTestPlatform(db)
    const [teeRow] = await db.query<{ id: string }>("select id from products where slug = 'classic-tee'")
    tee = {
      id: teeRow!.id,
      variants: await db.query(
        'select id, choices from product_variants where product_id = $1 order by position',
        [teeRow!.id],
      ),
    }
    const [notebookRow] = await db.query<{ id: string }>(
      'select p.id from products p where p.manage_variants = false and p.in_stock order by p.slug limit 1',
    )
    notebook = notebookRow!.id
  })
  afterAll(() => db.close())

  const add = (token: string, lineItems: unknown) =>
    platform.call('POST', '/ecom/v1/carts/current/add-to-cart', { token, body: { lineItems } })
  const get = (token: string) => platform.call('GET', '/ecom/v1/carts/current', { token })

  describe('GET /ecom/v1/carts/current', () => {
    it('answers OWNED_CART_NOT_FOUND before anything was added', async () => {
      const { access_token } = await platform.visitorTokens()
      const response = await get(access_token)
      expect(response.status).toBe(404)
      expect(response.json.details.applicationError.code).toBe('OWNED_CART_NOT_FOUND')
    })
  })

  describe('POST /ecom/v1/carts/current/add-to-cart', () => {
    it('creates the cart, prices lines from the catalogue, and is never cached', async () => {
      const { access_token } = await platform.visitorTokens()
      const variant = tee.variants.find((v) => v.choices.Size === 'M' && v.choices.Color === 'Red')!
      const response = await add(access_token, [
        {
          catalogReference: { catalogItemId: tee.id, appId: 'stores', options: { variantId: variant.id } },
          quantity: 2,
        },
        { catalogReference: { catalogItemId: notebook }, quantity: 1 },
      ])
      expect(response.status).toBe(200)
      expect(response.headers.get('cache-control')).toBe('private, no-store')
      const cart = CartSchema.parse(response.json.cart)
      expect(cart.lineItems).toHaveLength(2)
      const [teeLine, notebookLine] = cart.lineItems
      expect(teeLine).toMatchObject({
        quantity: 2,
        catalogReference: { catalogItemId: tee.id, appId: 'stores', options: { variantId: variant.id } },
      })
      expect(teeLine!.descriptionLines).toEqual([
        expect.objectContaining({
          name: expect.objectContaining({ original: 'Size' }),
          plainText: expect.objectContaining({ original: 'M' }),
        }),
        expect.objectContaining({
          lineType: 'COLOR',
          colorInfo: expect.objectContaining({ original: 'Red', code: '#b03a2e' }),
        }),
      ])
      expect(notebookLine!.catalogReference?.catalogItemId).toBe(notebook)
      const [prices] = await db.query<{ unit: number; notebook: number }>(
        `select (select discounted_price_minor from products where id = $1) as unit,
                (select discounted_price_minor from products where id = $2) as notebook`,
        [tee.id, notebook],
      )
      expect(teeLine!.price.amount).toBe((prices!.unit / 100).toFixed(2))
      expect(cart.subtotal.amount).toBe(((prices!.unit * 2 + prices!.notebook) / 100).toFixed(2))
      expect(cart.subtotal.formattedAmount).toMatch(/^\$\d+\.\d{2}$/)
      expect((await get(access_token)).json).toEqual(response.json)
    })

    it('adds to the quantity of a line with the same product and variant', async () => {
      const { access_token } = await platform.visitorTokens()
      const item = {
        catalogReference: { catalogItemId: tee.id, options: { options: { Size: 'L', Color: 'Blue' } } },
        quantity: 1,
      }
      await add(access_token, [item])
      const response = await add(access_token, [item, item])
      expect(response.json.cart.lineItems).toHaveLength(1)
      expect(response.json.cart.lineItems[0].quantity).toBe(3)
    })

    it('shows each line its variant’s picture: the red tee’s red one, a product without colours its first', async () => {
      const { access_token } = await platform.visitorTokens()
      const teeIn = (Color: string) => ({
        catalogReference: { catalogItemId: tee.id, options: { options: { Size: 'M', Color } } },
        quantity: 1,
      })
      const { cart } = (
        await add(access_token, [
          teeIn('Red'),
          teeIn('Blue'),
          { catalogReference: { catalogItemId: notebook }, quantity: 1 },
        ])
      ).json
      const [row] = await db.query<{ options: ProductOption[]; media: ProductMedia[] }>(
        "select options, media from products where slug = 'classic-tee'",
      )
      const colours = row!.options.find((option) => option.optionType === 'color')!.choices
      const firstPictureOf = (colour: string) => colours.find((c) => c.description === colour)!.mediaIds![0]
      const [red, blue, other] = cart.lineItems
      expect(red.image.id).toBe(firstPictureOf('Red'))
      expect(blue.image.id).toBe(firstPictureOf('Blue'))
      expect(red.image.id).not.toBe(row!.media[0]!.id)
      expect(red.image.altText).toContain('in Red')
      const [notebookRow] = await db.query<{ media: ProductMedia[] }>(
        'select media from products where id = $1',
        [notebook],
      )
      expect(other.image.id).toBe(notebookRow!.media[0]!.id)
    })

    it('acts on the caller’s own cart only', async () => {
      const alice = await platform.visitorTokens()
      const bob = await platform.visitorTokens()
      await add(alice.access_token, [{ catalogReference: { catalogItemId: notebook }, quantity: 1 }])
      expect((await get(bob.access_token)).status).toBe(404)
      await add(bob.access_token, [{ catalogReference: { catalogItemId: notebook }, quantity: 5 }])
      expect((await get(alice.access_token)).json.cart.lineItems[0].quantity).toBe(1)
      expect((await get(bob.access_token)).json.cart.lineItems[0].quantity).toBe(5)
    })

    it('keeps the cart through a token refresh', async () => {
      const first = await platform.visitorTokens()
      await add(first.access_token, [{ catalogReference: { catalogItemId: notebook }, quantity: 1 }])
      const refreshed = await platform.call('POST', '/oauth2/token', {
        body: { clientId: DEMO_CLIENT_ID, grantType: 'refresh_token', refresh_token: first.refresh_token },
      })
      expect((await get(refreshed.json.access_token)).json.cart.lineItems).toHaveLength(1)
    })

    it('carries a catalogue price change into the cart on the next read', async () => {
      const { access_token } = await platform.visitorTokens()
      await add(access_token, [{ catalogReference: { catalogItemId: notebook }, quantity: 2 }])
      await db.query(
        'update products set price_minor = 999, discount_type = $2, discount_value = 0, discounted_price_minor = 999 where id = $1',
        [notebook, 'NONE'],
      )
      const cart = (await get(access_token)).json.cart
      expect(cart.lineItems[0].price.amount).toBe('9.99')
      expect(cart.subtotal.amount).toBe('19.98')
    })

    it('reports availability from the inventory', async () => {
      const { access_token } = await platform.visitorTokens()
      await add(access_token, [{ catalogReference: { catalogItemId: notebook }, quantity: 4 }])
      await db.query('update products set track_inventory = true, quantity = 3 where id = $1', [notebook])
      let line = (await get(access_token)).json.cart.lineItems[0]
      expect(line.availability).toEqual({ status: 'PARTIALLY_AVAILABLE', quantityAvailable: 3 })
      await db.query('update products set quantity = 0 where id = $1', [notebook])
      line = (await get(access_token)).json.cart.lineItems[0]
      expect(line.availability).toEqual({ status: 'NOT_AVAILABLE', quantityAvailable: 0 })
      await db.query('update products set visible = false where id = $1', [notebook])
      const cart = (await get(access_token)).json.cart
      expect(cart.lineItems[0].availability).toEqual({ status: 'NOT_FOUND' })
      expect(cart.subtotal.amount).toBe('0.00')
      await db.query(
        'update products set visible = true, track_inventory = false, quantity = null where id = $1',
        [notebook],
      )
    })

    it.each([
      [
        'an unknown product',
        () => [{ catalogReference: { catalogItemId: '00000000-0000-4000-8000-000000000000' }, quantity: 1 }],
        404,
        'PRODUCT_NOT_FOUND',
      ],
      [
        'a variant of another product',
        () => [
          { catalogReference: { catalogItemId: notebook, options: { variantId: tee.variants[0]!.id } } },
        ],
        404,
        'VARIANT_NOT_FOUND',
      ],
      [
        'choices no variant has',
        () => [
          {
            catalogReference: { catalogItemId: tee.id, options: { options: { Size: 'XXL', Color: 'Red' } } },
          },
        ],
        404,
        'VARIANT_NOT_FOUND',
      ],
      [
        'more than 10,000 units of a line',
        () => [
          { catalogReference: { catalogItemId: notebook }, quantity: 6000 },
          { catalogReference: { catalogItemId: notebook }, quantity: 6000 },
        ],
        409,
        'CART_LINE_ITEM_LIMIT',
      ],
    ])('refuses %s and changes nothing', async (_name, lineItems, status, code) => {
      const { access_token } = await platform.visitorTokens()
      await add(access_token, [{ catalogReference: { catalogItemId: notebook }, quantity: 1 }])
      const before = (await get(access_token)).json
      const response = await add(access_token, lineItems())
      expect(response.status).toBe(status)
      expect(response.json.details.applicationError.code).toBe(code)
      expect((await get(access_token)).json).toEqual(before)
    })

    it('asks for a variant when a product with options names none', async () => {
      const { access_token } = await platform.visitorTokens()
      const response = await add(access_token, [{ catalogReference: { catalogItemId: tee.id }, quantity: 1 }])
      expect(response.status).toBe(400)
      expect(response.json.details.validationError.fieldViolations[0]).toMatchObject({
        field: 'lineItems[0].catalogReference.options.variantId',
        violatedRule: 'REQUIRED_FIELD',
      })
      expect((await get(access_token)).status).toBe(404)
    })

    it('names the option left unchosen when a product is asked for by some of its choices', async () => {
      const { access_token } = await platform.visitorTokens()
      const response = await add(access_token, [
        { catalogReference: { catalogItemId: tee.id, options: { options: { Size: 'M' } } }, quantity: 1 },
      ])
      expect(response.status).toBe(400)
      expect(response.json.details.validationError.fieldViolations).toEqual([
        expect.objectContaining({
          field: 'lineItems[0].catalogReference.options.options.Color',
          description: expect.stringMatching(/^is required: choose one of .*Red/),
          violatedRule: 'REQUIRED_FIELD',
        }),
      ])
      expect((await get(access_token)).status).toBe(404)
    })

    it('loses no line when one visitor adds concurrently', async () => {
      const { access_token } = await platform.visitorTokens()
      await Promise.all(
        tee.variants.slice(0, 8).map((variant) =>
          add(access_token, [
            {
              catalogReference: { catalogItemId: tee.id, options: { variantId: variant.id } },
              quantity: 1,
            },
          ]),
        ),
      )
      expect((await get(access_token)).json.cart.lineItems).toHaveLength(8)
    })
  })
})
