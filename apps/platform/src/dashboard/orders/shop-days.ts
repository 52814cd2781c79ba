import { addDays, instantOfLocalDateTime, toLocalDate } from '../../bookings/zoned-time.ts'
import type { ShopDay } from '../../orders/order-store.ts'

/**
 * A local date (`YYYY-MM-DD`) of the shop's calendar as the instants it runs between in the shop's zone
 * (decision 095): "today" and a date filter mean the shop's day, not UTC's.
 */
export function shopDayOf(localDate: string, timeZone: string): ShopDay {
  return {
    day: localDate,
    from: instantOfLocalDateTime(`${localDate}T00:00`, timeZone),
    to: instantOfLocalDateTime(`${addDays(localDate, 1)}T00:00`, timeZone),
  }
}

/** The shop's last `count` days up to and with the one `now` falls on in its zone, oldest first. */
export function lastShopDays(now: Date, timeZone: string, count: number): ShopDay[] {
  const today = toLocalDate(now, timeZone)
  return Array.from({ length: count }, (_, index) => shopDayOf(addDays(today, index - count + 1), timeZone))
}

/** The shop's local date of an instant, as a date filter is written. */
export function shopDateOf(instant: Date, timeZone: string): string {
  return toLocalDate(instant, timeZone)
}
