import type { Db } from '../db/db.ts'
import { queryOne } from '../db/db.ts'
import { ApplicationError } from '../http/errors.ts'

export interface CouponRow {
  id: string
  code: string
  name: string
  kind: 'PERCENTAGE' | 'FIXED_AMOUNT' | 'FREE_SHIPPING'
  value: number
  minimum_subtotal_minor: number | null
  starts_at: Date | null
  expires_at: Date | null
  usage_limit: number | null
  uses: number
  product_ids: string[] | null
}

/** The site's coupon with this code (codes compare without case), if any. */
export async function findCoupon(db: Db, siteId: string, code: string): Promise<CouponRow | undefined> {
  return queryOne<CouponRow>(db, 'select * from coupons where site_id = $1 and lower(code) = lower($2)', [
    siteId,
    code,
  ])
}

/**
 * Counts one use of the coupon by an order, if it may still be used now (started, not expired, within
 * its usage limit, checked on the row as it is when its lock is granted). Answers whether it was.
 */
export async function countCouponUse(tx: Db, couponId: string, now: Date): Promise<boolean> {
  const used = await tx.query(
    `update coupons set uses = uses + 1
     where id = $1 and (usage_limit is null or uses < usage_limit)
       and (expires_at is null or expires_at > $2) and (starts_at is null or starts_at <= $2)
     returning id`,
    [couponId, now],
  )
  return used.length > 0
}

/**
 * The coupon a shopper may apply now, or an application error that says why not: unknown, not yet
 * started, expired or used up. (A minimum subtotal is the pricing engine's to judge, per estimate.)
 */
export function applicableCoupon(coupon: CouponRow | undefined, code: string, now: Date): CouponRow {
  if (!coupon)
    throw new ApplicationError('COUPON_NOT_FOUND', `There is no coupon "${code.slice(0, 50)}"`, { code })
  const refuse = (reason: string, description: string) => {
    throw new ApplicationError('COUPON_NOT_APPLICABLE', description, { code: coupon.code, reason })
  }
  if (coupon.starts_at && coupon.starts_at > now)
    refuse('NOT_STARTED', `Coupon "${coupon.code}" is not valid yet`)
  if (coupon.expires_at && coupon.expires_at <= now) refuse('EXPIRED', `Coupon "${coupon.code}" has expired`)
  if (coupon.usage_limit !== null && coupon.uses >= coupon.usage_limit)
    refuse('USAGE_LIMIT_REACHED', `Coupon "${coupon.code}" has been used up`)
  return coupon
}
