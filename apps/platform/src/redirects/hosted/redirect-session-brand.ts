import { loadShopBrand } from '../../checkout/shop-brand.ts'
import type { Db } from '../../db/db.ts'
import type { ShopBrand } from '../../pages/shop-frame.tsx'
import type { Site } from '../../sites/site-store.ts'
import { findRedirectSessionOfAnyState, type RedirectSession } from '../redirect-session-store.ts'

/**
 * Where "back to the shop" leads from a hosted page: the origin its answer would have gone to (an OAuth
 * client's registered redirect URI, or the session's `postFlowUrl`, checked against the shop's registered
 * origins when the session was made). Never a URL from the page's query: no open redirect.
 */
export function shopHomeOf(session: RedirectSession): string | undefined {
  const target =
    session.kind === 'auth'
      ? (session.input as { redirectUri?: string }).redirectUri
      : session.callbacks.postFlowUrl
  return target ? `${new URL(target).origin}/` : undefined
}

/**
 * The brand a redirect session's hosted page wears (decision 087), "Back to <shop>" leading to `shopHomeOf`.
 * A page that read its `site` already passes it, so the brand reads only its logo.
 */
export function sessionBrandOf(
  db: Db,
  session: RedirectSession,
  publicUrl: string,
  site?: Site,
): Promise<ShopBrand> {
  return loadShopBrand(db, session.siteId, { publicUrl, homeUrl: shopHomeOf(session), site })
}

/**
 * The shop a hosted message page is for, from the session token in its link even when that session is
 * spent or expired ("This link cannot be used", decision 100): its id (the page's icon) and brand, with
 * "Back to <shop>" as `shopHomeOf` says. Undefined for a token of no session: Aisle's own page.
 */
export async function brandOfSessionToken(
  db: Db,
  token: string | undefined,
  publicUrl: string,
): Promise<MessageShop | undefined> {
  const session = await findRedirectSessionOfAnyState(db, token)
  return session && { siteId: session.siteId, brand: await sessionBrandOf(db, session, publicUrl) }
}

/**
 * The shop a hosted page that no redirect session names is for (the hosted logout of a known client, a spent
 * password link): its id and brand, "Back to <shop>" leading to the origin of `checkedReturnUrl`, a return
 * address the platform checked against the shop's registered ones before (never one from the page's query
 * unchecked), or nowhere.
 */
export async function messageShopOf(
  db: Db,
  siteId: string,
  checkedReturnUrl: string | undefined,
  publicUrl: string,
): Promise<MessageShop> {
  const homeUrl = checkedReturnUrl ? `${new URL(checkedReturnUrl).origin}/` : undefined
  return { siteId, brand: await loadShopBrand(db, siteId, { publicUrl, homeUrl }) }
}

/** The shop a hosted message page wears: its id for the icon, its brand for the header and way back. */
export interface MessageShop {
  siteId: string
  brand: ShopBrand
}
