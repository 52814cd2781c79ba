import type { HttpClient } from '../http/create-http-client.js'
import { encodePathSegment } from '../http/encode-path-segment.js'
import type { AddToCurrentCartOptions, Cart, UpdateCurrentCartOptions } from '../types/cart.js'
import { cartNumberFields } from './current-cart.js'

/**
 * The merchant's calls on a shopper's cart by its id (`/ecom/v1/carts/{id}`, Wix's Cart API);
 * `client.carts`. They need an {@link ApiKeyStrategy} whose key has the `carts` permission: a visitor's or
 * member's token is refused. The cart's id is in a `cart.created` or `cart.updated` webhook, or the
 * shopper's `getCurrentCart()._id`.
 */
export interface CartsModule {
  /**
   * Gets a cart of the site by its id (a GET: from the read-only host, as every GET but the current cart).
   *
   * @throws {AisleError} `CART_NOT_FOUND` (404) for an id that is no cart of the key's site.
   */
  getCart(id: string): Promise<Cart>
  /**
   * Adds catalogue line items, and custom line items priced by the merchant, to the cart.
   *
   * @throws {AisleError} `CART_NOT_FOUND` (404), `INVALID_ARGUMENT` for a bad line item.
   */
  addToCart(id: string, options: AddToCurrentCartOptions): Promise<Cart>
  /**
   * Sets the cart's merchant discounts (replacing those it has; `[]` removes them), info, contact and
   * coupon, and adds line items.
   *
   * @throws {AisleError} `CART_NOT_FOUND` (404); `LINE_ITEM_NOT_FOUND` (404) for a discount naming a line
   * the cart does not have; `INVALID_ARGUMENT` for an amount not above 0 or above the subtotal it
   * discounts, or a percentage outside 0 (excluded) to 100.
   */
  updateCart(id: string, options: UpdateCurrentCartOptions): Promise<Cart>
}

/**
 * The merchant's carts module; pass it in `modules` of a client with an {@link ApiKeyStrategy}.
 *
 * @example
 * ```ts
 * const admin = createClient({ auth: ApiKeyStrategy({ apiKey, siteId }), modules: { carts }, baseUrl })
 * await admin.carts.updateCart(cartId, { merchantDiscounts: [{ percentage: 10 }] })
 * ```
 */
export function carts(http: HttpClient): CartsModule {
  const call = (method: 'GET' | 'POST' | 'PATCH', id: string, rest: string, body?: unknown) =>
    http.request<Cart>({
      method,
      api: 'ecom',
      path: `/v1/carts/${encodePathSegment('id', id)}${rest}`,
      body,
      numberFields: cartNumberFields,
      entity: 'cart',
    })
  return {
    getCart: async (id) => call('GET', id, ''),
    addToCart: async (id, options) => call('POST', id, '/add-to-cart', options),
    updateCart: async (id, options) => call('PATCH', id, '', options),
  }
}
