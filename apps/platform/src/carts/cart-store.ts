import { randomUUID } from 'node:crypto'
import {
  PRODUCT_RECORD_COLUMNS,
  type ProductRecord,
  type ProductRowWithRelations,
  toProductRecord,
} from '../catalogue/products/product-store.ts'
import type { Db } from '../db/db.ts'
import { prepared, queryOne } from '../db/db.ts'
import { eventInsert, type OutboxEvent } from '../events/event-outbox.ts'
import type { ShopperCaller, ShopperCredential } from '../http/caller.ts'
import { type AccessTokenRow, accessTokenLookup, toAccessTokenRecord } from '../oauth/token-store.ts'
import type { ContactInfo } from './contact-info.ts'
import type { CouponRow } from './coupon-store.ts'
import type { CustomLine, CustomLineOrigin } from './custom-line-item.ts'

/** A merchant discount as the cart keeps it (`carts.merchant_discounts`): its value in minor units or basis points. */
export interface CartMerchantDiscount {
  id: string
  value: { type: 'AMOUNT'; amount: number } | { type: 'PERCENTAGE'; basisPoints: number }
  /** The lines it discounts; empty for the whole cart. */
  lineItemIds: string[]
  addedBy: CustomLineOrigin
}

export interface CartRow {
  id: string
  site_id: string
  owner_kind: 'visitor' | 'member'
  owner_id: string
  currency: string
  coupon_code: string | null
  cart_info: Record<string, unknown>
  /** The buyer's contact address and details, `null` until given (decision 044). */
  contact_info: ContactInfo | null
  /** Set by the merchant only (decision 044). */
  merchant_discounts: CartMerchantDiscount[]
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
  /** A line of the services catalogue: the booked slot it sells (decision 065); `null` for others. */
  service_properties: ServiceLineProperties | null
  /** A line of the tickets catalogue: the reservation it sells (decision 070); absent or `null` for others. */
  ticket_properties?: TicketLineProperties | null
  quantity: number
  created_date: Date
}

/** The slot a line of the services catalogue sells: its held booking and times (decision 065). */
export interface ServiceLineProperties {
  bookingId: string
  /** The appointment's start and end, ISO-8601 instants. */
  scheduledDate: string
  endDate: string
  /** The shop's time zone, in which the line shows its time. */
  timeZone: string
  /** The places the booking takes (a class's participants, decision 083); 1 when absent. The line's quantity. */
  numberOfParticipants?: number
  /**
   * How the shopper chose to pay for it on the bookings checkout (decision 085); absent: in full online,
   * as a slot in the current cart is.
   */
  paymentOption?: BookingPaymentOption | undefined
}

/** The ways a booked slot may be paid, by the spec's PaymentOptionType names (decision 085). */
export type BookingPaymentOption =
  | 'FULL_PAYMENT_ONLINE'
  | 'FULL_PAYMENT_OFFLINE'
  | 'MEMBERSHIP'
  | 'DEPOSIT_ONLINE'

/** The tickets a line of the tickets catalogue sells: its reservation and its event (decision 070). */
export interface TicketLineProperties {
  reservationId: string
  eventId: string
  eventTitle: string
  /** The event's start and end, ISO-8601 instants, and the zone it is held in. */
  startDate: string
  endDate: string
  timeZone: string
}

/** A service as a cart line names and prices it (the services catalogue's, as it is now). */
export interface SoldService {
  id: string
  name: string
  unitPriceMinor: number
  /** Where it takes place, for the booking's mail and calendar file; empty when the shop says nothing. */
  location: string
  /**
   * How a booked slot of it may be paid (decision 085): online, in person, with a plan that covers it;
   * absent (tickets) means online only.
   */
  paymentOptions?: readonly BookingPaymentOption[] | undefined
  /** A service's price as the merchant set it (a fixed price, free, on request) and its kind: its mail's words. */
  rateType?: 'FIXED' | 'NO_FEE' | 'CUSTOM' | undefined
  kind?: 'APPOINTMENT' | 'CLASS' | undefined
  /** The deposit a booked slot paid with DEPOSIT_ONLINE pays online per place, the rest later (decision 092). */
  depositMinor?: number | undefined
}

