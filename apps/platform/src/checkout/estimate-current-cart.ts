import { toWireCart } from '../carts/cart-wire.ts'
import type { ShopperCredential } from '../http/caller.ts'
import type { EstimateInput } from './checkout-schemas.ts'
import { type CheckoutDeps, priceCurrentCart } from './price-cart.ts'
import { toWireTotals } from './totals-wire.ts'

/**
 * The caller's current cart and what it would cost for their choices: discounts, shipping options,
 * tax and fees (`CartEstimateSchema`). Reads only, in one statement when this process keeps the cart's
 * products (`priceCurrentCart`): the cart is left as it is.
 *
 * @throws {ApplicationError} OWNED_CART_NOT_FOUND before the caller's first add.
 */
export async function estimateCurrentCartTotals(
  deps: CheckoutDeps,
  who: ShopperCredential,
  input: EstimateInput,
) {
  const choices = { ...input, selectedMemberships: input.selectedMemberships?.memberships }
  const { cart, products, totals, caller } = await priceCurrentCart(deps, who, choices, deps.clock())
  return {
    cart: toWireCart(cart, products, caller.site, deps.publicUrl),
    ...toWireTotals(totals, caller.site),
  }
}

/** An estimate as the wire shows it: `CartEstimateSchema`'s shape (a type test holds them together). */
export type WireCartEstimate = Awaited<ReturnType<typeof estimateCurrentCartTotals>>
