import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import type { Clock } from '../clock.ts'
import type { Db } from '../db/db.ts'
import { queryOne } from '../db/db.ts'
import type { Api } from '../http/api.ts'
import { ApplicationError, ValidationError } from '../http/errors.ts'
import { readImageInfo } from './image-size.ts'

export const MEDIA_UPLOAD_PATH = '/stores/v1/media'
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024

const MediaFileSchema = z.object({
  id: z.string(),
  mediaType: z.literal('image'),
  image: z.object({ url: z.string(), width: z.number(), height: z.number() }),
})

/** `GET /media/:id`: product and collection images, served like a CDN would (public, immutable). */
export function registerMediaRoutes(api: Api, deps: { db: Db; clock: Clock; publicUrl: string }) {
  api.route(
    {
      method: 'post',
      path: MEDIA_UPLOAD_PATH,
      operationId: 'uploadMedia',
      summary:
        'Upload an image (PNG, JPEG, GIF or WebP, recognised by its bytes) for products and collections',
      tag: 'Catalogue (write)',
      auth: 'merchant',
      permission: 'catalogue',
      upload: ['image/png', 'image/jpeg', 'image/gif', 'image/webp'],
      response: z.object({ media: MediaFileSchema }),
    },
    async ({ caller }, c) => {
      const bytes = new Uint8Array(await c.req.arrayBuffer())
      const info = readImageInfo(bytes)
      if (!info) {
        throw new ValidationError([
          { field: '$body', description: 'must be a PNG, JPEG, GIF or WebP image', violatedRule: 'FORMAT' },
        ])
      }
      const id = randomUUID()
      const fileName = (c.req.header('x-file-name') ?? '').replace(/[^\w.\- ]/g, '').slice(0, 100) || null
      await deps.db.query(
        `insert into media_files (id, site_id, content_type, bytes, created_date, width, height, file_name)
         values ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [id, caller.siteId, info.contentType, bytes, deps.clock(), info.width, info.height, fileName],
      )
      return {
        media: {
          id,
          mediaType: 'image' as const,
          image: { url: `${deps.publicUrl}/media/${id}`, width: info.width, height: info.height },
        },
      }
    },
  )

  api.route(
    {
      method: 'get',
      path: '/media/:id',
      operationId: 'getMediaFile',
      summary: 'Download a media file',
      tag: 'Media',
      auth: 'none',
      params: z.object({ id: z.guid({ message: 'must be an id (UUID)' }) }),
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