export interface CartWithLines {
  cart: CartRow
  lines: LineItemRow[]
}

type LineJson = Omit<LineItemRow, 'created_date'> & { created_date: string }

/** Lines read as JSON (`json_agg`), with their dates as dates again. */
function linesFromJson(lines: readonly LineJson[]): LineItemRow[] {
  return lines.map((line) => ({ ...line, created_date: new Date(line.created_date) }))
}

/** A cart's lines in order, as one JSON column of a statement that reads the cart (aliased `c`). */
const LINES_COLUMN = `coalesce((select json_agg(l order by l.position) from cart_line_items l
  where l.cart_id = c.id), '[]'::json) as cart_lines`

/** The caller's own cart, if it has one, read in one statement. */
export async function findOwnedCart(db: Db, caller: ShopperCaller): Promise<CartWithLines | undefined> {
  const row = await queryOne<CartRow & { cart_lines: LineJson[] }>(
    db,
    `select c.*, ${LINES_COLUMN} from carts c where c.site_id = $1 and c.owner_kind = $2 and c.owner_id = $3`,
    [caller.siteId, caller.kind, caller.subjectId],
  )
  if (!row) return undefined
  const { cart_lines, ...cart } = row
  return { cart, lines: linesFromJson(cart_lines) }
}

/** What a pricing of a cart reads with it: the catalogue version of the same snapshot and the site's setup. */
export interface CartPricingContext {
  /**
   * The version of the site's products as the cart's read saw it: its catalogue and stock versions together
   * (see `cart-products.ts`).
   */
  catalogueVersion: number
  /** The site's shipping, tax and fee setup as stored; `undefined` when the merchant has made none. */
  storedSettings: StoredCommerceSettings | undefined
}

/**
 * The version of a site's products that a cart's pricing keys on (`cart-products.ts`), from the SQL
 * expressions of the site's catalogue and stock versions: both together, so that a cart sees every sale
 * (decision 108).
 */
const productsVersion = (catalogue: string, stock: string) => `${catalogue} + ${stock}`
/** {@link productsVersion} of the site `s`. */
const SITE_PRODUCTS_VERSION = productsVersion('s.catalogue_version', 's.stock_version')

/** The commerce settings of the site of the cart `c`, as `findCartById` reads them. */
const COMMERCE_SETTINGS_COLUMN = `(select json_build_object('shipping', cs.shipping, 'tax', cs.tax,
       'additional_fees', cs.additional_fees)
     from commerce_settings cs where cs.site_id = c.site_id) as commerce_settings`

/** The cart `cartId` of the site `siteId` (SQL expressions), with what its pricing reads (`CartById`). */
const cartByIdSelect = (cartId: string, siteId: string) => `select c.*, ${LINES_COLUMN},
     (select ${SITE_PRODUCTS_VERSION} from sites s where s.id = c.site_id) as catalogue_version,
     ${COMMERCE_SETTINGS_COLUMN}
   from carts c where c.id = ${cartId} and c.site_id = ${siteId}`
// Prepared (decision 102): a hosted page whose checkout was read without its cart reads the cart this way.
const FIND_CART_BY_ID = prepared(cartByIdSelect('$1', '$2'))

/** A cart read by id with its lines, the site's catalogue version and commerce settings. */
export type CartById = CartWithLines & CartPricingContext

type CartByIdRow = CartRow & {
  cart_lines: LineJson[]
  catalogue_version: number
  commerce_settings: StoredCommerceSettings | null
}

function toCartById(row: CartByIdRow): CartById {
  const { cart_lines, catalogue_version, commerce_settings, ...cart } = row
  return {
    cart,
    lines: linesFromJson(cart_lines),
    catalogueVersion: Number(catalogue_version),
    storedSettings: commerce_settings ?? undefined,
  }
}

/**
 * A column `cart` of a statement that reads a checkout as `k`: its cart as `findCartById` reads it, as JSON
 * (null when the cart is gone), so that a hosted page reads its checkout and cart in one round trip; read
 * it with {@link cartOfCheckoutColumn}.
 */
