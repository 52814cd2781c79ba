import { z } from 'zod'
import type { Api } from '../http/api.ts'
import { listDisplayCurrencies } from '../sites/display-currencies/display-currency-store.ts'
import { getSite } from '../sites/site-store.ts'
import { CartEstimateSchema, CreateCheckoutBody, EstimateBody } from './checkout-schemas.ts'
import { CommerceSettingsSchema, getCommerceSettings, putCommerceSettings } from './commerce-settings.ts'
import { createCheckoutFromCurrentCart } from './create-checkout.ts'
import { estimateCurrentCartTotals } from './estimate-current-cart.ts'
import type { CheckoutDeps } from './price-cart.ts'
import { findShopIcon } from './shop-icon.ts'
import { ShopInfoSchema, toShopInfo } from './shop-info.ts'

/** Totals estimates, checkouts from the current cart, and the merchant's shipping, tax and fee setup. */
/** The answer of `POST /ecom/v1/carts/current/create-checkout`. */
export const CreateCheckoutResponse = z.object({ checkoutId: z.string() })

export function registerCheckoutRoutes(api: Api, deps: CheckoutDeps) {
  const { db, clock } = deps

  api.route(
    {
      method: 'post',
      path: '/ecom/v1/carts/current/estimate-totals',
      operationId: 'estimateCurrentCartTotals',
      summary: 'Estimate the current cart’s totals: discounts, shipping options, tax and fees for an address',
      tag: 'Current cart',
      auth: 'shopperToken',
      body: EstimateBody,
      response: CartEstimateSchema,
      cacheControl: 'private, no-store',
    },
    ({ body, caller }) => estimateCurrentCartTotals(deps, caller, body),
  )

  api.route(
    {
      method: 'post',
      path: '/ecom/v1/carts/current/create-checkout',
      operationId: 'createCheckoutFromCurrentCart',
      summary: 'Freeze the current cart with addresses, shipping choice and totals into a checkout',
      tag: 'Current cart',
      auth: 'shopperToken',
      body: CreateCheckoutBody,
      response: CreateCheckoutResponse,
      cacheControl: 'private, no-store',
    },
    ({ body, caller }) => createCheckoutFromCurrentCart(deps, caller, body),
  )

  // The storefront's shipping, returns and contact pages read the shop's own setup, not prose of their own.
  api.route(
    {
      method: 'get',
      path: '/ecom/v1/shop-info',
      operationId: 'getShopInfo',
      summary:
        'What any shopper may read about the shop: its name, currency, the currencies prices may be shown in, shipping regions with their options, rates and delivery times, and pickup places',
      tag: 'Commerce settings',
      auth: 'shopper',
      response: ShopInfoSchema,
      cacheControl: 'no-cache',
    },
    async ({ caller }) => {
      const [site, settings, displayCurrencies, icon] = await Promise.all([
        getSite(db, caller.siteId),
        getCommerceSettings(db, caller.siteId),
        listDisplayCurrencies(db, caller.siteId),
        findShopIcon(db, caller.siteId, deps.publicUrl),
      ])
      return toShopInfo(site, settings, displayCurrencies, icon)
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
