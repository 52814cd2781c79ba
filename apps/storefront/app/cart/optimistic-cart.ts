import { formatMinorUnits } from '../store/money'
import type { CartEdit } from './cart-edit'
import type { CartView } from './cart-view'
import { toPayableQuantity } from './line-availability'

/**
 * The cart as it will be once the pending edits are made: quantities and removals at once, with line totals,
 * subtotal and item count worked out in minor units by the platform's rule (only what can be bought counts
 * in the subtotal). The server's cart stays the truth: with no pending edits this is the cart unchanged, so
 * whatever the platform answered (a refusal, a line now only partly in stock) shows as soon as it arrives.
 * A coupon being applied is not guessed at; only the platform knows whether it applies.
 */
export function applyCartEdits(cart: CartView, edits: readonly CartEdit[]): CartView {
  if (edits.length === 0) return cart
  let { lines, subtotalMinor, couponCode, buyerNote } = cart
  let isPending = false
  for (const edit of edits) {
    if (edit.intent === 'set-quantity') {
      lines = lines.map((line) => {
        if (line.id !== edit.lineItemId) return line
        const before = toPayableQuantity(line.availability, line.quantity)
        const after = toPayableQuantity(line.availability, edit.quantity)
        subtotalMinor += (after - before) * line.unitMinor
        isPending = true
        const lineTotal = formatMinorUnits(edit.quantity * line.unitMinor, cart.currency)
        return { ...line, quantity: edit.quantity, lineTotal, isPending: true }
      })
    } else if (edit.intent === 'remove') {
      lines = lines.filter((line) => {
        if (line.id !== edit.lineItemId) return true
        subtotalMinor -= toPayableQuantity(line.availability, line.quantity) * line.unitMinor
        isPending = true
        return false
      })
    } else if (edit.intent === 'remove-coupon') {
      couponCode = undefined
    } else if (edit.intent === 'save-note') {
      buyerNote = edit.buyerNote
    }
  }
  const next: CartView = {
    ...cart,
    lines,
    itemCount: lines.reduce((sum, line) => sum + line.quantity, 0),
    subtotalMinor,
    subtotal: formatMinorUnits(subtotalMinor, cart.currency),
    buyerNote,
  }
  if (couponCode === undefined) delete next.couponCode
  else next.couponCode = couponCode
  if (isPending) next.isPending = true
  return next
}
