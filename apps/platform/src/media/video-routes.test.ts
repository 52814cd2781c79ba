import { createClient, OAuthStrategy, products } from '@aisle/sdk'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../app.ts'
import type { Db } from '../db/db.ts'
import { DEMO_CLIENT_ID } from '../seed/demo-ids.ts'
import { DEMO_SITE_ID } from '../seed/demo-store.ts'
import { createApiKey } from '../sites/api-key-store.ts'
import { databaseKinds, openTestDatabase } from '../testing/test-database.ts'
import { createTestClock, TEST_PUBLIC_URL } from '../testing/test-platform.ts'
import { type MediaStorage, mediaObjectKey } from './media-storage.ts'
import { createMemoryMediaStorage } from './memory-media-storage.ts'
import { routeTestStorages } from './test-media-storages.ts'
import { testMp4, testWebm } from './test-videos.ts'
import { MAX_VIDEO_BYTES } from './video-uploads.ts'

const IMMUTABLE = 'public, max-age=31536000, immutable'

describe.each(databaseKinds())('product videos on %s', (kind) => {
  let db: Db
  let merchant: Record<string, string>
  beforeAll(async () => {
    db = await openTestDatabase(kind)
    const { key } = await createApiKey(
      db,
      { siteId: DEMO_SITE_ID, name: 'videos', permissions: ['catalogue'] },
      new Date(),
    )
    merchant = { authorization: key, 'aisle-site-id': DEMO_SITE_ID }
  })
  afterAll(() => db.close())

  const countFiles = async () =>
    (await db.query<{ n: number }>('select count(*)::int as n from media_files'))[0]!.n

  function appWith(storage: MediaStorage) {
    const app = createApp({ db, publicUrl: TEST_PUBLIC_URL, clock: createTestClock(), mediaStorage: storage })
    const send = (
      path: string,
      init: { method?: string; headers?: Record<string, string>; body?: BodyInit },
    ) => app.request(`${TEST_PUBLIC_URL}${path}`, init)
    const json = (method: string, path: string, body?: unknown) =>
      send(path, {
        method,
        headers: { ...merchant, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
    const uploadVideo = (bytes: Uint8Array, contentType = 'video/mp4', fileName = 'clip.mp4') =>
      send('/stores/v1/media/videos', {
        method: 'POST',
        headers: { ...merchant, 'content-type': contentType, 'x-file-name': fileName },
        body: new Blob([new Uint8Array(bytes)]),
      })
    const uploadImage = async () => {
      const bytes = await sharp({ create: { width: 800, height: 450, channels: 3, background: '#e94' } })
        .jpeg()
        .toBuffer()
      const response = await send('/stores/v1/media', {
        method: 'POST',
        headers: { ...merchant, 'content-type': 'image/jpeg', 'x-file-name': 'poster.jpg' },
        body: new Blob([new Uint8Array(bytes)]),
      })
      expect(response.status).toBe(200)
      return ((await response.json()) as { media: { id: string } }).media.id
    }
    const createProduct = async (name: string) => {
      const response = await json('POST', '/stores/v1/products', {
        product: { name, priceData: { price: 30 } },
      })
      expect(response.status).toBe(200)
      return ((await response.json()) as { product: { id: string; slug: string } }).product
    }
    return { app, send, json, uploadVideo, uploadImage, createProduct }
  }

  describe.each(routeTestStorages)('stored in %s', (_name, open) => {
    let storage: MediaStorage
    let stop: () => Promise<void>
    let platform: ReturnType<typeof appWith>
    const mp4 = testMp4({ width: 1280, height: 720 }, 5000)
    let videoUrl: string
    beforeAll(async () => {
      ;({ storage, stop } = await open())
      platform = appWith(storage)
    })
    afterAll(() => stop())

    it('stores an MP4 and a WebM recognised by their bytes, their picture size read from the container', async () => {
      // The request calls it a QuickTime file: the bytes decide.
      const response = await platform.uploadVideo(mp4, 'video/quicktime')
      expect(response.status).toBe(200)
      const { media } = (await response.json()) as { media: { id: string } }
      videoUrl = `${TEST_PUBLIC_URL}/media/${media.id}`
      expect(media).toEqual({
        id: media.id,
        mediaType: 'video',
        title: 'clip.mp4',
        video: {
          files: [{ url: videoUrl, width: 1280, height: 720 }],
          resolutions: [{ url: videoUrl, width: 1280, height: 720, format: 'mp4' }],
          posters: [],
        },
      })
      expect(await storage.head(mediaObjectKey(DEMO_SITE_ID, media.id, 'original.mp4'))).toMatchObject({
        size: mp4.length,
      })
      const webm = await platform.uploadVideo(
        testWebm({ width: 640, height: 360 }),
        'video/webm',
        'loop.webm',
      )
      expect(((await webm.json()) as any).media.video.resolutions).toEqual([
        expect.objectContaining({ width: 640, height: 360, format: 'webm' }),
      ])
    })

    it('serves a video whole, and one byte range at a time with 206 and Content-Range, as players seek', async () => {
      const whole = await platform.app.request(videoUrl)
      expect(whole.status).toBe(200)
      expect(whole.headers.get('content-type')).toBe('video/mp4')
      expect(whole.headers.get('accept-ranges')).toBe('bytes')
      expect(whole.headers.get('cache-control')).toBe(IMMUTABLE)
      expect(new Uint8Array(await whole.arrayBuffer())).toEqual(mp4)
      const etag = whole.headers.get('etag')!
      for (const [range, start, end] of [
        ['bytes=0-99', 0, 99],
        ['bytes=4000-', 4000, mp4.length - 1],
        ['bytes=-10', mp4.length - 10, mp4.length - 1],
        ['bytes=100-999999', 100, mp4.length - 1],
      ] as const) {
        const part = await platform.app.request(videoUrl, { headers: { range, 'if-range': etag } })
        expect(part.status).toBe(206)
        expect(part.headers.get('content-range')).toBe(`bytes ${start}-${end}/${mp4.length}`)
        expect(part.headers.get('content-length')).toBe(String(end - start + 1))
        expect(part.headers.get('content-type')).toBe('video/mp4')
        expect(part.headers.get('cache-control')).toBe(IMMUTABLE)
        expect(new Uint8Array(await part.arrayBuffer())).toEqual(mp4.subarray(start, end + 1))
      }
    })

    it('answers a range past the end 416 with the size, and the whole file for a range it may ignore', async () => {
      const past = await platform.app.request(videoUrl, { headers: { range: `bytes=${mp4.length}-` } })
      expect(past.status).toBe(416)
      expect(past.headers.get('content-range')).toBe(`bytes */${mp4.length}`)
      expect(((await past.json()) as any).details.applicationError.code).toBe('RANGE_NOT_SATISFIABLE')
      for (const headers of <Record<string, string>[]>[
        { range: 'bytes=0-1,5-9' },
        { range: 'bytes=9-2' },
        { range: 'pages=1-2' },
        { range: 'bytes=0-9', 'if-range': '"another-version"' },
      ]) {
        const whole = await platform.app.request(videoUrl, { headers })
        expect(whole.status).toBe(200)
        expect(whole.headers.get('content-length')).toBe(String(mp4.length))
        await whole.body?.cancel()
      }
      const head = await platform.app.request(videoUrl, { method: 'HEAD', headers: { range: 'bytes=0-9' } })
      expect(head.status).toBe(200)
      expect(head.headers.get('content-length')).toBe(String(mp4.length))
    })
  })

  describe('on a product', () => {
    let platform: ReturnType<typeof appWith>
    let product: { id: string; slug: string }
    let video: string
    let poster: string
    beforeAll(async () => {
      platform = appWith(createMemoryMediaStorage())
      product = await platform.createProduct('Trail Lantern')
      poster = await platform.uploadImage()
      const uploaded = await platform.uploadVideo(testMp4({ width: 1920, height: 1080 }))
      video = ((await uploaded.json()) as { media: { id: string } }).media.id
    })

    const productMedia = async () =>
      (await db.query<{ media: unknown[] }>('select media from products where id = $1', [product.id]))[0]!
        .media

    it('refuses bytes that are no video whatever their content type says, and a video over 50 MiB, storing nothing', async () => {
      const before = await countFiles()
      const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
        .jpeg()
        .toBuffer()
      const refused = await platform.uploadVideo(new Uint8Array(jpeg), 'video/mp4')
      expect(refused.status).toBe(400)
      expect(((await refused.json()) as any).details.validationError.fieldViolations).toEqual([
        { field: '$body', description: 'must be an MP4 or WebM video', violatedRule: 'FORMAT' },
      ])
      const tooBig = await platform.uploadVideo(new Uint8Array(MAX_VIDEO_BYTES + 1))
      expect(tooBig.status).toBe(413)
      expect(((await tooBig.json()) as any).details.applicationError.code).toBe('PAYLOAD_TOO_LARGE')
      // Larger than any image or JSON body may be, a video is still taken.
      const large = await platform.uploadVideo(testMp4({ width: 640, height: 480 }, 12 * 1024 * 1024))
      expect(large.status).toBe(200)
      expect(await countFiles()).toBe(before + 1)
    })

    it('refuses a video without a poster, or with a poster that is no image of the store, changing nothing', async () => {
      const before = await productMedia()
      for (const [item, field, description] of [
        [
          { mediaId: video },
          'media[0]',
          'is a video without a poster: a video needs a poster picture (posterMediaId), an image uploaded to this store',
        ],
        [
          { mediaId: video, posterMediaId: video },
          'media[0].posterMediaId',
          'names no image uploaded to this store',
        ],
        [
          { mediaId: video, posterMediaId: crypto.randomUUID() },
          'media[0].posterMediaId',
          'names no image uploaded to this store',
        ],
        [
          { mediaId: poster, posterMediaId: poster },
          'media[0].posterMediaId',
          'is a poster for an image; only a video takes one',
        ],
      ] as const) {
        const response = await platform.json('POST', `/stores/v1/products/${product.id}/media`, {
          media: [item],
        })
        expect(response.status).toBe(400)
        expect(((await response.json()) as any).details.validationError.fieldViolations).toEqual([
          expect.objectContaining({ field, description }),
        ])
      }
      expect(await productMedia()).toEqual(before)
    })

    it('answers a shopper the video through the SDK: its file, format and size, its poster and thumbnail', async () => {
      const added = await platform.json('POST', `/stores/v1/products/${product.id}/media`, {
        media: [{ mediaId: video, posterMediaId: poster }, { mediaId: poster }],
      })
      expect(added.status).toBe(200)
      const client = createClient({
        auth: OAuthStrategy({ clientId: DEMO_CLIENT_ID }),
        modules: { products },
        baseUrl: TEST_PUBLIC_URL,
        fetch: (input, init) => Promise.resolve(platform.app.request(input as string, init)),
      })
      const { product: read } = await client.products.getProduct(product.id)
      const base = `${TEST_PUBLIC_URL}/media`
      const posterImage = {
        url: `${base}/${poster}`,
        width: 800,
        height: 450,
        altText: '',
        resolutions: [
          { url: `${base}/${poster}/160w.webp`, width: 160, height: 90, format: 'webp' },
          { url: `${base}/${poster}/400w.webp`, width: 400, height: 225, format: 'webp' },
          { url: `${base}/${poster}/800w.webp`, width: 800, height: 450, format: 'webp' },
        ],
      }
      const item = {
        _id: video,
        mediaType: 'video',
        title: 'clip.mp4',
        video: {
          files: [{ url: `${base}/${video}`, width: 1920, height: 1080 }],
          resolutions: [{ url: `${base}/${video}`, width: 1920, height: 1080, format: 'mp4' }],
          posters: [posterImage],
          stillFrameMediaId: poster,
        },
        thumbnail: { url: `${base}/${poster}/160w.webp`, width: 160, height: 90, altText: '' },
      }
      expect(read?.media?.items?.[0]).toEqual(item)
      expect(read?.media?.mainMedia).toEqual(item)
      expect(read?.media?.items?.[1]).toMatchObject({ _id: poster, mediaType: 'image', image: posterImage })
      // Public media never expire: no urlExpirationDate, as for images.
      expect(JSON.stringify(read?.media)).not.toContain('urlExpirationDate')
    })

    it('takes another poster for a video the product has, and a collection refuses a video', async () => {
      const other = await platform.uploadImage()
      const changed = await platform.json('POST', `/stores/v1/products/${product.id}/media`, {
        media: [{ mediaId: video, posterMediaId: other }],
      })
      expect(changed.status).toBe(200)
      const [first] = (await productMedia()) as { id: string; poster: { id: string } }[]
      expect(first).toMatchObject({ id: video, poster: { id: other } })
      const collection = await platform.json('POST', '/stores/v1/collections', {
        collection: { name: 'Clips', mediaIds: [video] },
      })
      expect(collection.status).toBe(400)
      expect(((await collection.json()) as any).details.validationError.fieldViolations[0].description).toBe(
        `names a video (${video}); a collection takes images only`,
      )
    })
  })
})
