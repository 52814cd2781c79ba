import type { Db } from '../db/db.ts'
import { sizesOf } from '../media/media-file-store.ts'
import type { ShopBrand } from '../pages/shop-frame.tsx'
import { getShopDetails, type Site } from '../sites/site-store.ts'
import { findShopLogo, shopLogoOfFile, shopLogoOfMedia } from './shop-icon.ts'

/**
 * The brand a shop's hosted pages wear: its name, colours and logo from its shop details, and its home.
 * `homeUrl` must be a URL the platform checked against the shop's registered origins (a redirect session's
 * callback, an OAuth client's redirect URI): only its origin is kept, so "Back to <shop>" leads to the
 * shop's front page and never to a path or URL a link's query chose.
 */
export async function loadShopBrand(
  db: Db,
  siteId: string,
  options: { publicUrl: string; homeUrl?: string | undefined; site?: Site | undefined },
): Promise<ShopBrand> {
  // A page that read its site already knows the name, colours and logo's id: only a logo costs a statement.
  const [details, logo] = options.site
    ? [
        { name: options.site.name, ...options.site.brand },
        options.site.brand.logoMediaId
          ? await shopLogoOfMedia(db, options.site.brand.logoMediaId, options.publicUrl)
          : undefined,
      ]
    : await Promise.all([getShopDetails(db, siteId), findShopLogo(db, siteId, options.publicUrl)])
  return shopBrandOf(details, logo, options.homeUrl)
}

/** A shop's brand from its name, colours, logo and a checked home address, of which only the origin is kept. */
function shopBrandOf(
  details: { name: string; brandColour: string; accentColour: string },
  logo: { url: string; width: number; height: number } | undefined,
  homeUrl: string | null | undefined,
): ShopBrand {
  return {
    name: details.name,
    brandColour: details.brandColour,
    accentColour: details.accentColour,
    logo: logo && { url: logo.url, width: logo.width, height: logo.height },
    homeUrl: homeUrl ? `${new URL(homeUrl).origin}/` : undefined,
  }
}

/**
 * The shop a payment is for, as columns read with the payment's own row (`findTestPaymentWithShop`): its
 * site's name and colours, its checkout's return address, and its logo's media row. All null when the
 * payment belongs to no platform payment.
 */
export interface PaymentShopRow {
  shop_site_id: string | null
  shop_name: string | null
  shop_brand_colour: string | null
  shop_accent_colour: string | null
  /** The checkout's `postFlowUrl` (else `cartPageUrl`), checked against the shop's origins when it was set. */
  shop_home_url: string | null
  logo_id: string | null
  logo_content_type: string | null
  logo_width: number | null
  logo_height: number | null
  logo_in_storage: boolean | null
}

/**
 * The brand a payment's page wears (decision 095): its shop's name, colours and logo, and "Back to <shop>"
 * leading to the origin of its checkout's return address. Costs no statement of its own: the shop comes with
 * the payment's read. Undefined when the payment belongs to no shop, and the page is the provider's own.
 */
export function paymentBrandOf(row: PaymentShopRow, publicUrl: string): ShopBrand | undefined {
  if (row.shop_name === null || row.shop_brand_colour === null || row.shop_accent_colour === null)
    return undefined
  const logo =
    row.logo_id === null || row.logo_content_type === null
      ? undefined
      : shopLogoOfFile(
          {
            id: row.logo_id,
            width: row.logo_width ?? 0,
            height: row.logo_height ?? 0,
            sizes: sizesOf({
              in_storage: row.logo_in_storage ?? false,
              content_type: row.logo_content_type,
              width: row.logo_width,
              height: row.logo_height,
            }),
          },
          publicUrl,
        )
  return shopBrandOf(
    { name: row.shop_name, brandColour: row.shop_brand_colour, accentColour: row.shop_accent_colour },
    logo,
    row.shop_home_url,
  )
}
