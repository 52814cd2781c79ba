import { randomUUID } from 'node:crypto'
import { toWireCart } from '../carts/cart-wire.ts'
import type { ShopperCaller } from '../http/caller.ts'
import { ApplicationError } from '../http/errors.ts'
import type { CreateCheckoutInput } from './checkout-schemas.ts'
import { insertCheckout } from './checkout-store.ts'
import { type CheckoutDeps, priceCurrentCart } from './price-cart.ts'
import { toWireTotals } from './totals-wire.ts'

/**
 * Freezes the caller's current cart, with their addresses (the cart's contact address for any not
 * given), shipping choice and e-mail, into a new open checkout: its lines and totals as priced now, the
 * merchant's discounts among them, in one transaction with the read of the cart.
 *
 * @throws {ApplicationError} OWNED_CART_NOT_FOUND before the caller's first add; CART_NOT_PURCHASABLE
 * when nothing in the cart can be bought now (nothing is stored).
 */
export async function createCheckoutFromCurrentCart(
  deps: CheckoutDeps,
  caller: ShopperCaller,
  input: CreateCheckoutInput,
): Promise<{ checkoutId: string }> {
  const now = deps.clock()
  const checkoutId = randomUUID()
  await deps.db.transaction(async (tx) => {
    const { cart, products, totals } = await priceCurrentCart(tx, caller, input, now)
    if (totals.lineItems.length === 0) {
      throw new ApplicationError('CART_NOT_PURCHASABLE', 'Nothing in the cart can be bought right now', {})
    }
    const wire = toWireCart(cart, products, caller.site, deps.publicUrl)
    const contactAddress = cart.cart.contact_info?.address
    await insertCheckout(
      tx,
      {
        id: checkoutId,
        siteId: caller.siteId,
        cartId: cart.cart.id,
        owner: { kind: caller.kind, id: caller.subjectId },
        channelType: input.channelType,
        email: input.email,
        // The cart's contact address is the default of both (decision 044), as a Wix checkout takes it.
        shippingAddress: input.shippingAddress ?? contactAddress,
        billingAddress: input.billingAddress ?? contactAddress,
        selectedShippingOption: input.selectedShippingOption,
        couponCode: cart.cart.coupon_code,
        lines: wire.lineItems,
        totals: toWireTotals(totals, caller.site),
      },
      now,
    )
  })
  return { checkoutId }
}
