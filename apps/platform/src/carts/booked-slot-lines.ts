import type { Db } from '../db/db.ts'
import { ApplicationError, ValidationError } from '../http/errors.ts'
import type { AddToCartInput } from './cart-schemas.ts'
import type { LineItemChange, LineItemRow, ServiceLineProperties, SoldService } from './cart-store.ts'
import { BOOKINGS_APP_ID } from './catalogue-app-id.ts'

// A slot of the services catalogue in the shopper's current cart, beside products (decision 082): the slot
// is held first (`createBooking`), and the hold is added by its id as the Wix Bookings client does, with the
// services catalogue's app id. The cart does not know bookings: the app gives it these reads.

/** A held slot as a cart line sells it. */
export interface HeldSlot {
  serviceId: string
  properties: ServiceLineProperties
}

/** The services catalogue's reads a current cart needs, given by the app (carts do not import bookings). */
export interface BookedSlots {
  /** The site's slots with these booking ids that are held and not yet being paid for, by booking id. */
  findHeld(db: Db, siteId: string, bookingIds: readonly string[]): Promise<Map<string, HeldSlot>>
  /** The offered services with these ids, as lines name and price them, by id. */
  findSold(db: Db, siteId: string, serviceIds: readonly string[]): Promise<Map<string, SoldService>>
}

type CatalogItem = AddToCartInput['lineItems'][number]

/** Whether an item of an add names a held slot rather than a product. */
export function isBookedSlotItem(item: CatalogItem): boolean {
  return item.catalogReference.appId === BOOKINGS_APP_ID
}

/** The service ids of a cart's booked-slot lines. */
export function serviceIdsOfLines(lines: readonly LineItemRow[]): string[] {
  return lines.flatMap((line) =>
    line.service_properties && line.catalog_item_id ? [line.catalog_item_id] : [],
  )
}

/**
 * The new lines an add makes of held slots: one line per slot, its quantity the booking's participants (1
 * for an appointment; a class's places, decision 083); a slot already in the cart is left as it is.
 * `fieldOf` names an item's place in the request.
 *
 * @throws {ValidationError} a quantity other than the booking's participants.
 * @throws {ApplicationError} BOOKING_NOT_FOUND: no held slot of the site has the id (never held, confirmed,
 * cancelled, or being paid for in a bookings checkout of its own).
 */
export function planBookedSlotLines(
  lines: readonly LineItemRow[],
  items: readonly { item: CatalogItem; field: string }[],
  held: ReadonlyMap<string, HeldSlot>,
): LineItemChange[] {
  const inCart = new Set(
    lines.flatMap((line) => (line.service_properties ? [line.service_properties.bookingId] : [])),
  )
  const changes: LineItemChange[] = []
  for (const { item, field } of items) {
    const bookingId = item.catalogReference.catalogItemId
    const slot = held.get(bookingId)
    if (!slot)
      throw new ApplicationError('BOOKING_NOT_FOUND', `No held slot ${bookingId}: hold the slot first`, {
        field: `${field}.catalogReference.catalogItemId`,
      })
    const participants = participantsOf(slot.properties)
    if (item.quantity !== participants)
      throw new ValidationError([
        {
          field: `${field}.quantity`,
          description: `must be ${participants}: the booking's participants`,
          violatedRule: 'OTHER',
        },
      ])
    if (inCart.has(bookingId)) continue
    inCart.add(bookingId)
    changes.push({
      appId: BOOKINGS_APP_ID,
      catalogItemId: slot.serviceId,
      variantId: null,
      serviceProperties: slot.properties,
      quantity: participants,
    })
  }
  return changes
}

/** The places a booked slot's line sells: its booking's participants (1 for an appointment). */
export function participantsOf(properties: ServiceLineProperties): number {
  return properties.numberOfParticipants ?? 1
}

/**
 * A booked slot's line keeps its quantity, its booking's participants: the shopper may remove it (0), not
 * change it, which would sell places that are not held.
 */
export function assertBookedSlotQuantitiesKept(
  lines: readonly LineItemRow[],
  quantities: ReadonlyMap<string, number>,
): void {
  const changed = lines.filter((line) => {
    const quantity = quantities.get(line.id)
    return (
      line.service_properties &&
      quantity !== undefined &&
      quantity !== 0 &&
      quantity !== participantsOf(line.service_properties)
    )
  })
  if (changed.length === 0) return
  throw new ValidationError(
    changed.map((line) => ({
      field: `lineItems[${line.id}].quantity`,
      description: `must be 0 or ${line.service_properties ? participantsOf(line.service_properties) : 1}: the booking's participants`,
      violatedRule: 'OTHER',
    })),
  )
}
