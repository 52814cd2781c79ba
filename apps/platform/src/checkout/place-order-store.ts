import { couponUsePart } from '../carts/coupon-store.ts'
import { type StockTake, stockTakeParts } from '../catalogue/products/stock-store.ts'
import { type Db, prepared } from '../db/db.ts'
import { eventInsert, type OutboxEvent } from '../events/event-outbox.ts'
import type { MailShop } from '../orders/order-mails.ts'
import { type OrderInput, orderInserts } from '../orders/order-store.ts'
import { membershipUsePart } from '../plans/membership-store.ts'

/** What an order claimed before it is stored: the counters whose units it took, its coupon's use, its number. */
export interface OrderClaim {
  /** Keys (`stockCounterKey`) of the counters whose units were there and are now taken. */
  taken: ReadonlySet<string>
  /** Whether the coupon's use was counted (false when there is no coupon). */
  couponCounted: boolean
  /** Ids of the memberships whose sessions were there and are now used. */
  membershipsUsed: ReadonlySet<string>
  /** The order's number, from the sequence (a rolled-back order leaves a gap, as the column default did). */
  number: string
}

/**
 * Takes the order's stock units, its coupon's use, the sessions of the memberships that pay for lines
 * (decision 046), and its number, in one statement (decision 038). The caller refuses the order (rolling
 * back) when a take, the coupon's use or a membership's sessions did not happen.
 */
export async function claimOrderNeeds(
  tx: Db,
  needs: {
    takes: readonly StockTake[]
    couponId: string | undefined
    /** Sessions to use per membership, with the member who must hold them. */
    memberships?:
      | { memberId: string; uses: readonly { membershipId: string; sessions: number }[] }
      | undefined
    now: Date
  },
): Promise<OrderClaim> {
  const parts: string[] = []
  const params: unknown[] = []
  let taken = `'{}'::text[]`
  let couponCounted = 'false'
  let membershipsUsed = `'{}'::text[]`
  if (needs.takes.length > 0) {
    const stock = stockTakeParts(needs.takes, params.length + 1)
    parts.push(stock.sql)
    params.push(...stock.params)
    taken = stock.taken
  }
  if (needs.couponId) {
    const coupon = couponUsePart(needs.couponId, needs.now, params.length + 1)
    parts.push(coupon.sql)
    params.push(...coupon.params)
    couponCounted = coupon.used
  }
  if (needs.memberships && needs.memberships.uses.length > 0) {
    const use = membershipUsePart(
      needs.memberships.uses,
      needs.memberships.memberId,
      needs.now,
      params.length + 1,
    )
    parts.push(use.sql)
    params.push(...use.params)
    membershipsUsed = use.used
  }
  const text = `${parts.length > 0 ? `with ${parts.join(',\n')} ` : ''}select ${taken} as taken,
       ${couponCounted} as coupon_counted, ${membershipsUsed} as memberships_used,
       nextval('order_numbers')::text as number`
  const [row] = await tx.query<{
    taken: string[]
    coupon_counted: boolean
    memberships_used: string[]
    number: string
  }>(
    // Without takes, coupon or memberships (untracked stock) the text is always the same: prepared
    // (decision 102). Otherwise it varies with the lines, which a prepared statement is not for.
    parts.length === 0 ? prepared(text) : text,
    params,
  )
  if (!row) throw new Error('claiming an order answered no row')
  return {
    taken: new Set(row.taken),
    couponCounted: row.coupon_counted,
    membershipsUsed: new Set(row.memberships_used),
    number: row.number,
  }
}

/**
 * Stores the placed order in one statement: the order, its lines and the buyer's confirmation mail,
 * the checkout completed, the cart deleted, and the events (`order.created`, `cart.deleted`).
 */
export async function writePlacedOrder(
  tx: Db,
  placed: {
    order: OrderInput & { number: string }
    shop: MailShop
    checkoutId: string
    cartId: string
    events: readonly OutboxEvent[]
    now: Date
    /**
     * One more write of the same statement, named by its `with` part and numbered from the parameter it is
     * given (the payment's outcome, `settlePaymentPart`: decision 112).
     */
    alsoWrite?: ((first: number) => { sql: string; params: unknown[] }) | undefined
  },
): Promise<void> {
  const order = orderInserts(placed.order, placed.shop, 1)
  const params: unknown[] = [...order.params]
  const parts = [order.sql]
  params.push(placed.checkoutId, placed.now, placed.cartId)
  const at = params.length - 2
  parts.push(
    `completed_checkout as (update checkouts set status = 'COMPLETED', updated_date = $${at + 1}
       where id = $${at})`,
    `deleted_cart as (delete from carts where id = $${at + 2})`,
  )
  placed.events.forEach((event, index) => {
    const insert = eventInsert(event, placed.now, params.length + 1)
    params.push(...insert.params)
    parts.push(`event_${index} as (${insert.sql})`)
  })
  if (placed.alsoWrite) {
    const also = placed.alsoWrite(params.length + 1)
    params.push(...also.params)
    parts.push(also.sql)
  }
  // The text varies only with the number of events (two in every order today) and the write beside them:
  // prepared (decision 102).
  await tx.query(prepared(`with ${parts.join(',\n')} select 1`), params)
}
