import { getAisle } from '../platform/aisle.server'
import { toSiteUrl } from '../platform/config.server'
import { toRobotsTxt } from '../seo/crawler-files'
import type { Route } from './+types/robots'

/** `/robots.txt`: crawlers may read the catalogue, not the visitor's own pages; it names the sitemap. */
export function loader({ request, context }: Route.LoaderArgs) {
  return new Response(toRobotsTxt(toSiteUrl(getAisle(context).config, request)), {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  })
}
