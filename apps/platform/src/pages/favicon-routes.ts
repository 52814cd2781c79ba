import { z } from 'zod'
import type { Api } from '../http/api.ts'

/** Where the platform's pages name their icon when they belong to no shop (developer pages). */
export const FAVICON_PATH = '/favicon.svg'

/** Where the platform's pages for a shop (hosted pages, its dashboard) name its icon. */
export function toShopIconPath(siteId: string): string {
  return `/sites/${siteId}/icon`
}

/** A shopping bag on a rounded square: small enough to send inline, drawn without fonts. */
const FAVICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">' +
  '<rect width="32" height="32" rx="7" fill="#1f3a5f"/>' +
  '<path d="M12.5 12v-2a3.5 3.5 0 0 1 7 0v2" fill="none" stroke="#fff" stroke-width="2"/>' +
  '<path d="M8.5 12h15l-1.5 13h-12z" fill="#fff"/>' +
  '</svg>\n'

/** The platform's own icon as an answer, kept in caches as long as `cacheControl` says. */
export function defaultIconResponse(cacheControl: string): Response {
  return new Response(FAVICON_SVG, {
    headers: {
      'content-type': 'image/svg+xml',
      'cache-control': cacheControl,
      // A document of its own when opened: it may run and load nothing.
      'content-security-policy': "default-src 'none'",
    },
  })
}

/**
 * `GET /favicon.svg` and `GET /favicon.ico`: the platform's icon, so that no first visit logs a 404 for it
 * (browsers ask for `/favicon.ico` whatever the page names). A week in caches: the address carries no
 * version, so a new icon must be able to replace the old one.
 */
export function registerFaviconRoutes(api: Api) {
  for (const [path, operationId] of [
    [FAVICON_PATH, 'favicon'],
    ['/favicon.ico', 'faviconIco'],
  ] as const) {
    api.route(
      {
        method: 'get',
        path,
        operationId,
        summary: 'The icon of the platform’s pages (an SVG image)',
        tag: 'System',
        auth: 'none',
        response: z.string().describe('an SVG image'),
      },
      async () => defaultIconResponse('public, max-age=604800'),
    )
  }
}
