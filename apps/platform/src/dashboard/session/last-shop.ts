import { loadShopBrand } from '../../checkout/shop-brand.ts'
import type { Db } from '../../db/db.ts'
import type { ShopBrand } from '../../pages/shop-frame.tsx'
import { findSite } from '../../sites/site-store.ts'
import { dashboardCookie } from './owner-session.ts'

/**
 * Remembers the shop this browser last signed in to, by its site id alone, so the sign-in page can wear its
 * brand (decision 095). It sets the page's look and nothing else: no session, site or right is ever read
 * from it, and a forged one shows at most another shop's public name and colours.
 */
export const LAST_SHOP_COOKIE = 'aisle_dashboard_shop'

/** Browsers keep a cookie at most 400 days. */
const LAST_SHOP_SECONDS = 400 * 24 * 60 * 60
const SITE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The `Set-Cookie` that remembers the shop signed in to; kept on sign-out, so the next sign-in is branded. */
export function lastShopCookie(siteId: string, secure: boolean): string {
  return dashboardCookie(LAST_SHOP_COOKIE, siteId, LAST_SHOP_SECONDS, secure)
}

/**
 * The brand of the shop the cookie names (its name, colours and logo; no way back, as the dashboard has no
 * shop front it may lead to), or undefined for none, a value that is no site id, or a site that is not
 * there: then the page is Aisle's own. One statement, two with a logo.
 */
export async function findLastShopBrand(
  db: Db,
  cookie: string | undefined,
  publicUrl: string,
): Promise<ShopBrand | undefined> {
  if (!cookie || !SITE_ID.test(cookie)) return undefined
  const site = await findSite(db, cookie.toLowerCase())
  return site && loadShopBrand(db, site.id, { publicUrl, site })
}
