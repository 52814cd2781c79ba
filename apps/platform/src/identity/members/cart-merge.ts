import { MAX_LINE_ITEMS, MAX_LINE_QUANTITY } from '../../carts/cart-limits.ts'
import type { LineItemChange, LineItemRow } from '../../carts/cart-store.ts'

/** What joining a visitor's cart into a member's cart does (docs/decisions/009-member-login.md). */
export interface CartMergePlan {
  /** New quantities of the member's lines and new lines, for `applyLineChanges`. */
  changes: LineItemChange[]
  /** Visitor lines whose quantity joined a member line of the same product and variant. */
  combinedLines: number
  /** Visitor lines added as new lines. */
  addedLines: number
  /** Visitor lines left out because the member's cart was full (300 lines). */
  droppedLines: number
}

function keyOf(line: LineItemRow): string | undefined {
  return line.catalog_item_id === null
    ? undefined
    : `${line.app_id}\u0000${line.catalog_item_id}\u0000${line.variant_id ?? ''}`
}

/**
 * Plans the merge of a visitor's lines into a member's: a catalogue line of the same app, product and
 * variant as a member line adds its quantity to it (at most 10,000 a line); any other line, custom lines
 * always, is added after the member's, in the visitor's order, while the cart has room (300 lines).
 */
export function planCartMerge(
  memberLines: readonly LineItemRow[],
  visitorLines: readonly LineItemRow[],
): CartMergePlan {
  // Where a visitor line of a given product and variant goes: a member line's new quantity, or a line
  // already added by the merge (two visitor lines of one variant become one).
  const targets = new Map<string, LineItemChange>()
  const updated: LineItemChange[] = []
  for (const line of memberLines) {
    const key = keyOf(line)
    if (!key || targets.has(key)) continue
    targets.set(key, {
      lineId: line.id,
      appId: line.app_id,
      catalogItemId: line.catalog_item_id,
      variantId: line.variant_id,
      quantity: line.quantity,
    })
  }
  const added: LineItemChange[] = []
  let combinedLines = 0
  let droppedLines = 0
  for (const line of [...visitorLines].sort((a, b) => a.position - b.position)) {
    const key = keyOf(line)
    const target = key ? targets.get(key) : undefined
    if (target) {
      target.quantity = Math.min(MAX_LINE_QUANTITY, target.quantity + line.quantity)
      if (target.lineId && !updated.includes(target)) updated.push(target)
      combinedLines++
      continue
    }
    if (memberLines.length + added.length >= MAX_LINE_ITEMS) {
      droppedLines++
      continue
    }
    const change: LineItemChange = {
      appId: line.app_id,
      catalogItemId: line.catalog_item_id,
      variantId: line.variant_id,
      quantity: line.quantity,
    }
    if (line.custom) change.custom = line.custom
    added.push(change)
    if (key) targets.set(key, change)
  }
  return { changes: [...updated, ...added], combinedLines, addedLines: added.length, droppedLines }
}