export const CHECKOUT_CART_COLUMN = `(select to_json(found) from (${cartByIdSelect('k.cart_id', 'k.site_id')}) found) as cart`

/**
 * A column `cart` of a statement that joins a cart as `c` beside its site as `s` and locks both (placing an
 * order reads its checkout, site and cart locked in one statement): the cart as `findCartById` reads it, as
 * JSON, with the products' version of the row `s` as locked; read it with {@link cartOfCheckoutColumn}.
 */
export const JOINED_CART_COLUMN = `(select to_json(found) from (select c.*, ${LINES_COLUMN},
     ${SITE_PRODUCTS_VERSION} as catalogue_version, ${COMMERCE_SETTINGS_COLUMN}) found) as cart`

/** The cart of a {@link CHECKOUT_CART_COLUMN} or a {@link JOINED_CART_COLUMN}. */
export function cartOfCheckoutColumn(
  json: DatesAsText<CartByIdRow, 'created_date' | 'updated_date'> | null,
): CartById | undefined {
  return json ? toCartById(cartRowFromJson(json)) : undefined
}

/** A cart row read as JSON (`row_to_json`, `to_json`), with its dates as dates again. */
function cartRowFromJson<Row extends CartRow>(
  json: Omit<Row, 'created_date' | 'updated_date'> & { created_date: string; updated_date: string },
): Row {
  return {
    ...json,
    created_date: new Date(json.created_date),
    updated_date: new Date(json.updated_date),
  } as Row
}

/**
 * The cart with this id in the site, with its lines, the site's catalogue version and commerce settings,
 * in one statement (placing an order reads it locked with its checkout: `lockCheckoutForOrder`).
 * `undefined` when the site has no such cart.
 */
export async function findCartById(db: Db, siteId: string, cartId: string): Promise<CartById | undefined> {
  const row = await queryOne<CartByIdRow>(db, FIND_CART_BY_ID, [cartId, siteId])
  return row && toCartById(row)
}

/**
 * Locks the caller's cart for the rest of the transaction and marks it updated now, in one statement,
 * so concurrent writes to one cart take turns and none is lost. With `create`, a missing cart is
 * created (and `created` says so); without, a missing cart gives `undefined`.
 */
export async function lockCart(
  tx: Db,
  caller: ShopperCaller,
  options: { create: boolean; now: Date },
): Promise<{ cart: CartRow; created: boolean } | undefined> {
  const owner = [caller.siteId, caller.kind, caller.subjectId]
  const rows = options.create
    ? await tx.query<CartRow & { created: boolean }>(
        `insert into carts (id, site_id, owner_kind, owner_id, currency, created_date, updated_date)
         values ($4, $1, $2, $3, $5, $6, $6)
         on conflict (site_id, owner_kind, owner_id) do update set updated_date = excluded.updated_date
         returning *, (xmax = 0) as created`,
        [...owner, randomUUID(), caller.site.currency, options.now],
      )
    : await tx.query<CartRow & { created: boolean }>(
        `update carts set updated_date = $4 where site_id = $1 and owner_kind = $2 and owner_id = $3
         returning *, false as created`,
        [...owner, options.now],
      )
  const row = rows[0]
  if (!row) return undefined
  const { created, ...cart } = row
  return { cart, created }
}

/** Whose cart: a visitor or a member of a site (a `ShopperCaller` is one). */
export interface CartOwner {
  siteId: string
  kind: 'visitor' | 'member'
  subjectId: string
}

/**
 * Locks the owner's cart for the rest of the transaction and marks it updated now (a new row version,
 * as every cart writer makes: decision 018), and answers it with its lines, in one statement;
 * `undefined` when the owner has no cart.
 */
export async function lockOwnedCart(tx: Db, owner: CartOwner, now: Date): Promise<CartWithLines | undefined> {
  const row = await queryOne<CartRow & { cart_lines: LineJson[] }>(
    tx,
    `with c as (update carts set updated_date = $4 where site_id = $1 and owner_kind = $2 and owner_id = $3
                returning *)
     select c.*, ${LINES_COLUMN} from c`,
    [owner.siteId, owner.kind, owner.subjectId, now],
  )
  if (!row) return undefined
  const { cart_lines, ...cart } = row
  return { cart, lines: linesFromJson(cart_lines) }
}

