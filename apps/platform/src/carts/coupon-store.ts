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
 * The update that counts one use of the coupon by an order, if it may still be used now (started, not
 * expired, within its usage limit, checked on the row as it is when its lock is granted), as the part
 * `coupon_used` of a data-modifying `with` (parameters from `$first`); `used` is an SQL boolean.
 */
export function couponUsePart(
  couponId: string,
  now: Date,
  first: number,
): { sql: string; used: string; params: unknown[] } {
  const id = `$${first}::uuid`
  const at = `$${first + 1}::timestamptz`
  return {
    sql: `coupon_used as (
       update coupons set uses = uses + 1
        where id = ${id} and (usage_limit is null or uses < usage_limit)
          and (expires_at is null or expires_at > ${at}) and (starts_at is null or starts_at <= ${at})
       returning id)`,
    used: 'exists (select 1 from coupon_used)',
    params: [couponId, now],
  }
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
