import type { SoldService } from '../carts/cart-store.ts'
import type { Db } from '../db/db.ts'
import { findServices, type ServiceRow } from './booking-store.ts'

/** What a booking of the service costs online: its price, or nothing when free or priced on request. */
export function unitPriceOf(service: Pick<ServiceRow, 'rate_type' | 'price_minor'>): number {
  return service.rate_type === 'FIXED' ? Number(service.price_minor) : 0
}

/** A service as a cart line names and prices it. */
export function toSoldService(service: ServiceRow): SoldService {
  return {
    id: service.id,
    name: service.name,
    unitPriceMinor: unitPriceOf(service),
    location: service.location,
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
