import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import { CartSchema } from '../carts/cart-schemas.ts'
import { type CartWithLines, findOwnedCart } from '../carts/cart-store.ts'
import { toWireCart } from '../carts/cart-wire.ts'
import { findCoupon } from '../carts/coupon-store.ts'
import { estimateTotals } from '../carts/pricing/estimate-totals.ts'
import { findProductsByIds } from '../catalogue/product-store.ts'
import type { Clock } from '../clock.ts'
import type { Db } from '../db/db.ts'
import type { Api } from '../http/api.ts'
import type { ShopperCaller } from '../http/caller.ts'
import { ApplicationError } from '../http/errors.ts'
import {
  CommerceSettingsSchema,
  getCommerceSettings,
  putCommerceSettings,
  toPricingSetup,
} from './commerce-settings.ts'
import { type BuyerChoices, pricingInputForCart } from './pricing-input-for-cart.ts'
import { toWireTotals } from './totals-wire.ts'

export interface CheckoutDeps {
  db: Db
  clock: Clock
  publicUrl: string
}

const channelTypes = [
  'UNSPECIFIED',
  'WEB',
  'POS',
  'OTHER_PLATFORM',
  'BACKOFFICE_MERCHANT',
  'AISLE_APP_STORE',
  'AISLE_INVOICES',
  'EBAY',
  'AMAZON',
  'WISH',
  'CLASS_PASS',
  'GLOBAL_E',
  'FACEBOOK',
  'TIKTOK',
  'ETSY',
  'FAIRE_COM',
] as const

const text = (max: number) => z.string().trim().max(max)
export const AddressInput = z.object({
  country: z
    .string()
    .regex(/^[A-Z]{2}$/, 'must be an ISO-3166 alpha-2 code')
    .optional(),
  subdivision: text(10).optional(),
  city: text(100).optional(),
  postalCode: text(20).optional(),
  addressLine: text(200).optional(),
  addressLine2: text(200).optional(),
  streetAddress: z
    .object({ name: text(200).optional(), number: text(20).optional(), apt: text(20).optional() })
    .optional(),
  formattedAddress: text(500).optional(),
  geocode: z
    .object({ latitude: z.number().min(-90).max(90), longitude: z.number().min(-180).max(180) })
    .optional(),
  vatId: z
    .object({ id: text(40), type: z.enum(['UNSPECIFIED', 'CPF', 'CNPJ']).default('UNSPECIFIED') })
    .optional(),
})

const ShippingChoice = z.object({ code: z.string().min(1).max(50), carrierId: z.string().max(50).optional() })

const EstimateBody = z.object({
  selectedShippingOption: ShippingChoice.optional(),
  shippingAddress: AddressInput.optional(),
  billingAddress: AddressInput.optional(),
  selectedMemberships: z
    .object({
      memberships: z
        .array(
          z.object({
            id: z.string().max(100),
            appId: z.string().max(100),
            lineItemIds: z.array(z.guid()).max(300),
          }),
        )
        .max(50),
    })
    .optional(),
})

const CreateCheckoutBody = z.object({
  channelType: z.enum(channelTypes).default('WEB'),
  shippingAddress: AddressInput.optional(),
  billingAddress: AddressInput.optional(),
  selectedShippingOption: ShippingChoice.optional(),
  email: z.email().max(254).optional(),
})

