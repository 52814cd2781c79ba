import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../db/db.ts'
import { DEMO_SITE_ID } from '../../seed/demo-store.ts'
import { createApiKey } from '../../sites/api-key-store.ts'
import { databaseKinds, openTestDatabase } from '../../testing/test-database.ts'
import { createTestPlatform, TEST_PUBLIC_URL } from '../../testing/test-platform.ts'
import { CollectionSchema } from '../catalogue-schemas.ts'

/** A real PNG: uploads are decoded (their sizes are derived), so a header alone no longer passes. */
async function png(width: number, height: number): Promise<Uint8Array> {
  const image = sharp({ create: { width, height, channels: 3, background: '#c33' } })
  return new Uint8Array(await image.png().toBuffer())
}

describe.each(databaseKinds())('collection and media writes on %s', (kind) => {
  let db: Db
  let platform: ReturnType<typeof createTestPlatform>
  let headers: Record<string, string>
  let products: { id: string; slug: string }[]
  beforeAll(async () => {
    db = await openTestDatabase(kind)
    platform = createTestPlatform(db)
    const { key } = await createApiKey(
      db,
      { siteId: DEMO_SITE_ID, name: 'writer', permissions: ['catalogue'] },
      new Date(),
    )
    headers = { authorization: key, 'aisle-site-id': DEMO_SITE_ID }
    products = await db.query(
      "select id, slug from products where slug in ('classic-tee', 'meadow-tote', 'alpine-mug') order by slug",
    )
  })
  afterAll(() => db.close())

  const call = (method: string, path: string, body?: unknown) =>
    platform.call(method, path, { headers, body })
  const upload = (bytes: Uint8Array) =>
    platform.app.request(`${TEST_PUBLIC_URL}/stores/v1/media`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'image/png' },
      body: new Blob([new Uint8Array(bytes)]),
    })

  describe('collections', () => {
    it('creates, fills, empties, renames and deletes a collection, recording each event', async () => {
      const created = await call('POST', '/stores/v1/collections', {
        collection: { name: 'Gift Ideas', description: 'For others.' },
      })
      expect(created.status).toBe(200)
      const collection = CollectionSchema.parse(created.json.collection)
      expect(collection).toMatchObject({ slug: 'gift-ideas', numberOfProducts: 0 })
      await call('POST', `/stores/v1/collections/${collection.id}/productIds`, {
        productIds: products.map((p) => p.id),
      })
      await call('POST', `/stores/v1/collections/${collection.id}/productIds`, {
        productIds: [products[0]!.id],
      })
      expect(
        (await call('GET', `/stores/v2/collections/${collection.id}`)).json.collection.numberOfProducts,
      ).toBe(3)
      await call('POST', `/stores/v1/collections/${collection.id}/productIds/delete`, {
        productIds: [products[0]!.id],
      })
      const renamed = await call('PATCH', `/stores/v1/collections/${collection.id}`, {
        collection: { name: 'Presents', slug: 'presents' },
      })
      expect(renamed.json.collection).toMatchObject({
        name: 'Presents',
        slug: 'presents',
        numberOfProducts: 2,
        description: 'For others.',
      })
      const product = (await call('GET', `/stores/v1/products/${products[1]!.id}`)).json.product
      expect(product.collectionIds).toContain(collection.id)
      expect((await call('DELETE', `/stores/v1/collections/${collection.id}`)).json).toEqual({})
      expect(
        (await call('GET', `/stores/v1/products/${products[1]!.id}`)).json.product.collectionIds,
      ).not.toContain(collection.id)
      const recorded = await db.query<{ type: string }>(
        'select type from events where entity_id = $1 order by sequence',
        [collection.id],
      )
      expect(recorded.map((e) => e.type)).toEqual([
        'collection.created',
        'collection.changed',
        'collection.changed',
        'collection.changed',
        'collection.deleted',
      ])
    })

    it('refuses unknown products and a taken slug, changing nothing', async () => {
      const { collection } = (await call('POST', '/stores/v1/collections', { collection: { name: 'Picks' } }))
        .json
      const unknown = await call('POST', `/stores/v1/collections/${collection.id}/productIds`, {
        productIds: [products[0]!.id, '00000000-0000-4000-8000-000000000000'],
      })
      expect(unknown.status).toBe(404)
      expect(
        (await call('GET', `/stores/v2/collections/${collection.id}`)).json.collection.numberOfProducts,
      ).toBe(0)
      const taken = await call('PATCH', `/stores/v1/collections/${collection.id}`, {
        collection: { slug: 'footwear' },
      })
      expect(taken.status).toBe(409)
    })
  })

  describe('media', () => {
    it('uploads an image, adds it to a product and a choice, then removes it', async () => {
      const image = await png(1200, 900)
      const uploaded = await upload(image)
      expect(uploaded.status).toBe(200)
      const { media } = (await uploaded.json()) as {
        media: { id: string; image: { url: string; width: number } }
      }
      expect(media.image.width).toBe(1200)
      const served = await platform.app.request(media.image.url)
      expect(served.headers.get('content-type')).toBe('image/png')
      expect(new Uint8Array(await served.arrayBuffer())).toEqual(image)

      const tee = products.find((p) => p.slug === 'classic-tee')!.id
      const added = await call('POST', `/stores/v1/products/${tee}/media`, {
        media: [{ mediaId: media.id, choice: { option: 'Color', choice: 'Red' } }],
      })
      expect(added.status).toBe(200)
      let product = (await call('GET', `/stores/v1/products/${tee}`)).json.product
      expect(product.media.items.map((m: { id: string }) => m.id)).toContain(media.id)
      const red = () =>
        product.productOptions[1].choices.find((c: { description: string }) => c.description === 'Red')
      expect(red().media.items.map((m: { id: string }) => m.id)).toContain(media.id)

      await call('POST', `/stores/v1/products/${tee}/choices/media/delete`, {
        media: [{ option: 'Color', choice: 'Red' }],
      })
      product = (await call('GET', `/stores/v1/products/${tee}`)).json.product
      expect(red().media.items).toEqual([])
      await call('PATCH', `/stores/v1/products/${tee}/choices/media`, {
        media: [{ option: 'Color', choice: 'Red', mediaIds: [media.id] }],
      })
      product = (await call('GET', `/stores/v1/products/${tee}`)).json.product
      expect(red().media.items.map((m: { id: string }) => m.id)).toEqual([media.id])
      await call('POST', `/stores/v1/products/${tee}/media/delete`, { mediaIds: [media.id] })
      product = (await call('GET', `/stores/v1/products/${tee}`)).json.product
      expect(product.media.items.map((m: { id: string }) => m.id)).not.toContain(media.id)
      expect(red().media.items).toEqual([])
    })

    it('refuses a file that is not a raster image, and media or choices that do not exist', async () => {
      const svg = await upload(
        new TextEncoder().encode(
          `<svg xmlns="http://www.w3.org/2000/svg">${' '.repeat(40)}<script>alert(1)</script></svg>`,
        ),
      )
      expect(svg.status).toBe(400)
      const tee = products.find((p) => p.slug === 'classic-tee')!.id
      const missing = await call('POST', `/stores/v1/products/${tee}/media`, {
        media: [{ mediaId: '00000000-0000-4000-8000-000000000000' }],
      })
      expect(missing.status).toBe(400)
      const { media } = (await (await upload(await png(10, 10))).json()) as { media: { id: string } }
      const badChoice = await call('POST', `/stores/v1/products/${tee}/media`, {
        media: [{ mediaId: media.id, choice: { option: 'Color', choice: 'Plaid' } }],
      })
      expect(badChoice.status).toBe(400)
      const product = (await call('GET', `/stores/v1/products/${tee}`)).json.product
      expect(product.media.items.map((m: { id: string }) => m.id)).not.toContain(media.id)
    })
  })
})
