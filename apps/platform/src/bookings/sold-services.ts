import type { BookingPaymentOption, SoldService } from '../carts/cart-store.ts'
import type { Db } from '../db/db.ts'
import { findServices, type ServiceRow } from './booking-store.ts'

/** What a booking of the service costs online: its price, or nothing when free or priced on request. */
export function unitPriceOf(service: Pick<ServiceRow, 'rate_type' | 'price_minor'>): number {
  return service.rate_type === 'FIXED' ? Number(service.price_minor) : 0
}

/**
 * How a booking of the service may be paid (decision 085): in full online when it costs something and
 * the merchant takes payment online; a deposit online when the merchant set one (decision 092); in person
 * when they take it there (or nothing is charged online); with a membership of a plan that covers it when
 * the merchant allows plans.
 */
export function paymentOptionsOf(
  service: Pick<
    ServiceRow,
    'rate_type' | 'price_minor' | 'pay_online' | 'pay_in_person' | 'pay_with_plan' | 'deposit_minor'
  >,
): BookingPaymentOption[] {
  const isCharged = unitPriceOf(service) > 0
  return [
    ...(isCharged && service.pay_online ? (['FULL_PAYMENT_ONLINE'] as const) : []),
    ...(depositOf(service) !== undefined ? (['DEPOSIT_ONLINE'] as const) : []),
    ...(!isCharged || service.pay_in_person ? (['FULL_PAYMENT_OFFLINE'] as const) : []),
    ...(service.pay_with_plan ? (['MEMBERSHIP'] as const) : []),
  ]
}

/**
 * The deposit a booking of the service pays online, the rest at the appointment (decision 092): set, and
 * below the price of a priced service; `undefined` otherwise.
 */
export function depositOf(
  service: Pick<ServiceRow, 'rate_type' | 'price_minor' | 'deposit_minor'>,
): number | undefined {
  const deposit = service.deposit_minor === null ? 0 : Number(service.deposit_minor)
  return deposit > 0 && deposit < unitPriceOf(service) ? deposit : undefined
}

/** A service as a cart line names and prices it. */
export function toSoldService(service: ServiceRow): SoldService {
  return {
    id: service.id,
    name: service.name,
    unitPriceMinor: unitPriceOf(service),
    location: service.location,
    paymentOptions: paymentOptionsOf(service),
    rateType: service.rate_type,
    kind: service.type,
    ...(depositOf(service) === undefined ? {} : { depositMinor: depositOf(service) }),
  }
}

/** The offered (not hidden) services among `ids`, as cart lines price them, by id. */
export async function findSoldServices(
  db: Db,
  siteId: string,
  ids: readonly string[],
): Promise<Map<string, SoldService>> {
  const rows = await findServices(db, siteId, { ids })
  return new Map(rows.map((row) => [row.id, toSoldService(row)]))
}
