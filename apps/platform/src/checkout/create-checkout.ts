import { randomUUID } from 'node:crypto'
import { toWireCart } from '../carts/cart-wire.ts'
import type { ShopperCaller } from '../http/caller.ts'
import { ApplicationError } from '../http/errors.ts'
import { membershipSelectionProblem } from '../plans/membership-selection.ts'
import type { CreateCheckoutInput } from './checkout-schemas.ts'
import { insertCheckout } from './checkout-store.ts'
import { type CheckoutDeps, coverableLinesOf, priceCurrentCart } from './price-cart.ts'
import { toWireTotals } from './totals-wire.ts'

/**
 * Freezes the caller's current cart, with their addresses (the cart's contact address for any not
 * given), shipping choice, e-mail and choice of memberships (kept on the checkout: decision 051), into a
 * new open checkout: its lines and totals as priced now, the merchant's discounts among them, in one
 * transaction with the read of the cart.
 *
 * @throws {ApplicationError} OWNED_CART_NOT_FOUND before the caller's first add; CART_NOT_PURCHASABLE
 * when nothing in the cart can be bought now; MEMBERSHIP_NOT_APPLICABLE when a chosen membership is not
 * the caller's, does not cover a line it names or lacks the sessions (nothing is stored).
 */
export async function createCheckoutFromCurrentCart(
  deps: CheckoutDeps,
  caller: ShopperCaller,
  input: CreateCheckoutInput,
): Promise<{ checkoutId: string }> {
  const now = deps.clock()
  const checkoutId = randomUUID()
  await deps.db.transaction(async (tx) => {
    const selectedMemberships = input.selectedMemberships?.memberships
    const priced = await priceCurrentCart(tx, caller, { ...input, selectedMemberships }, now)
    const { cart, products, totals } = priced
    const problem =
      selectedMemberships &&
      membershipSelectionProblem(selectedMemberships, priced.memberships, coverableLinesOf(priced), now)
    if (problem)
      throw new ApplicationError('MEMBERSHIP_NOT_APPLICABLE', problem.message, {
        membershipId: problem.membershipId,
        ...(problem.lineItemId ? { lineItemId: problem.lineItemId } : {}),
        reason: problem.reason,
      })
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
        selectedMemberships,
        lines: wire.lineItems,
        totals: toWireTotals(totals, caller.site),
      },
      now,
    )
  })
  return { checkoutId }
}
