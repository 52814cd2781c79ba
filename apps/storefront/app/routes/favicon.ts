import { SITE_ICON_SVG } from '../layout/site-icon'

/**
 * `/favicon.svg` and `/favicon.ico`: the site's icon, so that no first visit logs a 404 for it. A week in
 * caches: the address carries no version, so a new icon must be able to replace the old one.
 */
export function loader() {
  return new Response(SITE_ICON_SVG, {
    headers: { 'Content-Type': 'image/svg+xml', 'Cache-Control': 'public, max-age=604800' },
  })
}
