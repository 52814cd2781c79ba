import { invalidArgument } from '../http/aisle-error.js'
import type { HttpClient, HttpMethod } from '../http/create-http-client.js'
import type { NumberFields } from '../http/wire-transform.js'
import type {
  AddToCurrentCartOptions,
  Cart,
  CartResponse,
  CreateCheckoutFromCurrentCartOptions,
  CreateCheckoutResponse,
  EstimateCurrentCartTotalsOptions,
  EstimateTotalsResponse,
  LineItemQuantityUpdate,
  UpdateCurrentCartOptions,
} from '../types/cart.js'
import { withAnswerKey } from './with-answer-key.js'

/** Fields of cart answers that hold numbers (see `NumberFields`). */
export const cartNumberFields: NumberFields = new Set([
  'quantity',
  'quantityAvailable',
  'numberOfParticipants',
  'weight',
  'latitude',
  'longitude',
  'percentage',
])

/**
 * The calls on the caller's own cart (spec section 7, "Current cart"); `client.currentCart`. A call
 * whose answer is the cart resolves with the cart; the estimate and the checkout resolve with their
 * whole answer.
 */
export interface CurrentCartModule {
  /**
   * Gets the caller's current cart.
   *
   * @throws {AisleError} `OWNED_CART_NOT_FOUND` (404) when the caller has no cart yet.
   */
  getCurrentCart(): Promise<Cart>
  /**
   * Changes the cart's info, coupon, merchant discounts or line items (PATCH), creating the cart when needed.
   *
   * @throws {AisleError} as any call (spec section 8).
   */
  updateCurrentCart(options?: UpdateCurrentCartOptions): Promise<Cart>
  /**
   * Adds catalogue and custom line items, creating the cart when needed. Custom line items are priced by
   * whoever adds them, so the platform takes them from the merchant only (an API key, to the cart by its
   * id): from a visitor's or member's token they are refused.
   *
   * @throws {AisleError} `INVALID_ARGUMENT` for a bad line item, `CUSTOM_LINE_ITEMS_FORBIDDEN` (403) for
   * custom line items from a shopper, as any call otherwise.
   */
  addToCurrentCart(options: AddToCurrentCartOptions): Promise<Cart & CartResponse>
  /**
   * Removes line items by id.
   *
   * @throws {AisleError} `INVALID_ARGUMENT` unless `lineItemIds` is a non-empty array (checked before calling).
   */
  removeLineItemsFromCurrentCart(lineItemIds: string[]): Promise<Cart & CartResponse>
  /**
   * Sets the quantity of line items by id.
   *
   * @throws {AisleError} `INVALID_ARGUMENT` unless `lineItems` is a non-empty array (checked before calling).
   */
  updateCurrentCartLineItemQuantity(lineItems: LineItemQuantityUpdate[]): Promise<Cart & CartResponse>
  /**
   * Removes the cart's coupon.
   *
   * @throws {AisleError} as any call (spec section 8).
   */
  removeCouponFromCurrentCart(): Promise<Cart & CartResponse>
  /**
   * Estimates totals, shipping options, memberships and discounts for the cart.
   *
   * @throws {AisleError} as any call (spec section 8).
   */
  estimateCurrentCartTotals(options?: EstimateCurrentCartTotalsOptions): Promise<EstimateTotalsResponse>
  /**
   * Creates a checkout from the cart.
   *
   * @throws {AisleError} as any call (spec section 8).
   */
  createCheckoutFromCurrentCart(
    options: CreateCheckoutFromCurrentCartOptions,
  ): Promise<CreateCheckoutResponse>
  /**
   * Deletes the caller's current cart.
   *
   * @throws {AisleError} as any call (spec section 8).
   */
  deleteCurrentCart(): Promise<void>
}

/**
 * The current-cart module; pass it in `modules` to get `client.currentCart`.
 *
 * @example
 * ```ts
 * const client = createClient({ auth, baseUrl, modules: { currentCart } })
 * const { cart } = await client.currentCart.addToCurrentCart({
 *   lineItems: [{ catalogReference: { catalogItemId: productId, appId: 'stores' }, quantity: 1 }],
 * })
 * ```
 */
export function currentCart(http: HttpClient): CurrentCartModule {
  const call = <T>(method: HttpMethod, path: string, body?: unknown, entity?: string) =>
    http.request<T>({
      method,
      api: 'ecom',
      path: `/v1/carts/current${path}`,
      body,
      numberFields: cartNumberFields,
      entity,
    })
  const cart = (method: HttpMethod, path: string, body?: unknown) => call<Cart>(method, path, body, 'cart')
  // These four resolved with `{ cart }` before; the hidden `cart` key keeps that code working.
  const cartWithKey = (path: string, body: unknown) => cart('POST', path, body).then(withAnswerKey('cart'))
  return {
    getCurrentCart: () => cart('GET', ''),
    updateCurrentCart: (options = {}) => cart('PATCH', '', options),
    addToCurrentCart: (options) => cartWithKey('/add-to-cart', options),
    removeLineItemsFromCurrentCart: async (lineItemIds) =>
      cartWithKey('/remove-line-items', { lineItemIds: assertNonEmpty('lineItemIds', lineItemIds) }),
    updateCurrentCartLineItemQuantity: async (lineItems) =>
      cartWithKey('/update-line-items-quantity', { lineItems: assertNonEmpty('lineItems', lineItems) }),
    removeCouponFromCurrentCart: () => cartWithKey('/remove-coupon', {}),
    estimateCurrentCartTotals: (options = {}) => call('POST', '/estimate-totals', options),
    createCheckoutFromCurrentCart: (options) => call('POST', '/create-checkout', options),
    deleteCurrentCart: async () => {
      await call('DELETE', '')
    },
  }
}

function assertNonEmpty<T>(name: string, value: T[]): T[] {
  if (!Array.isArray(value) || value.length === 0) {
    throw invalidArgument(`"${name}" must be a non-empty array`)
  }
  return value
}