/**
 * Locks the cart with this id in the site for the rest of the transaction and marks it updated now (a
 * new row version, as every cart writer makes: decision 018); `undefined` when the site has no such cart.
 */
export async function lockCartById(
  tx: Db,
  siteId: string,
  cartId: string,
  now: Date,
): Promise<CartRow | undefined> {
  return queryOne<CartRow>(
    tx,
    'update carts set updated_date = $3 where id = $1 and site_id = $2 returning *',
    [cartId, siteId, now],
  )
}

/** What a cart read or change reads: the caller, their cart if any, and the coupon the change names. */
export interface CartContents {
  /** The caller: as given, or as their access token proved; `undefined` when the token proved no one. */
  caller: ShopperCaller | undefined
  /** The version of the caller's site's products in the same snapshot, stock included (see `cart-products.ts`). */
  catalogueVersion: number | undefined
  /** The caller's cart as read, or `undefined` when they have none yet. */
  cart: CartRow | undefined
  /**
   * The cart row's version (`xmin`) as read. Every change to a cart or its lines updates the cart row
   * in the same transaction, so an unchanged version means unchanged lines too.
   */
  version: string | undefined
  lines: LineItemRow[]
  /** The coupon asked for, when it exists in the site. */
  coupon: CouponRow | undefined
  /**
   * The site's shipping, tax and fee setup as stored, read in the same statement for the pricing that
   * follows a read (`checkout/commerce-settings.ts` reads it: `settingsFromStored`); `undefined` when the
   * merchant has made none.
   */
  storedSettings: StoredCommerceSettings | undefined
}

/** A `commerce_settings` row's setup columns as the database holds them. */
export interface StoredCommerceSettings {
  shipping: unknown
  tax: unknown
  additional_fees: unknown
}

type DatesAsText<Row, Key extends keyof Row> = Omit<Row, Key> & {
  [K in Key]: Row[K] extends Date ? string : string | null
}
type CartJson = DatesAsText<CartRow, 'created_date' | 'updated_date'> & { row_version: string }
type CouponJson = DatesAsText<CouponRow, 'starts_at' | 'expires_at'>
type ContentsRow = {
  token: AccessTokenRow | null
  catalogue_version: number | null
  cart: CartJson | null
  cart_lines: LineJson[]
  cart_coupon: CouponJson | null
  commerce_settings: StoredCommerceSettings | null
}

const dateOrNull = (value: string | null) => (value === null ? null : new Date(value))

/**
 * The caller's cart with its version and lines, the site's catalogue version and the coupon `$1` names,
 * in one statement; `owner` (a `with` part) says whose cart: a known caller, or the caller an access
 * token proves, checked in the same statement.
 */
const contentsStatement = (owner: string) =>
  prepared(`with t as (${owner}),
     c as (select c.*, c.xmin::text as row_version from carts c
           join t on c.site_id = t.site_id and c.owner_kind = t.role and c.owner_id = t.subject_id)
     select (select row_to_json(t) from t) as token, (select ${productsVersion('site_catalogue_version', 'site_stock_version')} from t) as catalogue_version,
            (select row_to_json(c) from c) as cart,
            coalesce((select json_agg(l order by l.position) from cart_line_items l
                      where l.cart_id = (select id from c)), '[]'::json) as cart_lines,
            (select row_to_json(k) from coupons k
             where k.site_id = (select site_id from t) and lower(k.code) = lower($1::text)) as cart_coupon,
            (select json_build_object('shipping', cs.shipping, 'tax', cs.tax, 'additional_fees', cs.additional_fees)
             from commerce_settings cs where cs.site_id = (select site_id from t)) as commerce_settings`)

