import type { Address, SelectedShippingOption } from '../carts/pricing/pricing-input.ts'
import type { Db } from '../db/db.ts'
import { queryOne } from '../db/db.ts'
import type { MailShop } from '../orders/order-mails.ts'
import { type MailShopColumns, mailShopColumns, toMailShop } from '../orders/order-store.ts'
import { type Site, type SiteColumns, siteColumns, toSite } from '../sites/site-store.ts'

/** Where the buyer goes back to once the order is placed (spec Callbacks). */
export interface CheckoutCallbacks {
  thankYouPageUrl?: string
  postFlowUrl?: string
  /** Where "Back to cart" on the hosted checkout leads. */
  cartPageUrl?: string
}

export interface CheckoutRow {
  id: string
  site_id: string
  cart_id: string
  owner_kind: 'visitor' | 'member'
  owner_id: string
  channel_type: string
  email: string | null
  shipping_address: Address | null
  billing_address: Address | null
  selected_shipping_option: SelectedShippingOption | null
  coupon_code: string | null
  status: 'OPEN' | 'COMPLETED' | 'ABANDONED'
  callbacks: CheckoutCallbacks | null
  created_date: Date
  updated_date: Date
}

const columns = `id, site_id, cart_id, owner_kind, owner_id, channel_type, email, shipping_address, billing_address,
  selected_shipping_option, coupon_code, status, callbacks, created_date, updated_date`

/** The checkout's columns under the alias `k`, for statements that read it beside its site. */
const prefixedColumns = columns
  .split(',')
  .map((column) => `k.${column.trim()}`)
  .join(', ')

/** A new checkout: the cart frozen with the buyer's choices, its lines and totals as the wire showed them. */
export interface NewCheckout {
  id: string
  siteId: string
  cartId: string
  owner: { kind: 'visitor' | 'member'; id: string }
  channelType: string
  email: string | undefined
  shippingAddress: Address | undefined
  billingAddress: Address | undefined
  selectedShippingOption: SelectedShippingOption | undefined
  couponCode: string | null
  lines: unknown[]
  totals: unknown
}

/** Stores a new open checkout. */
export async function insertCheckout(tx: Db, checkout: NewCheckout, now: Date): Promise<void> {
  await tx.query(
    `insert into checkouts (id, site_id, cart_id, owner_kind, owner_id, channel_type, email, shipping_address,
       billing_address, selected_shipping_option, coupon_code, lines, totals, created_date, updated_date)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $14)`,
    [
      checkout.id,
      checkout.siteId,
      checkout.cartId,
      checkout.owner.kind,
      checkout.owner.id,
      checkout.channelType,
      checkout.email ?? null,
      checkout.shippingAddress ? JSON.stringify(checkout.shippingAddress) : null,
      checkout.billingAddress ? JSON.stringify(checkout.billingAddress) : null,
      checkout.selectedShippingOption ? JSON.stringify(checkout.selectedShippingOption) : null,
      checkout.couponCode,
      JSON.stringify(checkout.lines),
      JSON.stringify(checkout.totals),
      now,
    ],
  )
}

/** The checkout with this id, if any. */
export async function findCheckout(db: Db, id: string): Promise<CheckoutRow | undefined> {
  return queryOne<CheckoutRow>(db, `select ${columns} from checkouts where id = $1`, [id])
}

/** The checkout, locked until the transaction ends: placing orders on one checkout take turns. */
export async function lockCheckout(tx: Db, id: string): Promise<CheckoutRow | undefined> {
  return queryOne<CheckoutRow>(tx, `select ${columns} from checkouts where id = $1 for update`, [id])
}

/** A checkout locked for placing its order, with its site and the shop its buyer's mails wear. */
export interface CheckoutForOrder {
  checkout: CheckoutRow
  site: Site
  shop: MailShop
}

/**
 * Locks the checkout and then its site until the transaction ends, and reads both, in one statement:
 * orders of one checkout take turns, and orders of one site queue on the site row (stock changes bump
 * its catalogue version) instead of deadlocking on it after each took some stock.
 */
export async function lockCheckoutForOrder(tx: Db, id: string): Promise<CheckoutForOrder | undefined> {
  const row = await queryOne<CheckoutRow & SiteColumns & MailShopColumns>(
    tx,
    `select ${prefixedColumns}, ${siteColumns}, ${mailShopColumns}
       from checkouts k join sites s on s.id = k.site_id where k.id = $1 for update of k, s`,
    [id],
  )
  if (!row) return undefined
  const checkout = Object.fromEntries(
    columns.split(',').map((column) => {
      const name = column.trim() as keyof CheckoutRow
      return [name, row[name]]
    }),
  ) as unknown as CheckoutRow
  return { checkout, site: toSite(row), shop: toMailShop(row) }
}

/** The buyer's contact, addresses and shipping choice, as typed on the hosted page (an open checkout only). */
export async function saveCheckoutChoices(
  db: Db,
  id: string,
  choices: {
    email: string
    shippingAddress: Address
    billingAddress: Address
    selectedShippingOption: SelectedShippingOption | undefined
  },
  now: Date,
): Promise<boolean> {
  const rows = await db.query(
    `update checkouts set email = $2, shipping_address = $3, billing_address = $4, selected_shipping_option = $5,
       updated_date = $6
     where id = $1 and status = 'OPEN' returning id`,
    [
      id,
      choices.email,
      JSON.stringify(choices.shippingAddress),
      JSON.stringify(choices.billingAddress),
      choices.selectedShippingOption ? JSON.stringify(choices.selectedShippingOption) : null,
      now,
    ],
  )
  return rows.length > 0
}

/**
 * Registers where the buyer returns after placing the order. The caller has checked the URLs against
 * the client's allowed redirect URIs (the redirect session of `ecomCheckout` does).
 */
export async function setCheckoutCallbacks(db: Db, id: string, callbacks: CheckoutCallbacks): Promise<void> {
  await db.query('update checkouts set callbacks = $2 where id = $1', [id, JSON.stringify(callbacks)])
}
