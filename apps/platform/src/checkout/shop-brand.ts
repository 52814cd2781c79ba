import type { Db } from '../db/db.ts'
import type { ShopBrand } from '../pages/shop-frame.tsx'
import { getShopDetails, type Site } from '../sites/site-store.ts'
import { findShopLogo, shopLogoOfMedia } from './shop-icon.ts'

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
  return {
    name: details.name,
    brandColour: details.brandColour,
    accentColour: details.accentColour,
    logo: logo && { url: logo.url, width: logo.width, height: logo.height },
    homeUrl: options.homeUrl ? `${new URL(options.homeUrl).origin}/` : undefined,
  }
}