const CONTENTS_BY_CALLER = contentsStatement(
  `select s.id as site_id, $2::text as role, $3::uuid as subject_id, s.catalogue_version as site_catalogue_version,
          s.stock_version as site_stock_version
   from sites s where s.id = $4`,
)
const CONTENTS_BY_TOKEN = contentsStatement(accessTokenLookup({ hash: 2, now: 3 }))
const CONTENTS_BY_ID = contentsStatement(
  `select c.site_id, c.owner_kind as role, c.owner_id as subject_id, s.catalogue_version as site_catalogue_version,
          s.stock_version as site_stock_version
   from carts c join sites s on s.id = c.site_id where c.id = $2::uuid and c.site_id = $3::uuid`,
)

/** A contents statement's row as the cart's contents, with `caller` as the caller. */
function toCartContents(row: ContentsRow | undefined, caller: ShopperCaller | undefined): CartContents {
  const { row_version: version, ...cart } = row?.cart ?? { row_version: undefined }
  const kept = row?.cart_coupon
  return {
    caller,
    catalogueVersion: row?.catalogue_version ?? undefined,
    cart: row?.cart ? cartRowFromJson(cart as Omit<CartJson, 'row_version'>) : undefined,
    version,
    lines: linesFromJson(row?.cart_lines ?? []),
    coupon: kept
      ? { ...kept, starts_at: dateOrNull(kept.starts_at), expires_at: dateOrNull(kept.expires_at) }
      : undefined,
    storedSettings: row?.commerce_settings ?? undefined,
  }
}

/**
 * What a change to the cart of `who` reads first, in one statement (see `contentsStatement`): the
 * products its lines name come from `cart-products.ts`. A change either writes what it computes from
 * this on the condition that the cart is still at this version, or reads it after `lockCart` in a
 * transaction.
 */
export async function readCartContents(
  db: Db,
  who: ShopperCredential,
  couponCode?: string | undefined,
): Promise<CartContents> {
  const coupon = couponCode ?? null
  const [row] =
    who.kind === 'unchecked'
      ? await db.query<ContentsRow>(CONTENTS_BY_TOKEN, [coupon, who.tokenHash, who.now])
      : await db.query<ContentsRow>(CONTENTS_BY_CALLER, [coupon, who.kind, who.subjectId, who.siteId])
  const token = row?.token
  const caller = who.kind !== 'unchecked' ? who : token ? toAccessTokenRecord(token).caller : undefined
  return toCartContents(row, caller)
}

/**
 * The cart with this id in the merchant's site, read like a shopper's (see `contentsStatement`): its
 * version, lines, the site's catalogue version and the coupon `couponCode` names; `cart` is `undefined` when the site has no such cart.
 */
export async function readCartContentsById(
  db: Db,
  siteId: string,
  cartId: string,
  couponCode?: string | undefined,
): Promise<Omit<CartContents, 'caller'>> {
  const [row] = await db.query<ContentsRow>(CONTENTS_BY_ID, [couponCode ?? null, cartId, siteId])
  const { caller: _none, ...contents } = toCartContents(row, undefined)
  return contents
}

const VISIBLE_PRODUCTS = prepared(`select ${SITE_PRODUCTS_VERSION} as site_catalogue_version, p.*
  from sites s
  left join lateral (select ${PRODUCT_RECORD_COLUMNS}
                     from (select * from products where id = any($2::uuid[]) limit cardinality($2::uuid[])) p
                     where p.site_id = s.id and p.visible) p on true
  where s.id = $1`)

/**
 * The visible products of the site with these ids (UUIDs), and the site's catalogue version in the
 * same snapshot. They are found by primary key and only then held to the site: the inner `limit` keeps
 * the site's condition out of the lookup (with it, the generic plan scanned every product of the site,
 * once per id), and it tells the planner the lookup yields at most one row per id. Without that bound
 * (it was `offset 0`), the generic plan counted on 10 products per call and cost 9 times a custom one,
 * so PostgreSQL planned the statement anew on every call: 0.25 ms of planning for 0.09 ms of work.
 */
export async function readVisibleProducts(
  db: Db,
  siteId: string,
  ids: readonly string[],
): Promise<{ catalogueVersion: number; products: Map<string, ProductRecord> }> {
  type Row = { site_catalogue_version: number } & (
    | ProductRowWithRelations
    | { [K in keyof ProductRowWithRelations]: null }
  )
  const rows = await db.query<Row>(VISIBLE_PRODUCTS, [siteId, ids])
  const products = new Map<string, ProductRecord>()
  for (const { site_catalogue_version: _version, ...row } of rows) {
    if (row.id !== null) products.set(row.id, toProductRecord(row as ProductRowWithRelations))
  }
  const catalogueVersion = rows[0]?.site_catalogue_version
  if (catalogueVersion === undefined) throw new Error(`site ${siteId} is missing although a caller names it`)
  return { catalogueVersion, products }
}

