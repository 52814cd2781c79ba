import { z } from 'zod'
import type { Db } from '../../db/db.ts'
import { recordCallerEvent } from '../../events/event-outbox.ts'
import type { MerchantCaller } from '../../http/caller.ts'
import { type FieldViolation, ValidationError } from '../../http/errors.ts'
import { findSiteMediaFiles, type MediaFileSummary } from '../../media/media-file-store.ts'
import type { CatalogueWriteDeps } from './merchant-product-writes.ts'
import { findProduct, type ProductMedia, type ProductOption } from './product-store.ts'
import { lockProduct, updateProductMedia } from './product-write-store.ts'

const ChoiceRef = z.object({ option: z.string().min(1).max(50), choice: z.string().min(1).max(50) })

/**
 * The body of adding media: uploaded files, each optionally for one choice of an option too; a video
 * with its poster picture (an image uploaded to the store, perhaps one of the product's), which it
 * must have.
 */
export const AddProductMediaBody = z.object({
  media: z
    .array(
      z.object({
        mediaId: z.guid(),
        posterMediaId: z
          .guid()
          .optional()
          .describe("a video's poster: an uploaded image's id; required for a video, refused for an image"),
        choice: ChoiceRef.optional(),
      }),
    )
    .min(1)
    .max(50),
})

/** The body of removing media: the ids to remove, all of the product's when empty. */
export const RemoveProductMediaBody = z.object({ mediaIds: z.array(z.guid()).max(100).default([]) })

/** The body of setting the media of choices, from the product's own media. */
export const AddProductMediaToChoicesBody = z.object({
  media: z
    .array(ChoiceRef.extend({ mediaIds: z.array(z.guid()).min(1).max(20) }))
    .min(1)
    .max(100),
})

/** The body of clearing the media of choices. */
export const RemoveProductMediaFromChoicesBody = z.object({ media: z.array(ChoiceRef).min(1).max(100) })

/** A product's id with the body of one of its media writes. */
export type ProductMediaInput<S extends z.ZodType> = { id: string } & z.output<S>

/** An uploaded image of the site as one of a product's media items. */
export function toProductMedia(file: MediaFileSummary): ProductMedia {
  return {
    id: file.id,
    title: file.fileName ?? '',
    width: file.width,
    height: file.height,
    altText: '',
    ...(file.sizes.length > 0 ? { sizes: file.sizes } : {}),
  }
}

/** Whether an uploaded file is a video (decision 052). */
export const isVideoFile = (file: MediaFileSummary) => file.contentType.startsWith('video/')

/**
 * The media item an uploaded file makes, or `undefined` with a violation: on `fields.item` for a video
 * without a poster (`REQUIRED_FIELD`), on `fields.poster` for a poster that is no image of the site
 * (`posters` holds the files its id may name) or a poster given to an image.
 */
export function toProductMediaItem(
  file: MediaFileSummary,
  posterId: string | undefined,
  posters: ReadonlyMap<string, MediaFileSummary>,
  fields: { item: string; poster: string },
  violations: FieldViolation[],
): ProductMedia | undefined {
  const refuse = (field: string, description: string, violatedRule: FieldViolation['violatedRule']) => {
    violations.push({ field, description, violatedRule })
    return undefined
  }
  if (!isVideoFile(file))
    return posterId === undefined
      ? toProductMedia(file)
      : refuse(fields.poster, 'is a poster for an image; only a video takes one', 'FIELD_NOT_ALLOWED')
  if (posterId === undefined)
    return refuse(
      fields.item,
      'is a video without a poster: a video needs a poster picture (posterMediaId), an image uploaded to this store',
      'REQUIRED_FIELD',
    )
  const poster = posters.get(posterId)
  if (!poster || isVideoFile(poster))
    return refuse(fields.poster, 'names no image uploaded to this store', 'VALIDATION')
  return {
    ...toProductMedia(file),
    mediaType: 'video',
    format: file.contentType === 'video/webm' ? 'webm' : 'mp4',
    poster: {
      id: poster.id,
      width: poster.width,
      height: poster.height,
      ...(poster.sizes.length > 0 ? { sizes: poster.sizes } : {}),
    },
  }
}

interface MediaChange {
  media: ProductMedia[]
  options: ProductOption[]
}

function findChoice(
  options: ProductOption[],
  ref: { option: string; choice: string },
  field: string,
  violations: FieldViolation[],
) {
  const choice = options.find((o) => o.name === ref.option)?.choices.find((c) => c.description === ref.choice)
  if (!choice)
    violations.push({
      field,
      description: `names no choice "${ref.choice}" of an option "${ref.option}"`,
      violatedRule: 'VALIDATION',
    })
  return choice
}

/** Runs one media change on a locked product and records it as a product change; answers nothing. */
async function changeMedia(
  deps: CatalogueWriteDeps,
  caller: MerchantCaller,
  id: string,
  apply: (tx: Db, current: MediaChange) => Promise<MediaChange> | MediaChange,
): Promise<Record<string, never>> {
  const now = deps.clock()
  await deps.db.transaction(async (tx) => {
    await lockProduct(tx, caller.siteId, id)
    const record = await findProduct(tx, { siteId: caller.siteId, includeHidden: true }, id)
    const next = await apply(tx, { media: record!.product.media, options: record!.product.options })
    await updateProductMedia(tx, caller.siteId, id, next.media, next.options, now)
    await recordCallerEvent(
      tx,
      caller,
      { type: 'product.changed', entityId: id, payload: { productId: id, modifiedFields: ['media'] } },
      now,
    )
  })
  return {}
}

