import {
  applyLineChanges,
  type CartRow,
  type CartWithLines,
  deleteCart,
  lockOwnedCart,
  writeCartChange,
} from '../../carts/cart-store.ts'
import { toWireCart } from '../../carts/cart-wire.ts'
import { findProductsByIds } from '../../catalogue/products/product-store.ts'
import type { Db } from '../../db/db.ts'
import type { EventIdentity } from '../../events/event-outbox.ts'
import type { MemberLogin } from '../../oauth/authorization-code-store.ts'
import { revokeVisitorTokens } from '../../oauth/token-store.ts'
import { getSite, type Site } from '../../sites/site-store.ts'
import { type CartMergePlan, planCartMerge } from './cart-merge.ts'

/** A cart as it is after the merge, as its event's payload shows it. */
async function toWire(tx: Db, owned: CartWithLines, site: Site, publicUrl: string) {
  const ids = owned.lines.flatMap((line) => (line.catalog_item_id ? [line.catalog_item_id] : []))
  const products = await findProductsByIds(tx, { siteId: site.id, includeHidden: false }, ids)
  return toWireCart(owned, products, site, publicUrl)
}

/** What a login did to the carts: the answer of the merge, for tests and logs. */
export type CartMergeOutcome =
  | { kind: 'none' }
  | { kind: 'moved'; cartId: string }
  | ({ kind: 'merged'; cartId: string; visitorCartId: string } & Omit<CartMergePlan, 'changes'>)

/**
 * What a member's login does beside issuing tokens, in the code exchange's transaction: the visitor
 * who started it loses their tokens (a login makes new ones: no session fixation, SECURITY.md T6), and
 * the visitor's cart joins the member's (docs/decisions/009-member-login.md). A member without a cart
 * takes the visitor's cart as it is; otherwise the lines merge by `planCartMerge`, the member keeps
 * their coupon (or takes the visitor's when they have none) and the visitor's cart is deleted. Each
 * change is recorded as a cart event caused by the member. Every cart row is locked and written by the
 * cart store, so each carries a new version and a change read before the login is refused (decision 018).
 */
export async function mergeVisitorIntoMember(
  tx: Db,
  login: MemberLogin,
  options: { now: Date; publicUrl: string },
): Promise<CartMergeOutcome> {
  const { now, publicUrl } = options
  if (!login.visitorId) return { kind: 'none' }
  await revokeVisitorTokens(tx, login.siteId, login.visitorId, now)
  const { siteId, memberId } = login
  const visitorCart = await lockOwnedCart(tx, { siteId, kind: 'visitor', subjectId: login.visitorId }, now)
  if (!visitorCart) return { kind: 'none' }
  const site = await getSite(tx, siteId)
  const identity: EventIdentity = { identityType: 'MEMBER', memberId }
  const memberCart = await lockOwnedCart(tx, { siteId, kind: 'member', subjectId: memberId }, now)
  const guard = { version: null }
  if (!memberCart) {
    const cartId = visitorCart.cart.id
    const cart: CartRow = { ...visitorCart.cart, owner_kind: 'member', owner_id: memberId, updated_date: now }
    const payload = await toWire(tx, { cart, lines: visitorCart.lines }, site, publicUrl)
    const event = { siteId, identity, type: 'cart.updated' as const, entityId: cartId, payload }
    await writeCartChange(
      tx,
      { cartId, guard, fields: { owner: { kind: 'member', id: memberId } }, event },
      now,
    )
    return { kind: 'moved', cartId }
  }
  const cartId = memberCart.cart.id
  const { changes, ...counts } = planCartMerge(memberCart.lines, visitorCart.lines)
  const { lines, saved } = applyLineChanges(memberCart.lines, cartId, { changes }, now)
  const couponCode = memberCart.cart.coupon_code ?? visitorCart.cart.coupon_code
  // The contact the visitor gave joins too when the member's cart has none; the visitor cart's merchant
  // discounts name its own lines and go with it, the member's cart keeps its own (decision 044).
  const contactInfo = memberCart.cart.contact_info ?? visitorCart.cart.contact_info
  const cart: CartRow = {
    ...memberCart.cart,
    coupon_code: couponCode,
    contact_info: contactInfo,
    updated_date: now,
  }
  const payload = await toWire(tx, { cart, lines }, site, publicUrl)
  const event = { siteId, identity, type: 'cart.updated' as const, entityId: cartId, payload }
  const fields = { couponCode, contactInfo }
  await writeCartChange(tx, { cartId, guard, savedLines: saved, fields, event }, now)
  const visitorCartId = visitorCart.cart.id
  await deleteCart(tx, visitorCartId, {
    event: {
      siteId,
      identity,
      type: 'cart.deleted',
      entityId: visitorCartId,
      payload: { cartId: visitorCartId, mergedIntoCartId: cartId },
    },
    now,
  })
  return { kind: 'merged', cartId, visitorCartId, ...counts }
}