/** Totals estimates, checkouts from the current cart, and the merchant's shipping, tax and fee setup. */
export function registerCheckoutRoutes(api: Api, deps: CheckoutDeps) {
  const { db, clock, publicUrl } = deps

  /** The cart, its products and the engine's estimate for the buyer's choices. */
  async function estimate(tx: Db, caller: ShopperCaller, owned: CartWithLines, choices: BuyerChoices) {
    const ids = owned.lines.flatMap((line) => (line.catalog_item_id ? [line.catalog_item_id] : []))
    const [products, coupon, settings] = await Promise.all([
      findProductsByIds(tx, { siteId: caller.siteId, includeHidden: false }, ids),
      owned.cart.coupon_code ? findCoupon(tx, caller.siteId, owned.cart.coupon_code) : undefined,
      getCommerceSettings(tx, caller.siteId),
    ])
    const input = pricingInputForCart({
      cart: owned,
      products,
      currency: caller.site.currency,
      coupon,
      setup: toPricingSetup(settings),
      choices,
      now: clock(),
    })
    return { products, totals: await estimateTotals(input) }
  }

  function requireCart(owned: CartWithLines | undefined): CartWithLines {
    if (!owned) throw new ApplicationError('OWNED_CART_NOT_FOUND', 'The caller has no current cart yet', {})
    return owned
  }

  api.route(
    {
      method: 'post',
      path: '/ecom/v1/carts/current/estimate-totals',
      operationId: 'estimateCurrentCartTotals',
      summary: 'Estimate the current cart’s totals: discounts, shipping options, tax and fees for an address',
      tag: 'Current cart',
      auth: 'shopper',
      body: EstimateBody,
      response: z.object({ cart: CartSchema }).passthrough(),
      cacheControl: 'private, no-store',
    },
    async ({ body, caller }) => {
      const owned = requireCart(await findOwnedCart(db, caller))
      const { products, totals } = await estimate(db, caller, owned, {
        ...body,
        selectedMemberships: body.selectedMemberships?.memberships,
      })
      return {
        cart: toWireCart(owned, products, caller.site, publicUrl),
        ...toWireTotals(totals, caller.site),
      }
    },
  )

  api.route(
    {
      method: 'post',
      path: '/ecom/v1/carts/current/create-checkout',
      operationId: 'createCheckoutFromCurrentCart',
      summary: 'Freeze the current cart with addresses, shipping choice and totals into a checkout',
      tag: 'Current cart',
      auth: 'shopper',
      body: CreateCheckoutBody,
      response: z.object({ checkoutId: z.string() }),
      cacheControl: 'private, no-store',
    },
    async ({ body, caller }) => {
      const now = clock()
      const checkoutId = randomUUID()
      await db.transaction(async (tx) => {
        const owned = requireCart(await findOwnedCart(tx, caller))
        const { products, totals } = await estimate(tx, caller, owned, body)
        if (totals.lineItems.length === 0) {
          throw new ApplicationError(
            'CART_NOT_PURCHASABLE',
            'Nothing in the cart can be bought right now',
            {},
          )
        }
        const cart = toWireCart(owned, products, caller.site, publicUrl)
        await tx.query(
          `insert into checkouts (id, site_id, cart_id, owner_kind, owner_id, channel_type, email, shipping_address,
             billing_address, selected_shipping_option, coupon_code, lines, totals, created_date, updated_date)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $14)`,
          [
            checkoutId,
            caller.siteId,
            owned.cart.id,
            caller.kind,
            caller.subjectId,
            body.channelType,
            body.email ?? null,
            body.shippingAddress ? JSON.stringify(body.shippingAddress) : null,
            body.billingAddress ? JSON.stringify(body.billingAddress) : null,
            body.selectedShippingOption ? JSON.stringify(body.selectedShippingOption) : null,
            owned.cart.coupon_code,
            JSON.stringify(cart.lineItems),
            JSON.stringify(toWireTotals(totals, caller.site)),
            now,
          ],
        )
      })
      return { checkoutId }
    },
  )

  api.route(
    {
      method: 'get',
      path: '/ecom/v1/commerce-settings',
      operationId: 'getCommerceSettings',
      summary: "The site's shipping regions and rates, pickup, tax regions and fees",
      tag: 'Commerce settings',
      auth: 'merchant',
      permission: 'orders',
      response: CommerceSettingsSchema,
      cacheControl: 'private, no-store',
    },
    async ({ caller }) => getCommerceSettings(db, caller.siteId),
  )

  api.route(
    {
      method: 'put',
      path: '/ecom/v1/commerce-settings',
      operationId: 'putCommerceSettings',
      summary: "Replace the site's shipping, tax and fee setup",
      tag: 'Commerce settings',
      auth: 'merchant',
      permission: 'orders',
      body: CommerceSettingsSchema,
      response: CommerceSettingsSchema,
    },
    async ({ body, caller }) => {
      await putCommerceSettings(db, caller.siteId, body, clock())
      return getCommerceSettings(db, caller.siteId)
    },
  )
}
