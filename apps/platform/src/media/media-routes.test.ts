import { createHash } from 'node:crypto'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../app.ts'
import type { Db } from '../db/db.ts'
import { DEMO_SITE_ID } from '../seed/demo-store.ts'
import { createApiKey } from '../sites/api-key-store.ts'
import { databaseKinds, openTestDatabase } from '../testing/test-database.ts'
import { createTestClock, TEST_PUBLIC_URL } from '../testing/test-platform.ts'
import { type MediaStorage, MediaStorageError, mediaObjectKey } from './media-storage.ts'
import { createMemoryMediaStorage } from './memory-media-storage.ts'
import { renditionFileName } from './svg-renditions.ts'
import { routeTestStorages } from './test-media-storages.ts'

interface WireMedia {
  id: string
  title: string
  image: {
    url: string
    width: number
    height: number
    resolutions: { url: string; width: number; height: number; format: string }[]
  }
  thumbnail: { url: string; width: number; height: number }
}

async function jpeg(width: number, height: number) {
  const noise = { type: 'gaussian', mean: 120, sigma: 40 } as const
  const image = sharp({ create: { width, height, channels: 3, background: '#4a7', noise } }).blur(3)
  return new Uint8Array(await image.jpeg({ quality: 85 }).toBuffer())
}

/** Made once for the file: a 64-megapixel PNG of 200 kB, and a GIF of 201 frames. */
const abusiveImages = (async () => {
  const bomb = await sharp({ create: { width: 8000, height: 8000, channels: 3, background: '#fff' } })
    .png({ compressionLevel: 9 })
    .toBuffer()
  const frames = await Promise.all(
    Array.from({ length: 201 }, (_, i) =>
      sharp({ create: { width: 4, height: 4, channels: 3, background: { r: i % 2 ? 255 : 0, g: i, b: 9 } } })
        .png()
        .toBuffer(),
    ),
  )
  const animation = await sharp(frames, { join: { animated: true } })
    .gif()
    .toBuffer()
  return { bomb, animation }
})()

