import { z } from 'zod'
import type { Db } from '../db/db.ts'
import { recordCallerEvent } from '../events/event-outbox.ts'
import type { Api } from '../http/api.ts'
import type { MerchantCaller } from '../http/caller.ts'
import { type FieldViolation, ValidationError } from '../http/errors.ts'
import { findSiteMediaFiles } from '../media/media-file-store.ts'
import { IdParam } from './catalogue-schemas.ts'
import { findProduct, type ProductMedia, type ProductOption } from './product-store.ts'
import type { CatalogueWriteDeps } from './product-writes.ts'
import { lockProduct } from './product-write-store.ts'

const ChoiceRef = z.object({ option: z.string().min(1).max(50), choice: z.string().min(1).max(50) })
const Empty = z.object({})

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

/** Product media and the media of option choices (a colour's pictures): merchant API keys only. */
export function registerProductMediaRoutes(api: Api, deps: CatalogueWriteDeps) {
  const { db, clock } = deps
  const merchant = { auth: 'merchant', permission: 'catalogue', tag: 'Catalogue (write)' } as const

  /** Runs one media change on a locked product and records it as a product change. */
  async function change(
    caller: MerchantCaller,
    id: string,
    apply: (tx: Db, current: MediaChange) => Promise<MediaChange>,
  ) {
    const now = clock()
    await db.transaction(async (tx) => {
      await lockProduct(tx, caller.siteId, id)
      const record = await findProduct(tx, { siteId: caller.siteId, includeHidden: true }, id)
      const next = await apply(tx, { media: record!.product.media, options: record!.product.options })
      await tx.query(
        'update products set media = $3, options = $4, updated_date = $5 where site_id = $1 and id = $2',
        [caller.siteId, id, JSON.stringify(next.media), JSON.stringify(next.options), now],
      )
      await recordCallerEvent(
        tx,
        caller,
        { type: 'product.changed', entityId: id, payload: { productId: id, modifiedFields: ['media'] } },
        now,
      )
    })
    return {}
  }

  const files = (tx: Db, caller: MerchantCaller, ids: string[]) => findSiteMediaFiles(tx, caller.siteId, ids)

  api.route(
    {
      ...merchant,
      method: 'post',
      path: '/stores/v1/products/:id/media',
      operationId: 'addProductMedia',
      summary: 'Add uploaded media to a product, optionally to one of its choices too',
      params: IdParam,
      body: z.object({
        media: z
          .array(z.object({ mediaId: z.guid(), choice: ChoiceRef.optional() }))
          .min(1)
          .max(50),
      }),
      response: Empty,
    },
    async ({ params, body, caller }) =>
      change(caller, params.id, async (tx, current) => {
        const known = await files(
          tx,
          caller,
          body.media.map((m) => m.mediaId),
        )
        const violations: FieldViolation[] = []
        const options = structuredClone(current.options)
        const media = [...current.media]
        body.media.forEach((item, index) => {
          const file = known.get(item.mediaId)
          if (!file) {
            violations.push({
              field: `media[${index}].mediaId`,
              description: 'names no media file of this site',
              violatedRule: 'VALIDATION',
            })
            return
          }
          if (!media.some((m) => m.id === item.mediaId)) {
            media.push({
              id: file.id,
              title: file.fileName ?? '',
              width: file.width,
              height: file.height,
              altText: '',
              ...(file.sizes.length > 0 ? { sizes: file.sizes } : {}),
            })
          }
          if (item.choice) {
            const choice = findChoice(options, item.choice, `media[${index}].choice`, violations)
            if (choice && !choice.mediaIds?.includes(item.mediaId))
              choice.mediaIds = [...(choice.mediaIds ?? []), item.mediaId]
          }
        })
        if (violations.length > 0) throw new ValidationError(violations)
        return { media, options }
      }),
  )

  api.route(
    {
      ...merchant,
      method: 'post',
      path: '/stores/v1/products/:id/media/delete',
      operationId: 'removeProductMedia',
      summary: 'Remove media from a product and its choices (all of it when mediaIds is empty)',
      params: IdParam,
      body: z.object({ mediaIds: z.array(z.guid()).max(100).default([]) }),
      response: Empty,
    },
    async ({ params, body, caller }) =>
      change(caller, params.id, async (_tx, current) => {
        const removes = (id: string) => body.mediaIds.length === 0 || body.mediaIds.includes(id)
        return {
          media: current.media.filter((m) => !removes(m.id)),
          options: current.options.map((o) => ({
            ...o,
            choices: o.choices.map((c) => ({
              ...c,
              mediaIds: (c.mediaIds ?? []).filter((id) => !removes(id)),
            })),
          })),
        }
      }),
  )

  api.route(
    {
      ...merchant,
      method: 'patch',
      path: '/stores/v1/products/:id/choices/media',
      operationId: 'addProductMediaToChoices',
      summary: "Set the media of option choices from the product's media",
      params: IdParam,
      body: z.object({
        media: z
          .array(ChoiceRef.extend({ mediaIds: z.array(z.guid()).min(1).max(20) }))
          .min(1)
          .max(100),
      }),
      response: Empty,
    },
    async ({ params, body, caller }) =>
      change(caller, params.id, async (_tx, current) => {
        const violations: FieldViolation[] = []
        const options = structuredClone(current.options)
        body.media.forEach((item, index) => {
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
      }),
  )

  api.route(
    {
      ...merchant,
      method: 'post',
      path: '/stores/v1/products/:id/choices/media/delete',
      operationId: 'removeProductMediaFromChoices',
      summary: 'Clear the media of option choices (the product keeps them)',
      params: IdParam,
      body: z.object({ media: z.array(ChoiceRef).min(1).max(100) }),
      response: Empty,
    },
    async ({ params, body, caller }) =>
      change(caller, params.id, async (_tx, current) => {
        const violations: FieldViolation[] = []
        const options = structuredClone(current.options)
        body.media.forEach((item, index) => {
          const choice = findChoice(options, item, `media[${index}]`, violations)
          if (choice) choice.mediaIds = []
        })
        if (violations.length > 0) throw new ValidationError(violations)
        return { media: current.media, options }
      }),
  )
}
