import { SITE_ICON_SVG } from '../layout/site-icon'
import { getAisle } from '../platform/aisle.server'
import { findSharedShopInfo } from '../store/shop-info.server'
import type { Route } from './+types/favicon'

/**
 * `/favicon.svg` and `/favicon.ico`: the shop's icon, so that no first visit logs a 404 for it. An icon set in
 * the shop's settings (its shop info) is a redirect to that picture, five minutes in caches so a new one
 * shows soon; the storefront's own SVG otherwise (and when the shop info cannot be read), a week in caches.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const shop = await findSharedShopInfo(getAisle(context).publicClient)
  if (shop?.iconUrl) {
    return new Response(null, {
      status: 302,
      headers: { Location: shop.iconUrl, 'Cache-Control': 'public, max-age=300' },
    })
  }
  return new Response(SITE_ICON_SVG, {
    headers: { 'Content-Type': 'image/svg+xml', 'Cache-Control': 'public, max-age=604800' },
  })
}
