import type { ItemAvailabilityStatus } from '@aisle/sdk'

/** Whether a cart line can be bought as it stands, in the storefront's terms. */
export type LineAvailability =
  | { status: 'available' }
  /** Fewer in stock than the line holds: only `quantityAvailable` will be in the order. */
  | { status: 'partial'; quantityAvailable: number }
  | { status: 'sold-out' }
  /** The product or its variant is no longer sold. */
  | { status: 'gone' }

/** Reads a line's availability from the platform's answer; a line without one counts as available. */
export function toLineAvailability(
  availability: { status?: ItemAvailabilityStatus; quantityAvailable?: number } | undefined,
): LineAvailability {
  switch (availability?.status) {
    case 'PARTIALLY_AVAILABLE':
      return { status: 'partial', quantityAvailable: Math.max(0, availability.quantityAvailable ?? 0) }
    case 'NOT_AVAILABLE':
      return { status: 'sold-out' }
    case 'NOT_FOUND':
      return { status: 'gone' }
    default:
      return { status: 'available' }
  }
}

/** How many of `quantity` the order would hold (the platform's subtotal counts these alone). */
export function toPayableQuantity(availability: LineAvailability, quantity: number): number {
  if (availability.status === 'available') return quantity
  if (availability.status === 'partial') return Math.min(quantity, availability.quantityAvailable)
  return 0
}

/** Whether the shopper can still change the line's quantity (a sold-out or withdrawn line can only go). */
export function canChangeQuantity(availability: LineAvailability): boolean {
  return availability.status === 'available' || availability.status === 'partial'
}

/**
 * What the cart tells the shopper about a line they cannot buy in full, in their words; nothing for a
 * line that is fine. A partly available line is fine again once its quantity fits the stock.
 */
export function toAvailabilityNote(availability: LineAvailability, quantity: number): string | undefined {
  switch (availability.status) {
    case 'partial': {
      const left = availability.quantityAvailable
      if (quantity <= left) return undefined
      return left === 1
        ? 'Only 1 left in stock, so your order will include just 1.'
        : `Only ${left} left in stock, so your order will include just ${left}.`
    }
    case 'sold-out':
      return 'Sold out. It won’t be included in your order.'
    case 'gone':
      return 'No longer available. Please remove it from your cart.'
    default:
      return undefined
  }
}
