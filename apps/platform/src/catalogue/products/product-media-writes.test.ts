import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../db/db.ts'
import type { MerchantCaller } from '../../http/caller.ts'
import { ValidationError } from '../../http/errors.ts'
import { parseWith } from '../../http/validation.ts'
import { insertStoredMediaFile } from '../../media/media-file-store.ts'
import { createOwnerCaller } from '../../testing/test-callers.ts'
import { databaseKinds, openTestDatabase } from '../../testing/test-database.ts'
import { TEST_PUBLIC_URL } from '../../testing/test-platform.ts'
import { type CatalogueWriteDeps, CreateProductBody, createProduct } from './merchant-product-writes.ts'
import {
  AddProductMediaBody,
  AddProductMediaToChoicesBody,
  addProductMedia,
  addProductMediaToChoices,
  RemoveProductMediaBody,
  removeProductMedia,
} from './product-media-writes.ts'
import type { ProductMedia, ProductOption } from './product-store.ts'

describe.each(databaseKinds())('product media writes on %s', (kind) => {
  let db: Db
  let deps: CatalogueWriteDeps
  let owner: MerchantCaller
  let productId: string
  const stored = async () =>
    (
      await db.query<{ media: ProductMedia[]; options: ProductOption[] }>(
        'select media, options from products where id = $1',
        [productId],
      )
    )[0]!
  const uploaded = async (fileName: string) => {
    const id = randomUUID()
    const file = { id, siteId: owner.siteId, contentType: 'image/png', width: 640, height: 480, fileName }
    await insertStoredMediaFile(db, file, new Date())
    return id
  }
  beforeAll(async () => {
    db = await openTestDatabase(kind)
    deps = { db, clock: () => new Date(), publicUrl: TEST_PUBLIC_URL }
    owner = await createOwnerCaller(db)
    const input = parseWith(CreateProductBody, {
      product: {
        name: 'Canvas Cap',
        priceData: { price: 22 },
        productOptions: [
          {
            name: 'Color',
            choices: [
              { value: 'Olive', description: 'Olive' },
              { value: 'Navy', description: 'Navy' },
            ],
          },
        ],
      },
    })
    productId = (await createProduct(deps, owner, input)).product.id
  })
  afterAll(() => db.close())

  describe('addProductMedia', () => {
    it('adds each file once, with its name and sizes, and to the choice named beside it', async () => {
      const front = await uploaded('front.png')
      const input = parseWith(AddProductMediaBody, {
        media: [{ mediaId: front, choice: { option: 'Color', choice: 'Olive' } }, { mediaId: front }],
      })
      expect(await addProductMedia(deps, owner, { id: productId, ...input })).toEqual({})
      const { media, options } = await stored()
      expect(media.map((item) => [item.id, item.title, item.sizes?.length])).toEqual([
        [front, 'front.png', 3],
      ])
      expect(options[0]!.choices.map((choice) => choice.mediaIds)).toEqual([[front], undefined])
      const [event] = await db.query<{ identity: Record<string, string> }>(
        "select identity from events where entity_id = $1 and payload::jsonb->'modifiedFields' = '[\"media\"]'",
        [productId],
      )
      expect(event!.identity).toEqual({ identityType: 'SITE_USER', siteUserId: owner.siteUserId })
    })

    it('names every file of no site file and every choice the product lacks, adding nothing', async () => {
      const before = await stored()
      const back = await uploaded('back.png')
      const input = parseWith(AddProductMediaBody, {
        media: [{ mediaId: randomUUID() }, { mediaId: back, choice: { option: 'Color', choice: 'Plaid' } }],
      })
      const refused = await addProductMedia(deps, owner, { id: productId, ...input }).catch(
        (error: unknown) => error,
      )
      expect(refused).toBeInstanceOf(ValidationError)
      expect((refused as ValidationError).fieldViolations.map((v) => v.field)).toEqual([
        'media[0].mediaId',
        'media[1].choice',
      ])
      expect(await stored()).toEqual(before)
    })
  })

  describe('addProductMediaToChoices and removeProductMedia', () => {
    it('set choices only from the product’s own media, and an empty removal takes all of it', async () => {
      const [front] = (await stored()).media.map((item) => item.id)
      const foreign = await uploaded('other.png')
      const refused = await addProductMediaToChoices(deps, owner, {
        id: productId,
        ...parseWith(AddProductMediaToChoicesBody, {
          media: [{ option: 'Color', choice: 'Navy', mediaIds: [foreign] }],
        }),
      }).catch((error: unknown) => error)
      expect((refused as ValidationError).fieldViolations.map((v) => v.field)).toEqual(['media[0].mediaIds'])
      await addProductMediaToChoices(deps, owner, {
        id: productId,
        ...parseWith(AddProductMediaToChoicesBody, {
          media: [{ option: 'Color', choice: 'Navy', mediaIds: [front] }],
        }),
      })
      expect((await stored()).options[0]!.choices[1]!.mediaIds).toEqual([front])
      await removeProductMedia(deps, owner, { id: productId, ...parseWith(RemoveProductMediaBody, {}) })
      const after = await stored()
      expect(after.media).toEqual([])
      expect(after.options[0]!.choices.map((choice) => choice.mediaIds)).toEqual([[], []])
    })
  })
})
