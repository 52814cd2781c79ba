import type { Context } from 'hono'
import { z } from 'zod'
import type { Api, AppEnv } from '../http/api.ts'
import { matchesETag } from '../http/entity-tags.ts'
import { ApplicationError } from '../http/errors.ts'
import { Id, IdParam } from '../http/validation.ts'
import { parseByteRange } from './byte-ranges.ts'
import { findMediaFile, type MediaFile } from './media-file-store.ts'
import { type ByteRange, callStorage, mediaObjectKey, originalFileName } from './media-storage.ts'
import { MAX_IMAGE_BYTES, type MediaDeps, uploadMedia } from './media-uploads.ts'
import {
  mediaFileUrl,
  mediaSizeUrl,
  WireImageSchema,
  WireThumbnailSchema,
  WireVideoSchema,
} from './media-wire.ts'
import { createRenditionQueue, renderAndKeepSvgRendition, renditionKey } from './svg-renditions.ts'
import { uploadVideo, VIDEO_UPLOAD_PATH } from './video-uploads.ts'

export const MEDIA_UPLOAD_PATH = '/stores/v1/media'
export const MAX_UPLOAD_BYTES = MAX_IMAGE_BYTES

/** Media URLs never change what they answer (a new upload gets a new id), so caches may keep them. */
const IMMUTABLE = 'public, max-age=31536000, immutable'

const MediaFileSchema = z.object({
  id: z.string(),
  mediaType: z.literal('image'),
  title: z.string(),
  image: WireImageSchema,
  thumbnail: WireThumbnailSchema,
})

const VideoFileSchema = z.object({
  id: z.string(),
  mediaType: z.literal('video'),
  title: z.string(),
  video: WireVideoSchema,
})

/** The derived size a request for `width` gets: the narrowest at least as wide, else the widest. */
function pickSize(file: MediaFile, width: number) {
  return file.sizes.find((s) => s.width >= width) ?? file.sizes.at(-1)
}

/**
 * `POST /stores/v1/media` (merchant upload) and `GET /media/:id`, `GET /media/:id/:size` (public
 * serving, like a CDN: immutable, with ETags). The upload is answered once the original and every
 * derived size are stored, so each URL in the answer already works.
 */
