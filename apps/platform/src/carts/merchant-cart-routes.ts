import { z } from 'zod'
import type { Api } from '../http/api.ts'
import { IdParam } from '../http/validation.ts'
import { AddToCartBody, CartSchema, UpdateCartBody } from './cart-schemas.ts'
import type { CartDeps } from './current-cart.ts'
import { createMerchantCarts } from './merchant-cart.ts'

const CartResponse = z.object({ cart: CartSchema })
const merchantCall = {
  tag: 'Carts (merchant)',
  auth: 'merchant',
  permission: 'carts',
  params: IdParam,
  response: CartResponse,
  cacheControl: 'private, no-store',
} as const

/**
 * The merchant's cart calls, by the cart's id (decision 019). Registered after the current-cart calls,
 * whose `/ecom/v1/carts/current` paths come first: Hono runs a path's handlers in registration order.
 */
export function registerMerchantCartRoutes(api: Api, deps: CartDeps) {
  const carts = createMerchantCarts(deps)

  api.route(
    {
      ...merchantCall,
      method: 'get',
      path: '/ecom/v1/carts/:id',
      operationId: 'getCart',
      summary: "A shopper's cart by its id, for the merchant",
    },
    async ({ params, caller }) => ({ cart: await carts.get(caller, params.id) }),
  )

  api.route(
    {
      ...merchantCall,
      method: 'post',
      path: '/ecom/v1/carts/:id/add-to-cart',
      operationId: 'addToCart',
      summary:
        "Add catalogue line items, and custom line items priced by the merchant, to a shopper's cart by its id",
      body: AddToCartBody,
    },
    async ({ params, body, caller }) => ({ cart: await carts.add(caller, params.id, body) }),
  )

  api.route(
    {
      ...merchantCall,
      method: 'patch',
      path: '/ecom/v1/carts/:id',
      operationId: 'updateCart',
      summary:
        "Set a shopper's cart's merchant discounts (an amount or a percentage, on lines or the whole cart), info, contact and coupon, and add line items, by its id",
      body: UpdateCartBody,
    },
    async ({ params, body, caller }) => ({ cart: await carts.update(caller, params.id, body) }),
  )
}
