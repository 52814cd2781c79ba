import { z } from 'zod'
import type { Db } from '../../db/db.ts'
import { recordCallerEvent } from '../../events/event-outbox.ts'
import type { MerchantCaller } from '../../http/caller.ts'
import { type FieldViolation, ValidationError } from '../../http/errors.ts'
import { findSiteMediaFiles } from '../../media/media-file-store.ts'
import { findCollection } from '../collections/collection-store.ts'
import {
  deleteCollectionProducts,
  insertCollectionProducts,
  touchCollection,
} from '../collections/collection-write-store.ts'
import { type CatalogueWriteDeps, readBackProduct } from './merchant-product-writes.ts'
import { ProductInput, toProductColumns } from './product-input.ts'
import { toProductMediaItem } from './product-media-writes.ts'
import type { ProductMedia, ProductOption, ProductRecord } from './product-store.ts'
import { toWireProduct } from './product-wire.ts'
import {
  insertProduct,
  lockProduct,
  touchProduct,
  updateProductMedia,
  updateProductRow,
  updateVariantRow,
} from './product-write-store.ts'
import { matchVariants, toVariantColumns, VariantChangeSchema } from './variant-writes.ts'

/** At most this many images a product shows. */
export const MAX_PRODUCT_MEDIA = 50

/**
 * Everything the dashboard's product editor saves at once: the product, its images in the merchant's
 * order, the images of each choice, changes of its variants (by id), and the collections it is in.
 */
export const ProductEditorBody = z.object({
  product: ProductInput,
  /** The product's images and videos in order: the product's own or uploads of the site; any other is removed. */
  mediaIds: z.array(z.guid()).max(MAX_PRODUCT_MEDIA).default([]),
  /**
   * The poster of each video among `mediaIds`, by the video's id: an image uploaded to the site (one of
   * the product's, in the editor). A new video must have one; a video the product has keeps its own.
   */
  posters: z
    .array(z.object({ mediaId: z.guid(), posterMediaId: z.guid() }))
    .max(MAX_PRODUCT_MEDIA)
    .default([]),
  /** The images of each choice, by option and choice name after this save; a choice not named has none. */
  choiceMedia: z
    .array(
      z.object({
        option: z.string().max(50),
        choice: z.string().max(50),
        mediaIds: z.array(z.guid()).max(MAX_PRODUCT_MEDIA),
      }),
    )
    .max(600)
    .default([]),
  /** Changes of variants by `variantIds`; a variant an options change removes is passed over. */
  variants: z.array(VariantChangeSchema).max(300).default([]),
  /** Exactly the collections the product is in after the save. */
  collectionIds: z.array(z.guid()).max(500).default([]),
})
export type ProductEditorInput = z.output<typeof ProductEditorBody>

type MerchantWireProduct = ReturnType<typeof toWireProduct>

/**
 * The product's media in the order asked for: its own items as they are (a video with the poster asked
 * for, if any), new uploads looked up, each new video with its poster.
 */
async function orderedMedia(
  tx: Db,
  siteId: string,
  current: readonly ProductMedia[],
  input: Pick<ProductEditorInput, 'mediaIds' | 'posters'>,
  violations: FieldViolation[],
): Promise<ProductMedia[]> {
  const { mediaIds } = input
  const ids = [...new Set(mediaIds)]
  const posterOf = new Map(input.posters.map((p) => [p.mediaId, p.posterMediaId]))
  const asked = ids.filter((id) => !current.some((item) => item.id === id) || posterOf.has(id))
  const lookup = [...asked, ...asked.flatMap((id) => posterOf.get(id) ?? [])]
  const files = lookup.length > 0 ? await findSiteMediaFiles(tx, siteId, lookup) : new Map()
  const media: ProductMedia[] = []
  for (const id of ids) {
    const own = current.find((item) => item.id === id)
    const file = files.get(id)
    const poster = `posters[${input.posters.findIndex((p) => p.mediaId === id)}].posterMediaId`
    if (own && !posterOf.has(id)) media.push(own)
    else if (file) {
      const item = `mediaIds[${mediaIds.indexOf(id)}]`
      const made = toProductMediaItem(file, posterOf.get(id), files, { item, poster }, violations)
      if (made) media.push(own ? { ...made, altText: own.altText, title: own.title } : made)
    } else
      violations.push({
        field: `mediaIds[${mediaIds.indexOf(id)}]`,
        description: 'is no image or video uploaded to this store',
        violatedRule: 'VALIDATION',
      })
  }
  return media
}

/** The options with each choice's images as asked, only among the product's images. */
function withChoiceMedia(
  options: readonly ProductOption[],
  media: readonly ProductMedia[],
  choiceMedia: ProductEditorInput['choiceMedia'],
  violations: FieldViolation[],
): ProductOption[] {
  choiceMedia.forEach((entry, index) => {
    const known = options
      .find((o) => o.name === entry.option)
      ?.choices.some((c) => c.description === entry.choice)
    if (!known)
      violations.push({
        field: `choiceMedia[${index}]`,
        description: `names no choice "${entry.choice}" of an option "${entry.option}"`,
        violatedRule: 'VALIDATION',
      })
    const foreign = entry.mediaIds.filter((id) => !media.some((item) => item.id === id))
    if (foreign.length > 0)
      violations.push({
        field: `choiceMedia[${index}].mediaIds`,
        description: 'must be images of this product',
        violatedRule: 'VALIDATION',
      })
  })
  return options.map((option) => ({
    ...option,
    choices: option.choices.map(({ mediaIds: _before, ...choice }) => {
      const ids =
        choiceMedia.find((e) => e.option === option.name && e.choice === choice.description)?.mediaIds ?? []
      return ids.length > 0 ? { ...choice, mediaIds: [...new Set(ids)] } : choice
    }),
  }))
}