export interface LineItemChange {
  /** An existing line to set the quantity of, or undefined for a new line. */
  lineId?: string
  appId: string
  catalogItemId: string | null
  variantId: string | null
  custom?: CustomLine
  /** A line of the services catalogue: the held slot it sells (decision 082). */
  serviceProperties?: ServiceLineProperties
  quantity: number
}

/**
 * The cart's lines after a change: `removed` lines gone, existing lines with their new quantities,
 * new lines appended with fresh ids. `saved` are the rows to write (new and changed lines).
 */
export function applyLineChanges(
  lines: readonly LineItemRow[],
  cartId: string,
  change: { changes: readonly LineItemChange[]; removed?: readonly string[] },
  now: Date,
): { lines: LineItemRow[]; saved: LineItemRow[] } {
  const removed = new Set(change.removed ?? [])
  const after = new Map(lines.filter((line) => !removed.has(line.id)).map((line) => [line.id, line]))
  let position = lines.reduce((max, line) => Math.max(max, line.position), 0)
  const saved: LineItemRow[] = []
  for (const item of change.changes) {
    const existing = item.lineId === undefined ? undefined : after.get(item.lineId)
    const line: LineItemRow = existing
      ? { ...existing, quantity: item.quantity }
      : {
          id: randomUUID(),
          cart_id: cartId,
          position: ++position,
          app_id: item.appId,
          catalog_item_id: item.catalogItemId,
          variant_id: item.variantId,
          custom: item.custom ?? null,
          service_properties: item.serviceProperties ?? null,
          quantity: item.quantity,
          created_date: now,
        }
    after.set(line.id, line)
    saved.push(line)
  }
  return { lines: [...after.values()].sort((a, b) => a.position - b.position), saved }
}

/**
 * What a cart write is conditional on: an existing cart still at the `version` it was read at (`null`
 * when the writer holds the cart's row lock), or a new cart (`cart`) that its owner still lacks.
 */
export type CartGuard = { version: string | null } | { create: CartRow }

/** One change to a cart, written by `writeCartChange`. */
export interface CartWrite {
  cartId: string
  guard: CartGuard
  removedLineIds?: readonly string[]
  /** New lines and lines with a new quantity. */
  savedLines?: readonly LineItemRow[]
  /**
   * The cart's own fields; `undefined` leaves a field as it is. `owner` gives an existing cart to
   * another owner (a visitor's cart to the member who logged in).
   */
  fields?: {
    couponCode?: string | null | undefined
    cartInfo?: Record<string, unknown> | undefined
    /** `null` removes the contact. */
    contactInfo?: ContactInfo | null | undefined
    /** The merchant's discounts, replacing those the cart had. */
    merchantDiscounts?: readonly CartMerchantDiscount[] | undefined
    owner?: { kind: 'visitor' | 'member'; id: string } | undefined
  }
  /** The event that records the change in the outbox. */
  event?: OutboxEvent
}

/**
 * Writes a cart change, lines removed and saved, fields set and its event recorded, in one statement
 * (data-modifying `with` parts) that does it all or, when its guard fails, nothing: the cart row is
 * updated (or created) first, and every other part is conditional on that row. Answers whether the
 * change was written. One statement is atomic, so a change written this way needs no transaction.
 */
