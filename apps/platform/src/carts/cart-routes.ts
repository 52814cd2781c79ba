import { z } from 'zod'
import type { Api } from '../http/api.ts'
import {
  AddToCartBody,
  CartSchema,
  RemoveLineItemsBody,
  UpdateCartBody,
  UpdateQuantitiesBody,
} from './cart-schemas.ts'
import type { CurrentCart } from './current-cart.ts'

export const CartResponse = z.object({ cart: CartSchema })
// A cart is one person's: never stored by a shared cache, never reused by the browser.
const PRIVATE = 'private, no-store'
const tag = 'Current cart'
// The cart's calls check the caller's access token in their own first statement (one round trip less on
// every add); deleting the cart, a rare write, takes the route's usual check.
const shopperCall = { tag, auth: 'shopperToken', response: CartResponse, cacheControl: PRIVATE } as const

/**
 * The current-cart calls: each acts on the caller's own cart only, through `carts` (`createCurrentCart`,
 * the instance GraphQL and the hosted product page call too).
 */
export function registerCartRoutes(api: Api, carts: CurrentCart) {
  api.route(
    {
      ...shopperCall,
      method: 'get',
      path: '/ecom/v1/carts/current',
      operationId: 'getCurrentCart',
      summary: "Get the caller's current cart",
    },
    async ({ caller }) => ({ cart: await carts.get(caller) }),
  )

  api.route(
    {
      ...shopperCall,
      method: 'post',
      path: '/ecom/v1/carts/current/add-to-cart',
      operationId: 'addToCurrentCart',
      summary: "Add catalogue line items and custom line items to the caller's current cart",
      body: AddToCartBody,
    },
    async ({ body, caller }) => ({ cart: await carts.add(caller, body) }),
  )

  api.route(
    {
      ...shopperCall,
      method: 'patch',
      path: '/ecom/v1/carts/current',
      operationId: 'updateCurrentCart',
      summary: "Set the cart's info and coupon, and add line items",
      body: UpdateCartBody,
    },
    async ({ body, caller }, c) => ({
      cart: await carts.update(caller, body, { clientAddress: c.get('clientAddress') }),
    }),
  )

  api.route(
    {
      ...shopperCall,
      method: 'post',
      path: '/ecom/v1/carts/current/remove-line-items',
      operationId: 'removeLineItemsFromCurrentCart',
      summary: 'Remove line items from the current cart by their ids',
      body: RemoveLineItemsBody,
    },
    async ({ body, caller }) => ({ cart: await carts.removeLineItems(caller, body.lineItemIds) }),
  )

  api.route(
    {
      ...shopperCall,
      method: 'post',
      path: '/ecom/v1/carts/current/update-line-items-quantity',
      operationId: 'updateCurrentCartLineItemQuantity',
      summary: 'Set the quantities of line items; 0 removes a line',
      body: UpdateQuantitiesBody,
    },
    async ({ body, caller }) => ({ cart: await carts.updateQuantities(caller, body.lineItems) }),
  )

  api.route(
    {
      ...shopperCall,
      method: 'post',
      path: '/ecom/v1/carts/current/remove-coupon',
      operationId: 'removeCouponFromCurrentCart',
      summary: 'Remove the coupon from the current cart',
    },
    async ({ caller }) => ({ cart: await carts.removeCoupon(caller) }),
  )

  api.route(
    {
      ...shopperCall,
      auth: 'shopper',
      method: 'delete',
      path: '/ecom/v1/carts/current',
      operationId: 'deleteCurrentCart',
      summary: 'Delete the current cart',
      response: z.object({}),
    },
    async ({ caller }) => {
      await carts.delete(caller)
      return {}
    },
  )
}
