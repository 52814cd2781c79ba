import {
  type CartById,
  CHECKOUT_CART_COLUMN,
  cartOfCheckoutColumn,
  JOINED_CART_COLUMN,
} from '../carts/cart-store.ts'
import type { ContactDetails } from '../carts/contact-info.ts'
import type { Address, SelectedMembership, SelectedShippingOption } from '../carts/pricing/pricing-input.ts'
import { type Db, prepared, queryOne } from '../db/db.ts'
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
  /** Who receives the order (names, company, phone), beside `shipping_address`; null until given. */
  shipping_contact: ContactDetails | null
  /** Who pays, beside `billing_address`; null until given. */
  billing_contact: ContactDetails | null
  selected_shipping_option: SelectedShippingOption | null
  coupon_code: string | null
  /** The buyer's choice of memberships for lines; null when none was made (no membership pays). */
  selected_memberships: SelectedMembership[] | null
  status: 'OPEN' | 'COMPLETED' | 'ABANDONED'
  callbacks: CheckoutCallbacks | null
  created_date: Date
  updated_date: Date
}

const columns = `id, site_id, cart_id, owner_kind, owner_id, channel_type, email, shipping_address, billing_address,
  shipping_contact, billing_contact,
  selected_shipping_option, coupon_code, selected_memberships, status, callbacks, created_date, updated_date`

/** The checkout's columns under the alias `k`, for statements that read it beside its site. */
const prefixedColumns = columns
  .split(',')
  .map((column) => `k.${column.trim()}`)
  .join(', ')

// The statements of the order path, prepared (decision 102): PostgreSQL parses and plans each once per
// connection instead of on every call.
const INSERT_CHECKOUT = prepared(
  `insert into checkouts (id, site_id, cart_id, owner_kind, owner_id, channel_type, email, shipping_address,
     billing_address, selected_shipping_option, coupon_code, lines, totals, created_date, updated_date,
     selected_memberships, shipping_contact, billing_contact)
   values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $14, $15, $16, $17)`,
)
const FIND_CHECKOUT = prepared(`select ${columns} from checkouts where id = $1`)
const LOCK_CHECKOUT = prepared(`select ${columns} from checkouts where id = $1 for update`)
const LOCK_CHECKOUT_FOR_ORDER = prepared(
  `select ${prefixedColumns}, ${siteColumns}, ${mailShopColumns}
     from checkouts k join sites s on s.id = k.site_id where k.id = $1 for no key update of k, s`,
)
/** What placing an order reads of its checkout, site and cart (`CheckoutForOrder`), and where from. */
const FOR_ORDER_COLUMNS = `${prefixedColumns}, ${siteColumns}, ${mailShopColumns}, ${JOINED_CART_COLUMN}`
const SITE_AND_CART_OF_CHECKOUT = `join sites s on s.id = k.site_id
     join carts c on c.id = k.cart_id and c.site_id = k.site_id`
// The same locks in the same order, and then the cart's, as placing an order took them in two statements.
const LOCK_CHECKOUT_AND_CART_FOR_ORDER = prepared(
  `select ${FOR_ORDER_COLUMNS} from checkouts k ${SITE_AND_CART_OF_CHECKOUT}
    where k.id = $1 for no key update of k, s for update of c`,
)
const FIND_CHECKOUT_WITH_SITE_AND_CART = prepared(
  `select ${prefixedColumns}, ${siteColumns}, ${CHECKOUT_CART_COLUMN}
     from checkouts k join sites s on s.id = k.site_id where k.id = $1`,
)
const FIND_PAYMENT_RETURN = prepared(
  `select ${prefixedColumns}, p.id as payment_id, p.provider as payment_provider,
     p.provider_payment_id as payment_provider_payment_id, o.id as order_id,
     o.payment->>'paymentId' as order_payment_id, o.created_date as order_created_date
   from checkouts k
   left join payments p on p.id = $2::uuid and p.checkout_id = k.id
   left join orders o on o.checkout_id = k.id
   where k.id = $1`,
)
const SAVE_CHOICES = prepared(`with ${saveChoicesText('saved', 1)} select id from saved`)

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
  shippingContact: ContactDetails | undefined
  billingContact: ContactDetails | undefined
  selectedShippingOption: SelectedShippingOption | undefined
  couponCode: string | null
  selectedMemberships: readonly SelectedMembership[] | undefined
  lines: unknown[]
  totals: unknown
}

/** Stores a new open checkout. */
export async function insertCheckout(tx: Db, checkout: NewCheckout, now: Date): Promise<void> {
  await tx.query(INSERT_CHECKOUT, [
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
    checkout.selectedMemberships ? JSON.stringify(checkout.selectedMemberships) : null,
    checkout.shippingContact ? JSON.stringify(checkout.shippingContact) : null,
    checkout.billingContact ? JSON.stringify(checkout.billingContact) : null,
  ])
}