export async function writeCartChange(tx: Db, write: CartWrite, now: Date): Promise<boolean> {
  const fields = write.fields ?? {}
  // The statement has only the parts this change needs (each variant is prepared once), and numbers its
  // parameters as it goes, so that every one it sends is one it uses.
  const params: unknown[] = []
  const param = (value: unknown, type: string) => {
    params.push(value)
    return `$${params.length}::${type}`
  }
  const cartId = param(write.cartId, 'uuid')
  const stamp = param(now, 'timestamptz')
  const couponSet = fields.couponCode !== undefined
  const coupon = couponSet ? param(fields.couponCode, 'text') : undefined
  const info = fields.cartInfo ? param(JSON.stringify(fields.cartInfo), 'jsonb') : undefined
  const contactSet = fields.contactInfo !== undefined
  const contact = contactSet
    ? param(fields.contactInfo && JSON.stringify(fields.contactInfo), 'jsonb')
    : undefined
  const discounts = fields.merchantDiscounts
    ? param(JSON.stringify(fields.merchantDiscounts), 'jsonb')
    : undefined
  const guard = write.guard
  const parts: string[] = []
  if ('create' in guard) {
    const cart = guard.create
    const owner = [
      param(cart.site_id, 'uuid'),
      param(cart.owner_kind, 'text'),
      param(cart.owner_id, 'uuid'),
      param(cart.currency, 'text'),
    ].join(', ')
    parts.push(`target as (
       insert into carts (id, site_id, owner_kind, owner_id, currency, coupon_code, cart_info, contact_info,
                          merchant_discounts, created_date, updated_date)
       values (${cartId}, ${owner}, ${coupon ?? 'null'}, ${info ?? "'{}'"}, ${contact ?? 'null'},
               ${discounts ?? "'[]'"}, ${stamp}, ${stamp})
       on conflict (site_id, owner_kind, owner_id) do nothing
       returning id)`)
  } else {
    const version = guard.version === null ? '' : ` and xmin = ${param(guard.version, 'xid')}`
    const owner = fields.owner
    const sets = [
      `updated_date = ${stamp}`,
      ...(coupon ? [`coupon_code = ${coupon}`] : []),
      ...(info ? [`cart_info = ${info}`] : []),
      ...(contact ? [`contact_info = ${contact}`] : []),
      ...(discounts ? [`merchant_discounts = ${discounts}`] : []),
      ...(owner
        ? [`owner_kind = ${param(owner.kind, 'text')}`, `owner_id = ${param(owner.id, 'uuid')}`]
        : []),
    ]
    parts.push(`target as (
       update carts set ${sets.join(', ')} where id = ${cartId}${version} returning id)`)
  }
  if (write.removedLineIds?.length) {
    parts.push(`removed as (
       delete from cart_line_items
       where cart_id = (select id from target) and id = any(${param(write.removedLineIds, 'uuid[]')}))`)
  }
  if (write.savedLines?.length) {
    parts.push(`saved as (
       insert into cart_line_items (id, cart_id, position, app_id, catalog_item_id, variant_id, custom,
         service_properties, ticket_properties, quantity, created_date)
       select x.id, target.id, x.position, x.app_id, x.catalog_item_id, x.variant_id, x.custom,
         x.service_properties, x.ticket_properties, x.quantity, x.created_date
       from target, jsonb_to_recordset(${param(JSON.stringify(write.savedLines), 'jsonb')})
            as x(id uuid, position integer, app_id text, catalog_item_id text, variant_id uuid, custom jsonb,
                 service_properties jsonb, ticket_properties jsonb, quantity integer, created_date timestamptz)
       on conflict (id) do update set quantity = excluded.quantity where cart_line_items.cart_id = ${cartId})`)
  }
  if (write.event) {
    const event = eventInsert(write.event, now, params.length + 1, { from: 'target' })
    params.push(...event.params)
    parts.push(`recorded as (${event.sql})`)
  }
  const rows = await tx.query<{ written: number }>(
    prepared(`with ${parts.join(', ')} select count(*)::int as written from target`),
    params,
  )
  return (rows[0]?.written ?? 0) > 0
}

/** Deletes the cart and its lines, and records `event` in the same statement when given. */
export async function deleteCart(tx: Db, cartId: string, event?: { event: OutboxEvent; now: Date }) {
  const insert = event && eventInsert(event.event, event.now, 2)
  await tx.query(
    insert
      ? `with gone as (delete from carts where id = $1) ${insert.sql}`
      : 'delete from carts where id = $1',
    insert ? [cartId, ...insert.params] : [cartId],
  )
}