/** Puts the product in exactly these collections; answers the ids of the collections that changed. */
async function syncCollections(
  tx: Db,
  caller: MerchantCaller,
  productId: string,
  before: readonly string[],
  after: readonly string[],
  violations: FieldViolation[],
): Promise<string[]> {
  const audience = { siteId: caller.siteId, includeHidden: true }
  const added = [...new Set(after)].filter((id) => !before.includes(id))
  const removed = before.filter((id) => !after.includes(id))
  for (const id of added) {
    if (!(await findCollection(tx, audience, id)))
      violations.push({
        field: `collectionIds[${after.indexOf(id)}]`,
        description: 'is no collection of this store',
        violatedRule: 'VALIDATION',
      })
  }
  if (violations.length > 0) return []
  for (const id of added) await insertCollectionProducts(tx, caller.siteId, id, [productId])
  for (const id of removed) await deleteCollectionProducts(tx, id, [productId])
  return [...added, ...removed]
}

/**
 * Saves the product editor in one transaction: creates the product (no `id`) or changes it, then its
 * images in order, the images of its choices, its variants and its collections. Any refusal leaves
 * everything as it was. Records `product.created` or `product.changed`, `product.variants_changed`
 * when its variants changed, and `collection.changed` for each collection it joined or left.
 *
 * @throws ValidationError naming every broken rule (`product.price…`, `mediaIds[2]`, `variants[0]…`).
 * @throws ApplicationError `PRODUCT_NOT_FOUND`, `SLUG_TAKEN`.
 */
export async function saveProductEditor(
  deps: CatalogueWriteDeps,
  caller: MerchantCaller,
  input: ProductEditorInput & { id?: string | undefined },
): Promise<{ product: MerchantWireProduct }> {
  const site = caller.site
  const now = deps.clock()
  const record = await deps.db.transaction(async (tx) => {
    let before: ProductRecord | undefined
    let id = input.id
    if (id) {
      await lockProduct(tx, caller.siteId, id)
      before = await readBackProduct(tx, caller.siteId, id)
      const columns = toProductColumns(input.product, before.product, site.currency)
      await updateProductRow(tx, caller.siteId, id, columns, input.product.slug, now)
    } else {
      const columns = toProductColumns(input.product, undefined, site.currency)
      id = await insertProduct(tx, caller.siteId, columns, input.product.slug, now)
    }
    const written = await readBackProduct(tx, caller.siteId, id)
    const violations: FieldViolation[] = []
    const media = await orderedMedia(tx, caller.siteId, written.product.media, input, violations)
    const options = withChoiceMedia(written.product.options, media, input.choiceMedia, violations)
    let variantsChanged = false
    for (const change of input.variants) {
      // Rows of variants this save's options removed are passed over: they are gone.
      for (const variant of matchVariants(written.variants, change)) {
        await updateVariantRow(tx, variant.id, toVariantColumns(variant, change, site.currency))
        variantsChanged = true
      }
    }
    const collections = await syncCollections(
      tx,
      caller,
      id,
      before?.collectionIds ?? [],
      input.collectionIds,
      violations,
    )
    if (violations.length > 0) throw new ValidationError(violations)
    await updateProductMedia(tx, caller.siteId, id, media, options, now)
    if (variantsChanged) await touchProduct(tx, id, now)
    const after = await readBackProduct(tx, caller.siteId, id)
    const wire = toWireProduct(after, site, { publicUrl: deps.publicUrl, includeMerchantData: true })
    if (!before) {
      await recordCallerEvent(tx, caller, { type: 'product.created', entityId: id, payload: wire }, now)
    } else {
      const modifiedFields = [...Object.keys(input.product), 'media', 'collectionIds'].sort()
      await recordCallerEvent(
        tx,
        caller,
        { type: 'product.changed', entityId: id, payload: { productId: id, modifiedFields } },
        now,
      )
      const variantIds = after.variants.map((variant) => variant.id)
      const sameVariants =
        JSON.stringify(before.variants.map((variant) => variant.id)) === JSON.stringify(variantIds)
      if (variantsChanged || !sameVariants) {
        await recordCallerEvent(
          tx,
          caller,
          { type: 'product.variants_changed', entityId: id, payload: { productId: id, variantIds } },
          now,
        )
      }
    }
    for (const collectionId of collections) {
      await touchCollection(tx, collectionId, now)
      await recordCallerEvent(
        tx,
        caller,
        {
          type: 'collection.changed',
          entityId: collectionId,
          payload: { collectionId, modifiedFields: ['productIds'] },
        },
        now,
      )
    }
    return after
  })
  return { product: toWireProduct(record, site, { publicUrl: deps.publicUrl, includeMerchantData: true }) }
}
