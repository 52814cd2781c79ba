import { randomUUID } from 'node:crypto'
import { checkContactDetails } from '../addresses/contact-details.ts'
import { toWireCart } from '../carts/cart-wire.ts'
import type { ContactDetails } from '../carts/contact-info.ts'
import type { ShopperCredential } from '../http/caller.ts'
import { ApplicationError, ValidationError } from '../http/errors.ts'
import { membershipSelectionProblem } from '../plans/membership-selection.ts'
import type { Site } from '../sites/site-store.ts'
import type { CreateCheckoutInput } from './checkout-schemas.ts'
import { insertCheckout } from './checkout-store.ts'
import { type CheckoutDeps, coverableLinesOf, priceCurrentCart } from './price-cart.ts'
import { toWireTotals } from './totals-wire.ts'

/**
 * Freezes the caller's current cart, with their addresses and who receives and pays (the cart's contact
 * for any not given), shipping choice, e-mail and choice of memberships (kept on the checkout: decision 051), into a
 * new open checkout: its lines and totals as priced now, the merchant's discounts among them: the read
 * of the cart with the token's check (`priceCurrentCart`), then the insert.
 *
 * @throws {ValidationError} contact details whose phone is not one (nothing is stored).
 * @throws {ApplicationError} OWNED_CART_NOT_FOUND before the caller's first add; CART_NOT_PURCHASABLE
 * when nothing in the cart can be bought now; MEMBERSHIP_NOT_APPLICABLE when a chosen membership is not
 * the caller's, does not cover a line it names or lacks the sessions (nothing is stored).
 */
/**
 * The recipient's and payer's contact details of a new checkout. Details given here follow the hosted
 * page's rules whole (a first and last name, the shop's phone rule: decision 059); left out, the cart's
 * contact stands in (the payer's is the recipient's), checked only for what it holds, and the buyer
 * completes it on the hosted page.
 *
 * @throws {ValidationError} on `shippingContactDetails` or `billingContactDetails`, by field.
 */
function checkCheckoutContacts(
  input: Pick<CreateCheckoutInput, 'shippingContactDetails' | 'billingContactDetails'>,
  cartContact: ContactDetails | undefined,
  site: Site,
) {
  const check = (prefix: string, given: ContactDetails | undefined, fallback: ContactDetails | undefined) =>
    checkContactDetails(given ?? fallback, {
      prefix,
      phoneRule: site.checkoutPhone,
      isComplete: given !== undefined,
    })
  const shipping = check('shippingContactDetails', input.shippingContactDetails, cartContact)
  const billing = check('billingContactDetails', input.billingContactDetails, shipping.contactDetails)
  const violations = [...shipping.violations, ...billing.violations]
  if (violations.length > 0) throw new ValidationError(violations)
  const orNothing = (contact: ContactDetails) => (Object.keys(contact).length > 0 ? contact : undefined)
  return {
    shippingContact: orNothing(shipping.contactDetails),
    billingContact: orNothing(billing.contactDetails),
  }
}

export async function createCheckoutFromCurrentCart(
  deps: CheckoutDeps,
  who: ShopperCredential,
  input: CreateCheckoutInput,
): Promise<{ checkoutId: string }> {
  const now = deps.clock()
  const checkoutId = randomUUID()
  // No transaction: the read and the insert would see different snapshots inside one anyway (read
  // committed), and the checkout keeps the lines and totals as priced, whatever the cart does next.
  const selectedMemberships = input.selectedMemberships?.memberships
  const priced = await priceCurrentCart(deps, who, { ...input, selectedMemberships }, now)
  const { cart, products, totals, caller } = priced
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
  const recipients = checkCheckoutContacts(input, cart.cart.contact_info?.contactDetails, caller.site)
  await insertCheckout(
    deps.db,
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
      ...recipients,
      selectedShippingOption: input.selectedShippingOption,
      couponCode: cart.cart.coupon_code,
      selectedMemberships,
      lines: wire.lineItems,
      totals: toWireTotals(totals, caller.site),
    },
    now,
  )
  return { checkoutId }
}
