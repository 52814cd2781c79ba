import { type CartRow, type CartWithLines, type LineItemRow, saveLineItems } from '../carts/cart-store.ts'
import { toWireCart } from '../carts/cart-wire.ts'
import { findProductsByIds } from '../catalogue/product-store.ts'
import type { Db } from '../db/db.ts'
import { queryOne } from '../db/db.ts'
import { type EventIdentity, recordEvent } from '../events/event-outbox.ts'
import type { MemberLogin } from '../oauth/authorization-code-store.ts'
import { getSite, type Site } from '../sites/site-store.ts'
import { type CartMergePlan, planCartMerge } from './cart-merge.ts'

async function lockCart(
  tx: Db,
  owner: { siteId: string; kind: 'visitor' | 'member'; id: string },
): Promise<CartWithLines | undefined> {
  const cart = await queryOne<CartRow>(
    tx,
    'select * from carts where site_id = $1 and owner_kind = $2 and owner_id = $3 for update',
    [owner.siteId, owner.kind, owner.id],
  )
  if (!cart) return undefined
  const lines = await tx.query<LineItemRow>(
    'select * from cart_line_items where cart_id = $1 order by position',
    [cart.id],
  )
  return { cart, lines }
}

async function toWire(tx: Db, cartId: string, site: Site, publicUrl: string) {
  const cart = await queryOne<CartRow>(tx, 'select * from carts where id = $1', [cartId])
  if (!cart) throw new Error(`cart ${cartId} vanished inside its own transaction`)
  const lines = await tx.query<LineItemRow>(
    'select * from cart_line_items where cart_id = $1 order by position',
    [cartId],
  )
  const ids = lines.flatMap((line) => (line.catalog_item_id ? [line.catalog_item_id] : []))
  const products = await findProductsByIds(tx, { siteId: site.id, includeHidden: false }, ids)
  return toWireCart({ cart, lines }, products, site, publicUrl)
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
 * change is recorded as a cart event caused by the member.
 */
export async function mergeVisitorIntoMember(
  tx: Db,
  login: MemberLogin,
  options: { now: Date; publicUrl: string },
): Promise<CartMergeOutcome> {
  const { now, publicUrl } = options
  if (!login.visitorId) return { kind: 'none' }
  await tx.query(
    `update oauth_tokens set revoked_at = $3
      where site_id = $1 and role = 'visitor' and subject_id = $2 and revoked_at is null`,
    [login.siteId, login.visitorId, now],
  )
  const visitorCart = await lockCart(tx, { siteId: login.siteId, kind: 'visitor', id: login.visitorId })
  if (!visitorCart) return { kind: 'none' }
  const site = await getSite(tx, login.siteId)
  const identity: EventIdentity = { identityType: 'MEMBER', memberId: login.memberId }
  const event = { siteId: login.siteId, identity }
  const memberCart = await lockCart(tx, { siteId: login.siteId, kind: 'member', id: login.memberId })
  if (!memberCart) {
    await tx.query(`update carts set owner_kind = 'member', owner_id = $2, updated_date = $3 where id = $1`, [
      visitorCart.cart.id,
      login.memberId,
      now,
    ])
    const payload = await toWire(tx, visitorCart.cart.id, site, publicUrl)
    await recordEvent(tx, { ...event, type: 'cart.updated', entityId: visitorCart.cart.id, payload }, now)
    return { kind: 'moved', cartId: visitorCart.cart.id }
  }
  const { changes, ...counts } = planCartMerge(memberCart.lines, visitorCart.lines)
  await saveLineItems(tx, memberCart, changes, now)
  await tx.query(
    'update carts set updated_date = $2, coupon_code = coalesce(coupon_code, $3) where id = $1',
    [memberCart.cart.id, now, visitorCart.cart.coupon_code],
  )
  await tx.query('delete from carts where id = $1', [visitorCart.cart.id])
  const payload = await toWire(tx, memberCart.cart.id, site, publicUrl)
  await recordEvent(tx, { ...event, type: 'cart.updated', entityId: memberCart.cart.id, payload }, now)
  await recordEvent(
    tx,
    {
      ...event,
      type: 'cart.deleted',
      entityId: visitorCart.cart.id,
      payload: { cartId: visitorCart.cart.id, mergedIntoCartId: memberCart.cart.id },
    },
    now,
  )
  return { kind: 'merged', cartId: memberCart.cart.id, visitorCartId: visitorCart.cart.id, ...counts }
}
