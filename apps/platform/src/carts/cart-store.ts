import { randomUUID } from 'node:crypto'
import type { Db } from '../db/db.ts'
import { queryOne } from '../db/db.ts'
import type { ShopperCaller } from '../http/caller.ts'

export interface CartRow {
  id: string
  site_id: string
  owner_kind: 'visitor' | 'member'
  owner_id: string
  currency: string
  coupon_code: string | null
  created_date: Date
  updated_date: Date
}

export interface LineItemRow {
  id: string
  cart_id: string
  position: number
  app_id: string
  catalog_item_id: string
  variant_id: string | null
  quantity: number
  created_date: Date
}

export interface CartWithLines {
  cart: CartRow
  lines: LineItemRow[]
}

/** The caller's own cart, if it has one. */
export async function findOwnedCart(db: Db, caller: ShopperCaller): Promise<CartWithLines | undefined> {
  const cart = await queryOne<CartRow>(
    db,
    'select * from carts where site_id = $1 and owner_kind = $2 and owner_id = $3',
    [caller.siteId, caller.kind, caller.subjectId],
  )
  if (!cart) return undefined
  const lines = await db.query<LineItemRow>(
    'select * from cart_line_items where cart_id = $1 order by position',
    [cart.id],
  )
  return { cart, lines }
}

/** The caller's cart, created when missing, locked for the rest of the transaction. */
export async function lockOwnedCart(
  tx: Db,
  caller: ShopperCaller,
  currency: string,
  now: Date,
): Promise<CartWithLines> {
  await tx.query(
    `insert into carts (id, site_id, owner_kind, owner_id, currency, created_date, updated_date)
     values ($1, $2, $3, $4, $5, $6, $6)
     on conflict (site_id, owner_kind, owner_id) do nothing`,
    [randomUUID(), caller.siteId, caller.kind, caller.subjectId, currency, now],
  )
  const cart = await queryOne<CartRow>(
    tx,
    'select * from carts where site_id = $1 and owner_kind = $2 and owner_id = $3 for update',
    [caller.siteId, caller.kind, caller.subjectId],
  )
  if (!cart) throw new Error('cart vanished inside its own transaction')
  const lines = await tx.query<LineItemRow>(
    'select * from cart_line_items where cart_id = $1 order by position',
    [cart.id],
  )
  return { cart, lines }
}

export interface LineItemChange {
  /** An existing line to add quantity to, or undefined for a new line. */
  lineId?: string
  appId: string
  catalogItemId: string
  variantId: string | null
  quantity: number
}

/** Writes the outcome of an add: new lines and new quantities, and touches the cart. */
export async function saveLineItems(
  tx: Db,
  cart: CartWithLines,
  changes: readonly LineItemChange[],
  now: Date,
): Promise<void> {
  let position = cart.lines.reduce((max, line) => Math.max(max, line.position), 0)
  for (const change of changes) {
    if (change.lineId) {
      await tx.query('update cart_line_items set quantity = $2 where id = $1', [
        change.lineId,
        change.quantity,
      ])
    } else {
      position += 1
      await tx.query(
        `insert into cart_line_items (id, cart_id, position, app_id, catalog_item_id, variant_id, quantity, created_date)
         values ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [
          randomUUID(),
          cart.cart.id,
          position,
          change.appId,
          change.catalogItemId,
          change.variantId,
          change.quantity,
          now,
        ],
      )
    }
  }
  await tx.query('update carts set updated_date = $2 where id = $1', [cart.cart.id, now])
}