describe.each(databaseKinds())('media upload and serving on %s', (kind) => {
  let db: Db
  let headers: Record<string, string>
  let tee: string
  beforeAll(async () => {
    db = await openTestDatabase(kind)
    const { key } = await createApiKey(
      db,
      { siteId: DEMO_SITE_ID, name: 'media', permissions: ['catalogue'] },
      new Date(),
    )
    headers = { authorization: key, 'aisle-site-id': DEMO_SITE_ID }
    tee = (await db.query<{ id: string }>("select id from products where slug = 'classic-tee'"))[0]!.id
  })
  afterAll(() => db.close())

  const countFiles = async () =>
    (await db.query<{ n: number }>('select count(*)::int as n from media_files'))[0]!.n

  describe.each(routeTestStorages)('stored in %s', (_name, open) => {
    let storage: MediaStorage
    let stop: () => Promise<void>
    let app: ReturnType<typeof createApp>
    let photo: Uint8Array
    let uploaded: WireMedia
    beforeAll(async () => {
      ;({ storage, stop } = await open())
      app = createApp({ db, publicUrl: TEST_PUBLIC_URL, clock: createTestClock(), mediaStorage: storage })
      photo = await jpeg(1200, 900)
    })
    afterAll(() => stop())

    const get = (url: string, extra: Record<string, string> = {}) => app.request(url, { headers: extra })
    const upload = (bytes: Uint8Array, fileName = 'photo.jpg') =>
      app.request(`${TEST_PUBLIC_URL}/stores/v1/media`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/octet-stream', 'x-file-name': fileName },
        body: new Blob([new Uint8Array(bytes)]),
      })

    it('stores an uploaded JPEG and its WebP sizes before answering their URLs', async () => {
      const response = await upload(photo)
      expect(response.status).toBe(200)
      uploaded = ((await response.json()) as { media: WireMedia }).media
      const base = `${TEST_PUBLIC_URL}/media/${uploaded.id}`
      expect(uploaded).toEqual({
        id: uploaded.id,
        mediaType: 'image',
        title: 'photo.jpg',
        image: {
          url: base,
          width: 1200,
          height: 900,
          altText: '',
          resolutions: [
            { url: `${base}/160w.webp`, width: 160, height: 120, format: 'webp' },
            { url: `${base}/400w.webp`, width: 400, height: 300, format: 'webp' },
            { url: `${base}/800w.webp`, width: 800, height: 600, format: 'webp' },
            { url: `${base}/1200w.webp`, width: 1200, height: 900, format: 'webp' },
          ],
        },
        thumbnail: { url: `${base}/160w.webp`, width: 160, height: 120, altText: '' },
      })
      for (const file of ['original.jpg', '160w.webp', '400w.webp', '800w.webp', '1200w.webp'])
        expect(await storage.head(mediaObjectKey(DEMO_SITE_ID, uploaded.id, file))).toBeDefined()
    })

    it('serves the original and each size with their type, length and immutable cache headers', async () => {
      const original = await get(uploaded.image.url)
      expect(original.status).toBe(200)
      expect(original.headers.get('content-type')).toBe('image/jpeg')
      expect(original.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
      expect(original.headers.get('content-length')).toBe(String(photo.length))
      expect(original.headers.get('x-content-type-options')).toBe('nosniff')
      expect(new Uint8Array(await original.arrayBuffer())).toEqual(photo)
      const head = await app.request(uploaded.thumbnail.url, { method: 'HEAD' })
      expect(head.status).toBe(200)
      expect(head.headers.get('content-type')).toBe('image/webp')
      expect(Number(head.headers.get('content-length'))).toBeGreaterThan(0)
      expect(await head.text()).toBe('')
      for (const size of uploaded.image.resolutions) {
        const served = await get(size.url)
        expect(served.status).toBe(200)
        expect(served.headers.get('content-type')).toBe('image/webp')
        expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
        const bytes = new Uint8Array(await served.arrayBuffer())
        expect(served.headers.get('content-length')).toBe(String(bytes.length))
        expect(await sharp(bytes).metadata()).toMatchObject({
          format: 'webp',
          width: size.width,
          height: size.height,
        })
      }
    })

    it('answers 304 to If-None-Match with its ETag, and 200 to another tag', async () => {
      for (const url of [uploaded.image.url, uploaded.thumbnail.url]) {
        const first = await get(url)
        const etag = first.headers.get('etag')!
        expect(etag).toMatch(/^"[^"]+"$/)
        await first.arrayBuffer()
        const again = await get(url, { 'if-none-match': etag })
        expect(again.status).toBe(304)
        expect(again.headers.get('etag')).toBe(etag)
        expect(again.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
        expect(await again.text()).toBe('')
        const changed = await get(url, { 'if-none-match': '"something-else"' })
        expect(changed.status).toBe(200)
        await changed.arrayBuffer()
      }
      expect(uploaded.image.url).not.toBe(uploaded.thumbnail.url)
      const tags = await Promise.all(
        [uploaded.image.url, uploaded.thumbnail.url].map(async (url) => (await get(url)).headers.get('etag')),
      )
      expect(new Set(tags).size).toBe(2)
    })

    it('sends a width it does not have to the nearest stored size', async () => {
      const base = `${TEST_PUBLIC_URL}/media/${uploaded.id}`
      const between = await get(`${base}/500w.webp`)
      expect(between.status).toBe(308)
      expect(between.headers.get('location')).toBe(`${base}/800w.webp`)
      expect(between.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
      expect((await get(`${base}/4000w.webp`)).headers.get('location')).toBe(`${base}/1200w.webp`)
      const bad = await get(`${base}/big.webp`)
      expect(bad.status).toBe(400)
      expect(((await bad.json()) as any).details.validationError.fieldViolations[0].field).toBe('size')
      const unknown = await get(`${TEST_PUBLIC_URL}/media/00000000-0000-4000-8000-000000000000/160w.webp`)
      expect(unknown.status).toBe(404)
      expect(((await unknown.json()) as any).details.applicationError.code).toBe('MEDIA_NOT_FOUND')
    })

    it("gives product media answers the sizes of uploaded images, and renders the seed's SVGs to theirs on first request", async () => {
      const call = async (method: string, path: string, body?: unknown) => {
        const response = await app.request(`${TEST_PUBLIC_URL}${path}`, {
          method,
          headers: { ...headers, 'content-type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
        })
        return { status: response.status, json: (await response.json()) as Record<string, any> }
      }
      const added = await call('POST', `/stores/v1/products/${tee}/media`, {
        media: [{ mediaId: uploaded.id, choice: { option: 'Color', choice: 'Red' } }],
      })
      expect(added.status).toBe(200)
      const { product } = (await call('GET', `/stores/v1/products/${tee}`)).json
      const item = product.media.items.find((m: { id: string }) => m.id === uploaded.id)
      expect(item).toEqual({
        id: uploaded.id,
        mediaType: 'image',
        title: 'photo.jpg',
        image: uploaded.image,
        thumbnail: uploaded.thumbnail,
      })
      const red = product.productOptions[1].choices.find(
        (c: { description: string }) => c.description === 'Red',
      )
      expect(
        red.media.items.find((m: { id: string }) => m.id === uploaded.id).image.resolutions,
      ).toHaveLength(4)

      const seeded = product.media.mainMedia
      expect(seeded.image.resolutions.map((r: { width: number }) => r.width)).toEqual([160, 400, 800])
      expect(seeded.thumbnail).toEqual({
        url: `${seeded.image.url}/160w.webp`,
        width: 160,
        height: 160,
        altText: seeded.image.altText,
      })
      const svg = await get(seeded.image.url)
      expect(svg.status).toBe(200)
      expect(svg.headers.get('content-type')).toBe('image/svg+xml')
      expect(svg.headers.get('content-security-policy')).toContain('sandbox')
      const drawing = await svg.text()
      expect(drawing).toContain('<svg')
      const etag = svg.headers.get('etag')!
      expect((await get(seeded.image.url, { 'if-none-match': etag })).status).toBe(304)
      // Its sizes are rendered from the drawing on first request, then kept in the media storage.
      const key = mediaObjectKey(
        DEMO_SITE_ID,
        seeded.id,
        renditionFileName(createHash('md5').update(drawing).digest('hex'), 400),
      )
      expect(await storage.head(key)).toBeUndefined()
      const rendered = await get(`${seeded.image.url}/400w.webp`)
      expect(rendered.status).toBe(200)
      expect(rendered.headers.get('content-type')).toBe('image/webp')
      expect(rendered.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
      const bytes = new Uint8Array(await rendered.arrayBuffer())
      expect(await sharp(bytes).metadata()).toMatchObject({ format: 'webp', width: 400, height: 400 })
      expect((await storage.head(key))?.size).toBe(bytes.byteLength)
      const again = await get(`${seeded.image.url}/400w.webp`)
      expect(new Uint8Array(await again.arrayBuffer())).toEqual(bytes)
      expect(again.headers.get('etag')).toBe(rendered.headers.get('etag'))
      const head = await app.request(`${seeded.image.url}/400w.webp`, { method: 'HEAD' })
      expect(head.headers.get('content-length')).toBe(String(bytes.byteLength))
      const tag = rendered.headers.get('etag')!
      expect((await get(`${seeded.image.url}/400w.webp`, { 'if-none-match': tag })).status).toBe(304)
      expect((await get(`${seeded.image.url}/500w.webp`)).headers.get('location')).toBe(
        `${seeded.image.url}/800w.webp`,
      )
      await call('POST', `/stores/v1/products/${tee}/media/delete`, { mediaIds: [uploaded.id] })
    })

    it('refuses a decompression bomb, a long animation and SVG with a 400, storing nothing', async () => {
      const before = await countFiles()
      const { bomb, animation } = await abusiveImages
      const svg = new TextEncoder().encode(`<svg xmlns="http://www.w3.org/2000/svg">${' '.repeat(40)}</svg>`)
      for (const [bytes, rule] of [
        [bomb, 'MAX_SIZE'],
        [animation, 'MAX_SIZE'],
        [svg, 'FORMAT'],
        [photo.subarray(0, photo.length / 2), 'FORMAT'],
      ] as const) {
        const refused = await upload(new Uint8Array(bytes))
        expect(refused.status).toBe(400)
        const violation = ((await refused.json()) as any).details.validationError.fieldViolations[0]
        expect(violation).toMatchObject({ field: '$body', violatedRule: rule })
      }
      expect(await countFiles()).toBe(before)
    })
  })

  describe('when the storage fails', () => {
    it('answers an upload 503 MEDIA_STORAGE_UNAVAILABLE, removes what it stored and records nothing', async () => {
      const memory = createMemoryMediaStorage()
      const stored = new Set<string>()
      let puts = 0
      const failing: MediaStorage = {
        ...memory,
        async put(key, bytes, type) {
          if (++puts === 3) throw new MediaStorageError('S3 PUT refused: 503 SlowDown')
          await memory.put(key, bytes, type)
          stored.add(key)
        },
      }
      const app = createApp({ db, publicUrl: TEST_PUBLIC_URL, mediaStorage: failing })
      const before = await countFiles()
      const response = await app.request(`${TEST_PUBLIC_URL}/stores/v1/media`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'image/jpeg' },
        body: new Blob([await jpeg(900, 600)]),
      })
      // A storage outage is not the uploader's fault, nor an internal error: 503, worth a retry.
      expect(response.status).toBe(503)
      expect(await response.json()).toEqual({
        message: 'The media storage is unavailable; try again later',
        details: {
          applicationError: {
            description: 'The media storage is unavailable; try again later',
            code: 'MEDIA_STORAGE_UNAVAILABLE',
            data: {},
          },
        },
      })
      expect(stored.size).toBeGreaterThan(0)
      for (const key of stored) expect(await memory.head(key)).toBeUndefined()
      expect(await countFiles()).toBe(before)
    })

    it('answers serving (GET and HEAD, original and sizes) 503 MEDIA_STORAGE_UNAVAILABLE while it is down', async () => {
      const memory = createMemoryMediaStorage()
      let isDown = false
      const outage = () => new MediaStorageError('S3 GET failed: connect ECONNREFUSED 127.0.0.1:9000')
      const flaky: MediaStorage = {
        ...memory,
        get: (key) => (isDown ? Promise.reject(outage()) : memory.get(key)),
        head: (key) => (isDown ? Promise.reject(outage()) : memory.head(key)),
      }
      const app = createApp({ db, publicUrl: TEST_PUBLIC_URL, mediaStorage: flaky })
      const uploaded = await app.request(`${TEST_PUBLIC_URL}/stores/v1/media`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'image/jpeg' },
        body: new Blob([await jpeg(900, 600)]),
      })
      expect(uploaded.status).toBe(200)
      const { media } = (await uploaded.json()) as { media: WireMedia }
      const urls = [media.image.url, media.image.resolutions[0]!.url]
      for (const url of urls) expect((await app.request(url)).status).toBe(200)

      isDown = true
      for (const url of urls) {
        for (const method of ['GET', 'HEAD']) {
          const response = await app.request(url, { method })
          expect(response.status).toBe(503)
          expect(response.headers.get('cache-control') ?? '').not.toMatch(/immutable/)
          if (method === 'GET')
            expect((await response.json()).details.applicationError.code).toBe('MEDIA_STORAGE_UNAVAILABLE')
        }
      }
      isDown = false
      for (const url of urls) expect((await app.request(url)).status).toBe(200)
    })
  })
})
