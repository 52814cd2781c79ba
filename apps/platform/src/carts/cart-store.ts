import { randomUUID } from 'node:crypto'
import type { Db } from '../db/db.ts'
import { queryOne } from '../db/db.ts'
import type { ShopperCaller } from '../http/caller.ts'
import type { CustomLine } from './custom-line-item.ts'

export interface CartRow {
  id: string
  site_id: string
  owner_kind: 'visitor' | 'member'
  owner_id: string
  currency: string
  coupon_code: string | null
  cart_info: Record<string, unknown>
  merchant_discounts: unknown[]
  created_date: Date
  updated_date: Date
}

export interface LineItemRow {
  id: string
  cart_id: string
  position: number
  app_id: string
  catalog_item_id: string | null
  variant_id: string | null
  custom: CustomLine | null
  quantity: number
  created_date: Date
}

export interface CartWithLines {
  cart: CartRow
  lines: LineItemRow[]
}

async function linesOf(db: Db, cartId: string): Promise<LineItemRow[]> {
  return db.query<LineItemRow>('select * from cart_line_items where cart_id = $1 order by position', [cartId])
}

/** The caller's own cart, if it has one. */
export async function findOwnedCart(db: Db, caller: ShopperCaller): Promise<CartWithLines | undefined> {
  const cart = await queryOne<CartRow>(
    db,
    'select * from carts where site_id = $1 and owner_kind = $2 and owner_id = $3',
    [caller.siteId, caller.kind, caller.subjectId],
  )
  return cart && { cart, lines: await linesOf(db, cart.id) }
}

/**
 * The caller's cart, locked for the rest of the transaction, so concurrent writes to one cart take
 * turns and none is lost. With `create`, a missing cart is created (and `created` says so).
 */
export async function lockOwnedCart(
  tx: Db,
  caller: ShopperCaller,
  options: { create: boolean; now: Date },
): Promise<(CartWithLines & { created: boolean }) | undefined> {
  const inserted = options.create
    ? await tx.query(
        `insert into carts (id, site_id, owner_kind, owner_id, currency, created_date, updated_date)
         values ($1, $2, $3, $4, $5, $6, $6)
         on conflict (site_id, owner_kind, owner_id) do nothing returning id`,
        [randomUUID(), caller.siteId, caller.kind, caller.subjectId, caller.site.currency, options.now],
      )
    : []
  const cart = await queryOne<CartRow>(
    tx,
    'select * from carts where site_id = $1 and owner_kind = $2 and owner_id = $3 for update',
    [caller.siteId, caller.kind, caller.subjectId],
  )
  return cart && { cart, lines: await linesOf(tx, cart.id), created: inserted.length > 0 }
}

export interface LineItemChange {
  /** An existing line to set the quantity of, or undefined for a new line. */
  lineId?: string
  appId: string
  catalogItemId: string | null
  variantId: string | null
  custom?: CustomLine
  quantity: number
}

/** Writes new lines and new quantities. */
export async function saveLineItems(
  tx: Db,
  cart: CartWithLines,
  changes: readonly LineItemChange[],
  now: Date,
) {
  let position = cart.lines.reduce((max, line) => Math.max(max, line.position), 0)
  for (const change of changes) {
    if (change.lineId) {
      await tx.query('update cart_line_items set quantity = $2 where id = $1', [
        change.lineId,
        change.quantity,
      ])
      continue
    }
    position += 1
    await tx.query(
      `insert into cart_line_items (id, cart_id, position, app_id, catalog_item_id, variant_id, custom, quantity, created_date)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        randomUUID(),
        cart.cart.id,
        position,
        change.appId,
        change.catalogItemId,
        change.variantId,
        change.custom ? JSON.stringify(change.custom) : null,
        change.quantity,
        now,
      ],
    )
  }
}

/** Removes lines of the cart by id. */
export async function removeLineItems(tx: Db, cartId: string, lineIds: readonly string[]) {
  await tx.query('delete from cart_line_items where cart_id = $1 and id = any($2::uuid[])', [cartId, lineIds])
}

/** Sets the cart's own fields; `undefined` leaves a field as it is. */
export async function updateCart(
  tx: Db,
  cartId: string,
  fields: { couponCode?: string | null; cartInfo?: Record<string, unknown> },
  now: Date,
) {
  await tx.query(
    `update carts set updated_date = $2,
       coupon_code = case when $3 then $4 else coupon_code end,
       cart_info = coalesce($5::jsonb, cart_info)
     where id = $1`,
    [
      cartId,
      now,
      fields.couponCode !== undefined,
      fields.couponCode ?? null,
      fields.cartInfo ? JSON.stringify(fields.cartInfo) : null,
    ],
  )
}

/** Deletes the cart and its lines. */
export async function deleteCart(tx: Db, cartId: string) {
  await tx.query('delete from carts where id = $1', [cartId])
}
