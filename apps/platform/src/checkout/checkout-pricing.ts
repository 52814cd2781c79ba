import type { CartRow, CartWithLines, LineItemRow } from '../carts/cart-store.ts'
import { findCoupon } from '../carts/coupon-store.ts'
import { estimateTotals } from '../carts/pricing/estimate-totals.ts'
import type { TotalsEstimate } from '../carts/pricing/totals-estimate.ts'
import { findProductsByIds, type ProductRecord } from '../catalogue/product-store.ts'
import type { Db } from '../db/db.ts'
import { queryOne } from '../db/db.ts'
import type { CheckoutRow } from './checkout-store.ts'
import { getCommerceSettings, toPricingSetup } from './commerce-settings.ts'
import { pricingInputForCart } from './pricing-input-for-cart.ts'

/** A checkout's cart priced from the catalogue as it is now, with the buyer's choices on the checkout. */
export interface PricedCheckout {
  cart: CartWithLines
  products: ReadonlyMap<string, ProductRecord>
  totals: TotalsEstimate
}

/**
 * The checkout's cart and its totals now. With `lock`, the cart row is locked for the transaction.
 * Undefined when the cart is gone (deleted, or emptied by another order).
 */
export async function priceCheckout(
  db: Db,
  checkout: CheckoutRow,
  options: { currency: string; now: Date; lock?: boolean },
): Promise<PricedCheckout | undefined> {
  const cart = await queryOne<CartRow>(
    db,
    `select * from carts where id = $1 and site_id = $2${options.lock ? ' for update' : ''}`,
    [checkout.cart_id, checkout.site_id],
  )
  if (!cart) return undefined
  const lines = await db.query<LineItemRow>(
    'select * from cart_line_items where cart_id = $1 order by position',
    [cart.id],
  )
  const owned = { cart, lines }
  const ids = lines.flatMap((line) => (line.catalog_item_id ? [line.catalog_item_id] : []))
  const [products, coupon, settings] = await Promise.all([
    findProductsByIds(db, { siteId: checkout.site_id, includeHidden: false }, ids),
    cart.coupon_code ? findCoupon(db, checkout.site_id, cart.coupon_code) : undefined,
    getCommerceSettings(db, checkout.site_id),
  ])
  const input = pricingInputForCart({
    cart: owned,
    products,
    currency: options.currency,
    coupon,
    setup: toPricingSetup(settings),
    choices: {
      shippingAddress: checkout.shipping_address ?? undefined,
      billingAddress: checkout.billing_address ?? undefined,
      selectedShippingOption: checkout.selected_shipping_option ?? undefined,
    },
    now: options.now,
  })
  return { cart: owned, products, totals: await estimateTotals(input) }
}
