import type { Address, SelectedShippingOption } from '../carts/pricing/pricing-input.ts'
import type { Db } from '../db/db.ts'
import { queryOne } from '../db/db.ts'

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

/** The checkout with this id, if any. */
export async function findCheckout(db: Db, id: string): Promise<CheckoutRow | undefined> {
  return queryOne<CheckoutRow>(db, `select ${columns} from checkouts where id = $1`, [id])
}

/** The checkout, locked until the transaction ends: placing orders on one checkout take turns. */
export async function lockCheckout(tx: Db, id: string): Promise<CheckoutRow | undefined> {
  return queryOne<CheckoutRow>(tx, `select ${columns} from checkouts where id = $1 for update`, [id])
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
