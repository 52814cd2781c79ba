import { z } from 'zod'
import type { Db } from '../db/db.ts'
import type { Api } from '../http/api.ts'
import { IdParam } from '../http/validation.ts'
import { defaultIconResponse, toShopIconPath } from '../pages/favicon-routes.ts'
import { findShopIcon } from './shop-icon.ts'

/**
 * `GET /sites/{id}/icon` (`toShopIconPath`), which the platform's pages for a shop name as their icon: a
 * redirect to the picture set in its shop details, or the platform's default; five minutes in caches, so a
 * new icon shows soon after it is saved.
 */
export function registerShopIconRoute(api: Api, deps: { db: Db; publicUrl: string }) {
  api.route(
    {
      method: 'get',
      path: toShopIconPath(':id'),
      operationId: 'shopIcon',
      summary: 'A shop’s icon: a redirect to the picture set in its shop details, or the default SVG image',
      tag: 'System',
      auth: 'none',
      params: IdParam,
      response: z.string().describe('an SVG image, or a redirect to the shop’s picture'),
    },
    async ({ params }) => {
      const icon = await findShopIcon(deps.db, params.id, deps.publicUrl)
      const cacheControl = 'public, max-age=300'
      if (!icon) return defaultIconResponse(cacheControl)
      return new Response(null, {
        status: 302,
        headers: { location: icon.url, 'cache-control': cacheControl },
      })
    },
  )
}