/** The checkout with this id, if any. */
export async function findCheckout(db: Db, id: string): Promise<CheckoutRow | undefined> {
  return queryOne<CheckoutRow>(db, FIND_CHECKOUT, [id])
}

/** The checkout, locked until the transaction ends: placing orders on one checkout take turns. */
export async function lockCheckout(tx: Db, id: string): Promise<CheckoutRow | undefined> {
  return queryOne<CheckoutRow>(tx, LOCK_CHECKOUT, [id])
}

// A payment's checkout, site and cart, with the payment locked first (`lockPaymentCheckoutForOrder`).
const LOCK_PAYMENT_CHECKOUT_AND_CART_FOR_ORDER = prepared(
  `select ${FOR_ORDER_COLUMNS}, to_json(p) as payment
     from payments p join checkouts k on k.id = p.checkout_id ${SITE_AND_CART_OF_CHECKOUT}
    where p.id = $1 for no key update of p, k, s for update of c`,
)

/** A checkout locked for placing its order, with its site, its cart and the shop its buyer's mails wear. */
export interface CheckoutForOrder {
  checkout: CheckoutRow
  site: Site
  shop: MailShop
  /** Its cart, locked too; undefined when the cart is gone (emptied by the order placed with it). */
  cart: CartById | undefined
}

/**
 * Locks the checkout, then its site, then its cart until the transaction ends, and reads them, in one
 * statement: orders of one checkout take turns, orders of one site queue on the site row (stock changes
 * bump its stock version) instead of deadlocking on it after each took some stock, and the cart's writers
 * wait for the order. A checkout whose cart is gone (a placed order's, read again) costs a second statement.
 */
export async function lockCheckoutForOrder(tx: Db, id: string): Promise<CheckoutForOrder | undefined> {
  const row = await queryOne<ForOrderRow>(tx, LOCK_CHECKOUT_AND_CART_FOR_ORDER, [id])
  const alone = row ? undefined : await queryOne<ForOrderRow>(tx, LOCK_CHECKOUT_FOR_ORDER, [id])
  return row ? toCheckoutForOrder(row) : alone && toCheckoutForOrder(alone)
}

/** A row read with `FOR_ORDER_COLUMNS`, or without its cart (`cart` missing). */
type ForOrderRow = CheckoutRow &
  SiteColumns &
  MailShopColumns & { cart?: Parameters<typeof cartOfCheckoutColumn>[0] }

function toCheckoutForOrder(row: ForOrderRow): CheckoutForOrder {
  return {
    checkout: checkoutOf(row),
    site: toSite(row),
    shop: toMailShop(row),
    cart: row.cart === undefined ? undefined : cartOfCheckoutColumn(row.cart),
  }
}

/**
 * Locks a checkout's payment, then the checkout, its site and its cart, and reads them, in one statement: for
 * an order placed with the payment's outcome recorded in its own transaction (decision 112). The payment is
 * its row as JSON (`paymentRowFromJson` in `payments/payment-store.ts` reads it). Undefined when there is no
 * such payment of a checkout, or its cart is gone.
 */
export async function lockPaymentCheckoutForOrder(
  tx: Db,
  paymentId: string,
): Promise<(CheckoutForOrder & { payment: unknown }) | undefined> {
  const row = await queryOne<ForOrderRow & { payment: unknown }>(
    tx,
    LOCK_PAYMENT_CHECKOUT_AND_CART_FOR_ORDER,
    [paymentId],
  )
  return row && { ...toCheckoutForOrder(row), payment: row.payment }
}

/** The checkout's own columns of a row read with `prefixedColumns` beside others. */
function checkoutOf(row: CheckoutRow): CheckoutRow {
  return Object.fromEntries(
    columns.split(',').map((column) => {
      const name = column.trim() as keyof CheckoutRow
      return [name, row[name]]
    }),
  ) as unknown as CheckoutRow
}

/**
 * The checkout with this id, its site and its cart as `findCartById` reads it (`undefined` when the cart is
 * gone), in one statement: the hosted pages need all three.
 */
export async function findCheckoutWithSiteAndCart(
  db: Db,
  id: string,
): Promise<{ checkout: CheckoutRow; site: Site; cart: CartById | undefined } | undefined> {
  const row = await queryOne<
    CheckoutRow & SiteColumns & { cart: Parameters<typeof cartOfCheckoutColumn>[0] }
  >(db, FIND_CHECKOUT_WITH_SITE_AND_CART, [id])
  return row && { checkout: checkoutOf(row), site: toSite(row), cart: cartOfCheckoutColumn(row.cart) }
}

/** What a shopper coming back from a provider names: the checkout, that payment of it, and its order. */
export interface PaymentReturn {
  checkout: CheckoutRow
  /** The payment, when it is one of this checkout's. */
  payment: { id: string; provider: string; providerPaymentId: string | null } | undefined
  /** The checkout's order, when it is placed, the payment it was placed with and when it was placed. */
  order: { id: string; paymentId: string | undefined; createdDate: Date } | undefined
}