/**
 * Adds uploaded media of the site to a product (once each), and to the choices named beside them; a
 * video with its poster (a video the product has already takes a new poster this way).
 *
 * @throws ApplicationError `PRODUCT_NOT_FOUND`.
 * @throws ValidationError naming each media id of no file of the site, each choice the product lacks,
 *   each video without a poster or with a poster that is no image of the site, each image given a poster.
 */
export function addProductMedia(
  deps: CatalogueWriteDeps,
  caller: MerchantCaller,
  input: ProductMediaInput<typeof AddProductMediaBody>,
) {
  return changeMedia(deps, caller, input.id, async (tx, current) => {
    const known = await findSiteMediaFiles(
      tx,
      caller.siteId,
      input.media.flatMap((m) => (m.posterMediaId ? [m.mediaId, m.posterMediaId] : [m.mediaId])),
    )
    const violations: FieldViolation[] = []
    const options = structuredClone(current.options)
    const media = [...current.media]
    input.media.forEach((item, index) => {
      const file = known.get(item.mediaId)
      if (!file) {
        violations.push({
          field: `media[${index}].mediaId`,
          description: 'names no media file of this site',
          violatedRule: 'VALIDATION',
        })
        return
      }
      const at = media.findIndex((m) => m.id === item.mediaId)
      // A video the product has keeps its poster unless another is named.
      if (at < 0 || item.posterMediaId !== undefined) {
        const made = toProductMediaItem(
          file,
          item.posterMediaId,
          known,
          { item: `media[${index}]`, poster: `media[${index}].posterMediaId` },
          violations,
        )
        if (made && at < 0) media.push(made)
        else if (made) media[at] = { ...made, altText: media[at]!.altText }
      }
      if (item.choice) {
        const choice = findChoice(options, item.choice, `media[${index}].choice`, violations)
        if (choice && !choice.mediaIds?.includes(item.mediaId))
          choice.mediaIds = [...(choice.mediaIds ?? []), item.mediaId]
      }
    })
    if (violations.length > 0) throw new ValidationError(violations)
    return { media, options }
  })
}

/**
 * Removes media from a product and from its choices; all of it when `mediaIds` is empty.
 *
 * @throws ApplicationError `PRODUCT_NOT_FOUND`.
 */
export function removeProductMedia(
  deps: CatalogueWriteDeps,
  caller: MerchantCaller,
  input: ProductMediaInput<typeof RemoveProductMediaBody>,
) {
  const removes = (id: string) => input.mediaIds.length === 0 || input.mediaIds.includes(id)
  return changeMedia(deps, caller, input.id, (_tx, current) => ({
    media: current.media.filter((m) => !removes(m.id)),
    options: current.options.map((o) => ({
      ...o,
      choices: o.choices.map((c) => ({ ...c, mediaIds: (c.mediaIds ?? []).filter((id) => !removes(id)) })),
    })),
  }))
}

/**
 * Sets the media of option choices, from the product's own media.
 *
 * @throws ApplicationError `PRODUCT_NOT_FOUND`.
 * @throws ValidationError naming each choice the product lacks and each id that is not its media.
 */
export function addProductMediaToChoices(
  deps: CatalogueWriteDeps,
  caller: MerchantCaller,
  input: ProductMediaInput<typeof AddProductMediaToChoicesBody>,
) {
  return changeMedia(deps, caller, input.id, (_tx, current) => {
    const violations: FieldViolation[] = []
    const options = structuredClone(current.options)
    input.media.forEach((item, index) => {
      const choice = findChoice(options, item, `media[${index}]`, violations)
      const foreign = item.mediaIds.filter((id) => !current.media.some((m) => m.id === id))
      if (foreign.length > 0) {
        violations.push({
          field: `media[${index}].mediaIds`,
          description: `are not media of this product (${foreign.join(', ')})`,
          violatedRule: 'VALIDATION',
        })
      }
      if (choice) choice.mediaIds = item.mediaIds
    })
    if (violations.length > 0) throw new ValidationError(violations)
    return { media: current.media, options }
  })
}

/**
 * Clears the media of option choices; the product keeps them.
 *
 * @throws ApplicationError `PRODUCT_NOT_FOUND`.
 * @throws ValidationError naming each choice the product lacks.
 */
export function removeProductMediaFromChoices(
  deps: CatalogueWriteDeps,
  caller: MerchantCaller,
  input: ProductMediaInput<typeof RemoveProductMediaFromChoicesBody>,
) {
  return changeMedia(deps, caller, input.id, (_tx, current) => {
    const violations: FieldViolation[] = []
    const options = structuredClone(current.options)
    input.media.forEach((item, index) => {
      const choice = findChoice(options, item, `media[${index}]`, violations)
      if (choice) choice.mediaIds = []
    })
    if (violations.length > 0) throw new ValidationError(violations)
    return { media: current.media, options }
  })
}
