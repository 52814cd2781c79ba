import type { CartProducts } from '../carts/cart-products.ts'
import { type CartById, findCartById } from '../carts/cart-store.ts'
import type { Db } from '../db/db.ts'
import type { CheckoutRow } from './checkout-store.ts'
import { settingsFromStored } from './commerce-settings.ts'
import { type PricedCart, priceCart } from './price-cart.ts'

/** A checkout's cart priced from the catalogue as it is now, with the buyer's choices on the checkout. */
export type PricedCheckout = PricedCart

/** The cart read with its checkout in one statement (`findCheckoutWithSiteAndCart`); `undefined` when it is gone. */
export interface CheckoutCartRead {
  cart: CartById | undefined
}

/**
 * The checkout's cart: the one read with it when there is one, else read now. `undefined` when the cart is
 * gone.
 */
export function checkoutCart(
  db: Db,
  checkout: CheckoutRow,
  options: { read?: CheckoutCartRead | undefined } = {},
): Promise<CartById | undefined> {
  if (options.read) return Promise.resolve(options.read.cart)
  return findCartById(db, checkout.site_id, checkout.cart_id)
}

/**
 * The checkout's cart and its totals now. Undefined when the cart is gone (deleted, or emptied by another
 * order).
 */
export async function priceCheckout(
  db: Db,
  checkout: CheckoutRow,
  options: {
    currency: string
    now: Date
    /**
     * The cart as read with the checkout, when it was (placing an order reads it locked with the checkout,
     * `lockCheckoutForOrder`).
     */
    read?: CheckoutCartRead | undefined
    /** The products this process keeps per catalogue version (`cart-products.ts`), when the caller has them. */
    cartProducts?: CartProducts | undefined
  },
): Promise<PricedCheckout | undefined> {
  const cart = await checkoutCart(db, checkout, options)
  if (!cart) return undefined
  return priceCart(db, cart, {
    siteId: checkout.site_id,
    currency: options.currency,
    settings: settingsFromStored(cart.storedSettings),
    kept: { cartProducts: options.cartProducts, catalogueVersion: cart.catalogueVersion },
    choices: {
      shippingAddress: checkout.shipping_address ?? undefined,
      billingAddress: checkout.billing_address ?? undefined,
      selectedShippingOption: checkout.selected_shipping_option ?? undefined,
      // No choice stored: no membership pays a line it may pay (decision 051).
      selectedMemberships: checkout.selected_memberships ?? undefined,
    },
    // The checkout's owner buys: a bookings checkout's cart is owned by its booking (decision 085).
    buyerMemberId: checkout.owner_kind === 'member' ? checkout.owner_id : undefined,
    now: options.now,
  })
}