/**
 * The checkout, the payment a provider's return names (only when it is the checkout's) and the
 * checkout's order, in one statement: the return usually finds the order the notification placed.
 */
export async function findPaymentReturn(
  db: Db,
  checkoutId: string,
  paymentId: string | undefined,
): Promise<PaymentReturn | undefined> {
  const row = await queryOne<
    CheckoutRow & {
      payment_id: string | null
      payment_provider: string | null
      payment_provider_payment_id: string | null
      order_id: string | null
      order_payment_id: string | null
      order_created_date: Date | null
    }
  >(db, FIND_PAYMENT_RETURN, [checkoutId, paymentId ?? null])
  if (!row) return undefined
  return {
    checkout: checkoutOf(row),
    payment: row.payment_id
      ? {
          id: row.payment_id,
          provider: row.payment_provider as string,
          providerPaymentId: row.payment_provider_payment_id,
        }
      : undefined,
    order: row.order_id
      ? {
          id: row.order_id,
          paymentId: row.order_payment_id ?? undefined,
          createdDate: new Date(row.order_created_date as Date),
        }
      : undefined,
  }
}

/** The buyer's contact, addresses, shipping choice and choice of plans, as typed on the hosted page. */
export interface CheckoutChoices {
  email: string
  shippingAddress: Address
  billingAddress: Address
  /** Who receives the order and who pays; left out, the checkout's stay as they are. */
  shippingContact?: ContactDetails | undefined
  billingContact?: ContactDetails | undefined
  selectedShippingOption: SelectedShippingOption | undefined
  /** Which memberships pay which lines; undefined keeps the checkout's choice as it is. */
  selectedMemberships?: readonly SelectedMembership[] | undefined
}

/**
 * Saving the choices on an open checkout as part of a bigger statement: a `with` part named `name`
 * that answers the checkout's id when it was open (and saved), with its parameters numbered from `first`.
 */
export function saveChoicesPart(
  name: string,
  id: string,
  choices: CheckoutChoices,
  now: Date,
  first: number,
): { sql: string; params: unknown[] } {
  return {
    sql: saveChoicesText(name, first),
    params: [
      id,
      choices.email,
      JSON.stringify(choices.shippingAddress),
      JSON.stringify(choices.billingAddress),
      choices.selectedShippingOption ? JSON.stringify(choices.selectedShippingOption) : null,
      now,
      choices.selectedMemberships ? JSON.stringify(choices.selectedMemberships) : null,
      choices.shippingContact ? JSON.stringify(choices.shippingContact) : null,
      choices.billingContact ? JSON.stringify(choices.billingContact) : null,
    ],
  }
}

/** The text of {@link saveChoicesPart}: the same for every checkout, so it can be prepared. */
function saveChoicesText(name: string, first: number): string {
  const at = (offset: number) => `$${first + offset}`
  return `${name} as (update checkouts set email = ${at(1)}, shipping_address = ${at(2)},
       billing_address = ${at(3)}, selected_shipping_option = ${at(4)}, updated_date = ${at(5)},
       selected_memberships = coalesce(${at(6)}::jsonb, selected_memberships),
       shipping_contact = coalesce(${at(7)}::jsonb, shipping_contact),
       billing_contact = coalesce(${at(8)}::jsonb, billing_contact)
     where id = ${at(0)} and status = 'OPEN' returning id)`
}

/** Saves the buyer's choices as typed on the hosted page (an open checkout only); false when it is not open. */
export async function saveCheckoutChoices(
  db: Db,
  id: string,
  choices: CheckoutChoices,
  now: Date,
): Promise<boolean> {
  const part = saveChoicesPart('saved', id, choices, now, 1)
  const rows = await db.query(SAVE_CHOICES, part.params)
  return rows.length > 0
}

/** The checkout as it is once `choices` are saved on it (they are not saved by this). */
export function withChoices(checkout: CheckoutRow, choices: CheckoutChoices): CheckoutRow {
  return {
    ...checkout,
    email: choices.email,
    shipping_address: choices.shippingAddress,
    billing_address: choices.billingAddress,
    shipping_contact: choices.shippingContact ?? checkout.shipping_contact,
    billing_contact: choices.billingContact ?? checkout.billing_contact,
    selected_shipping_option: choices.selectedShippingOption ?? null,
    selected_memberships: choices.selectedMemberships
      ? [...choices.selectedMemberships]
      : checkout.selected_memberships,
  }
}

/**
 * Registers where the buyer returns after placing the order. The caller has checked the URLs against
 * the client's allowed redirect URIs (the redirect session of `ecomCheckout` does).
 */
export async function setCheckoutCallbacks(db: Db, id: string, callbacks: CheckoutCallbacks): Promise<void> {
  await db.query('update checkouts set callbacks = $2 where id = $1', [id, JSON.stringify(callbacks)])
}
