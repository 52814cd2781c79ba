import { z } from 'zod'
import type { Db } from '../db/db.ts'
import { queryOne } from '../db/db.ts'
import type { Api } from '../http/api.ts'
import { ApplicationError } from '../http/errors.ts'

/** `GET /media/:id`: product and collection images, served like a CDN would (public, immutable). */
export function registerMediaRoutes(api: Api, deps: { db: Db }) {
  api.route(
    {
      method: 'get',
      path: '/media/:id',
      operationId: 'getMediaFile',
      summary: 'Download a media file',
      tag: 'Media',
      auth: 'none',
      params: z.object({ id: z.uuid({ message: 'must be an id (UUID)' }) }),
      response: z.string().describe('the file bytes, in the content type it was stored with'),
    },
    async ({ params }) => {
      const file = await queryOne<{ content_type: string; bytes: Uint8Array }>(
        deps.db,
        'select content_type, bytes from media_files where id = $1',
        [params.id],
      )
      if (!file)
        throw new ApplicationError('MEDIA_NOT_FOUND', `Media file ${params.id} was not found`, {
          id: params.id,
        })
      return new Response(new Uint8Array(file.bytes), {
        headers: {
          'content-type': file.content_type,
          'cache-control': 'public, max-age=31536000, immutable',
          'x-content-type-options': 'nosniff',
          // An uploaded SVG must never run script in the platform's origin.
          'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
        },
      })
    },
  )
}
