import { getAisle } from '../platform/aisle.server'
import { toSiteUrl } from '../platform/config.server'
import { toRouteError } from '../platform/route-error.server'
import { toSitemapXml } from '../seo/crawler-files'
import { listSitemapEntries } from '../seo/sitemap-entries.server'
import type { Route } from './+types/sitemap'

/**
 * `/sitemap.xml`: the home page, the catalogue, every collection and every product. Shared caches may keep it
 * for an hour (unless this request had to set the visitor's cookie, which the root middleware makes private).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { publicClient, config } = getAisle(context)
  let entries: Awaited<ReturnType<typeof listSitemapEntries>>
  try {
    entries = await listSitemapEntries(publicClient)
  } catch (error) {
    throw toRouteError(error)
  }
  return new Response(toSitemapXml(toSiteUrl(config, request), entries), {
    headers: {
      'Content-Type': 'application/xml; charset=utf-8',
      'Cache-Control': 'public, max-age=0, s-maxage=3600, stale-while-revalidate=86400',
    },
  })
}