export function registerMediaRoutes(api: Api, deps: MediaDeps) {
  const { db, storage, publicUrl, logger } = deps
  const renditions = createRenditionQueue()

  api.route(
    {
      method: 'post',
      path: MEDIA_UPLOAD_PATH,
      operationId: 'uploadMedia',
      summary:
        'Upload an image (PNG, JPEG, GIF or WebP, recognised by its bytes); answered once its WebP sizes are stored',
      tag: 'Catalogue (write)',
      auth: 'merchant',
      permission: 'catalogue',
      upload: ['image/png', 'image/jpeg', 'image/gif', 'image/webp'],
      response: z.object({ media: MediaFileSchema }),
    },
    async ({ caller }, c) =>
      uploadMedia(deps, caller, {
        bytes: new Uint8Array(await c.req.arrayBuffer()),
        fileName: c.req.header('x-file-name'),
      }),
  )

  api.route(
    {
      method: 'post',
      path: VIDEO_UPLOAD_PATH,
      operationId: 'uploadVideo',
      summary:
        'Upload a video (MP4 or WebM, recognised by its bytes, at most 50 MiB); a product takes it with a poster picture (decision 052)',
      tag: 'Catalogue (write)',
      auth: 'merchant',
      permission: 'catalogue',
      upload: ['video/mp4', 'video/webm'],
      response: z.object({ media: VideoFileSchema }),
    },
    async ({ caller }, c) =>
      uploadVideo(deps, caller, {
        bytes: new Uint8Array(await c.req.arrayBuffer()),
        fileName: c.req.header('x-file-name'),
      }),
  )

  async function requireFile(id: string): Promise<MediaFile> {
    const file = await findMediaFile(db, id)
    if (!file) throw new ApplicationError('MEDIA_NOT_FOUND', `Media file ${id} was not found`, { id })
    return file
  }

  /** The 416 of a range past the end: the normalised error, and the size the caller may ask within. */
  function unsatisfiable(file: MediaFile, size: number, headers: Record<string, string>) {
    const error = new ApplicationError(
      'RANGE_NOT_SATISFIABLE',
      `The range asked for lies past the end of media file ${file.id} (${size} bytes)`,
      { id: file.id, size },
    )
    return new Response(JSON.stringify(error.toBody()), {
      status: 416,
      headers: { ...headers, 'content-type': 'application/json', 'content-range': `bytes */${size}` },
    })
  }

  /**
   * Answers one file of a media item: 304 when the caller has it, else its bytes from where they are; a GET
   * with one `Range` (and an `If-Range` naming this version, if any) gets those bytes, 206, as video
   * players seek.
   */
  async function serve(c: Context<AppEnv>, file: MediaFile, name: string, contentType: string) {
    const etag = file.inDatabase ? `"${file.inDatabase.md5}"` : `"${file.id}-${name}"`
    const headers: Record<string, string> = {
      etag,
      'cache-control': IMMUTABLE,
      'accept-ranges': 'bytes',
      // An uploaded SVG must never run script in the platform's origin.
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    }
    if (matchesETag(c.req.header('if-none-match'), etag)) return new Response(null, { status: 304, headers })
    headers['content-type'] = contentType
    const ifRange = c.req.header('if-range')
    const rangeHeader =
      c.req.method === 'GET' && (ifRange === undefined || ifRange.trim() === etag)
        ? c.req.header('range')
        : undefined
    const partial = (range: ByteRange, size: number) => {
      headers['content-range'] = `bytes ${range.start}-${range.end}/${size}`
      headers['content-length'] = String(range.end - range.start + 1)
    }
    if (file.inDatabase) {
      const bytes = file.inDatabase.bytes
      const range = parseByteRange(rangeHeader, bytes.byteLength)
      if (range === 'unsatisfiable') return unsatisfiable(file, bytes.byteLength, headers)
      if (!range) return new Response(new Uint8Array(bytes), { headers })
      partial(range, bytes.byteLength)
      return new Response(bytes.slice(range.start, range.end + 1), { status: 206, headers })
    }
    const key = mediaObjectKey(file.siteId, file.id, name)
    const missing = () => {
      logger.warn('media file missing from the media storage', {
        id: file.id,
        key,
        storage: storage.description,
      })
      return new ApplicationError('MEDIA_NOT_FOUND', `Media file ${file.id} was not found`, { id: file.id })
    }
    if (rangeHeader !== undefined) {
      // The size decides what the range means; then only those bytes are read.
      const info = await callStorage(logger, storage, 'serve', () => storage.head(key))
      if (!info) throw missing()
      const range = parseByteRange(rangeHeader, info.size)
      if (range === 'unsatisfiable') return unsatisfiable(file, info.size, headers)
      if (range) {
        const object = await callStorage(logger, storage, 'serve', () => storage.get(key, range))
        if (!object) throw missing()
        partial(range, object.size)
        return new Response(object.body, { status: 206, headers })
      }
    }
    // HEAD answers without a body: ask the storage for the size only, opening no stream.
    const object: { size: number; body: ReadableStream<Uint8Array> | null } | undefined = await callStorage(
      logger,
      storage,
      'serve',
      () =>
        c.req.method === 'HEAD'
          ? storage.head(key).then((info) => info && { ...info, body: null })
          : storage.get(key),
    )
    if (!object) throw missing()
    headers['content-length'] = String(object.size)
    return new Response(object.body, { headers })
  }

  /**
   * Answers a WebP size of an SVG kept in the database (the seed's drawings): from the media storage, where
   * it was rendered when seeded, else rendered now and kept there. Keeping it is a cache: when the storage
   * refuses, the rendering is still answered.
   */
  async function serveRendition(
    c: Context<AppEnv>,
    file: MediaFile,
    svg: { bytes: Uint8Array; md5: string },
    name: string,
  ) {
    const etag = `"${svg.md5}-${name}"`
    const headers: Record<string, string> = { etag, 'cache-control': IMMUTABLE }
    if (matchesETag(c.req.header('if-none-match'), etag)) return new Response(null, { status: 304, headers })
    headers['content-type'] = 'image/webp'
    const width = Number.parseInt(name, 10)
    const size = file.sizes.find((s) => s.width === width)!
    const svgFile = { ...file, inDatabase: svg }
    const key = renditionKey(svgFile, width)
    // HEAD asks the storage for the size only, opening no stream (as `serve` does).
    const kept: { size: number; body: ReadableStream<Uint8Array> | null } | undefined = await callStorage(
      logger,
      storage,
      'serve',
      () =>
        c.req.method === 'HEAD'
          ? storage.head(key).then((info) => info && { ...info, body: null })
          : storage.get(key),
    )
    if (kept) {
      headers['content-length'] = String(kept.size)
      return new Response(kept.body, { headers })
    }
    // Rendered when seeded (`renderSvgRenditionsAhead`); drawn now when the storage lost it.
    const bytes = await renditions(key, () => renderAndKeepSvgRendition({ storage, logger }, svgFile, size))
    headers['content-length'] = String(bytes.byteLength)
    return new Response(new Uint8Array(bytes), { headers })
  }

  api.route(
    {
      method: 'get',
      path: '/media/:id',
      operationId: 'getMediaFile',
      summary:
        'Download a media file as uploaded (immutable; ETag and If-None-Match; one byte Range answered 206, as video players seek)',
      tag: 'Media',
      auth: 'none',
      params: IdParam,
      response: z.string().describe('the file bytes, in the content type it was uploaded with'),
    },
    async ({ params }, c) => {
      const file = await requireFile(params.id)
      const name = file.inDatabase ? 'database' : originalFileName(file.contentType)
      return serve(c, file, name, file.contentType)
    },
  )

  api.route(
    {
      method: 'get',
      path: '/media/:id/:size',
      operationId: 'getMediaFileSize',
      summary:
        'Download a derived WebP size of an image (`400w.webp`); another width redirects to the nearest size',
      tag: 'Media',
      auth: 'none',
      params: z.object({
        id: Id,
        size: z.string().regex(/^[1-9][0-9]{0,4}w\.webp$/, 'must be a width and "w.webp", like 400w.webp'),
      }),
      response: z.string().describe('the WebP bytes'),
    },
    async ({ params }, c) => {
      const file = await requireFile(params.id)
      const width = Number.parseInt(params.size, 10)
      if (file.sizes.some((s) => s.width === width))
        return file.inDatabase
          ? serveRendition(c, file, file.inDatabase, params.size)
          : serve(c, file, params.size, 'image/webp')
      // Sizes of a file never change, so the redirect is as permanent as the files.
      const size = pickSize(file, width)
      const location = size ? mediaSizeUrl(publicUrl, file.id, size.width) : mediaFileUrl(publicUrl, file.id)
      return new Response(null, { status: 308, headers: { location, 'cache-control': IMMUTABLE } })
    },
  )
}
