import type { Db } from '../db/db.ts'
import { queryOne } from '../db/db.ts'

export interface Site {
  id: string
  name: string
  currency: string
  locale: string
  weightUnit: 'KG' | 'LB'
  /**
   * Bumped by every change to the site's catalogue but a change of stock counts (a trigger does it): the key
   * of cached reads.
   */
  catalogueVersion: number
  /**
   * Bumped by every change of stock counts only (a sale, a return; migration 043): a cached answer made before
   * it is still good unless it shows one of the products it names (`catalogue/stock-changes.ts`).
   */
  stockVersion: number
  /** Whether the checkout asks for the recipient's phone (decision 059). */
  checkoutPhone: CheckoutPhoneRule
  /** The IANA time zone the dashboard shows times in (decision 087). */
  timeZone: string
  /** What its hosted pages wear (decision 087): colours and the media id of its logo, if any. */
  brand: { brandColour: string; accentColour: string; logoMediaId: string | null }
}

/** Whether a shop's checkout asks for the recipient's phone: not at all, optionally, or always. */
export type CheckoutPhoneRule = 'HIDDEN' | 'OPTIONAL' | 'REQUIRED'

/** The columns of a site, for statements that read it beside something else (`s` is the site's alias). */
export const siteColumns =
  's.id as site_id, s.name as site_name, s.currency as site_currency, s.locale as site_locale, s.weight_unit as site_weight_unit, s.catalogue_version as site_catalogue_version, s.stock_version as site_stock_version, s.checkout_phone as site_checkout_phone, s.time_zone as site_time_zone, s.brand_colour as site_brand_colour, s.accent_colour as site_accent_colour, s.logo_media_id as site_logo_media_id'

/** The site of a row read with `siteColumns`. */
export interface SiteColumns {
  site_id: string
  site_name: string
  site_currency: string
  site_locale: string
  site_weight_unit: 'KG' | 'LB'
  site_catalogue_version: number
  site_stock_version: number
  site_checkout_phone: CheckoutPhoneRule
  site_time_zone: string
  site_brand_colour: string
  site_accent_colour: string
  site_logo_media_id: string | null
}

export function toSite(row: SiteColumns): Site {
  return {
    id: row.site_id,
    name: row.site_name,
    currency: row.site_currency,
    locale: row.site_locale,
    weightUnit: row.site_weight_unit,
    catalogueVersion: row.site_catalogue_version,
    stockVersion: row.site_stock_version,
    checkoutPhone: row.site_checkout_phone,
    timeZone: row.site_time_zone,
    brand: {
      brandColour: row.site_brand_colour,
      accentColour: row.site_accent_colour,
      logoMediaId: row.site_logo_media_id,
    },
  }
}

/**
 * Locks the site's row until the transaction ends: writers that must take turns per site queue here. The lock
 * is `for no key update`, not `for update`: a row that names the site (a booking's hold, an order) checks its
 * key with `for key share`, which must not wait behind it, or a writer holding a calendar while it inserts such a
 * row and one holding the site while it waits for that calendar deadlock (holding a slot and placing an order
 * did: `bookings/hold-beside-site-lock.test.ts`).
 */
export async function lockSite(tx: Db, siteId: string): Promise<void> {
  await tx.query('select 1 from sites where id = $1 for no key update', [siteId])
}

/** The site with this id, or undefined: for an id no credential vouches for (a cookie that only sets a page's look). */
export async function findSite(db: Db, siteId: string): Promise<Site | undefined> {
  const row = await queryOne<SiteColumns>(db, `select ${siteColumns} from sites s where s.id = $1`, [siteId])
  return row && toSite(row)
}

/** The site, which every token and key belongs to; it must exist for any caller. */
export async function getSite(db: Db, siteId: string): Promise<Site> {
  const row = await queryOne<SiteColumns>(db, `select ${siteColumns} from sites s where s.id = $1`, [siteId])
  if (!row) throw new Error(`site ${siteId} is missing although a credential names it`)
  return toSite(row)
}

/** What the shop shows of itself to buyers beyond its catalogue: its name, and the colours its mails wear. */
export interface ShopDetails {
  name: string
  /** The mail header's background, `#rrggbb`. */
  brandColour: string
  /** Links and buttons in mails, `#rrggbb`. */
  accentColour: string
  /** Whether the checkout asks for the recipient's phone. */
  checkoutPhone: CheckoutPhoneRule
  /** The IANA time zone the dashboard shows times in ("Europe/Berlin"); "UTC" until the owner sets one. */
  timeZone: string
}

/** The site's shop details. */
export async function getShopDetails(db: Db, siteId: string): Promise<ShopDetails> {
  const row = await queryOne<{
    name: string
    brand_colour: string
    accent_colour: string
    checkout_phone: CheckoutPhoneRule
    time_zone: string
  }>(db, 'select name, brand_colour, accent_colour, checkout_phone, time_zone from sites where id = $1', [
    siteId,
  ])
  if (!row) throw new Error(`site ${siteId} is missing although a credential names it`)
  return {
    name: row.name,
    brandColour: row.brand_colour,
    accentColour: row.accent_colour,
    checkoutPhone: row.checkout_phone,
    timeZone: row.time_zone,
  }
}

/** The IANA time zone the site's dashboard shows times in. */
export async function getShopTimeZone(db: Db, siteId: string): Promise<string> {
  const row = await queryOne<{ time_zone: string }>(db, 'select time_zone from sites where id = $1', [siteId])
  return row?.time_zone ?? 'UTC'
}

/** Stores the site's shop details as given (`updateShopDetails` checks them first). */
export async function saveShopDetails(db: Db, siteId: string, details: ShopDetails): Promise<void> {
  await db.query(
    'update sites set name = $2, brand_colour = $3, accent_colour = $4, checkout_phone = $5, time_zone = $6 where id = $1',
    [
      siteId,
      details.name,
      details.brandColour,
      details.accentColour,
      details.checkoutPhone,
      details.timeZone,
    ],
  )
}
