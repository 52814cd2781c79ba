import { z } from 'zod'
import { recordCallerEvent } from '../../events/event-outbox.ts'
import type { MerchantCaller } from '../../http/caller.ts'
import { ApplicationError } from '../../http/errors.ts'
import { wireNumber } from '../../http/wire-number.ts'
import { toMinor } from '../../money/money.ts'
import { type CatalogueWriteDeps, type ProductIdInput, readBackProduct } from './merchant-product-writes.ts'
import type { VariantRow } from './product-store.ts'
import { toWireVariant } from './product-wire.ts'
import {
  lockProduct,
  resetProductVariants,
  touchProduct,
  updateVariantRow,
  type VariantColumns,
} from './product-write-store.ts'

/** One change of a variants update, as the API and the product editor take it. */
export const VariantChangeSchema = z.object({
  choices: z.record(z.string().max(100), z.string().max(200)).optional(),
  variantIds: z.array(z.guid()).max(300).optional(),
  price: wireNumber(z.number().min(0).max(10_000_000)).nullish(),
  cost: wireNumber(z.number().min(0).max(10_000_000)).nullish(),
  weight: wireNumber(z.number().min(0).max(100_000)).nullish(),
  sku: z.string().trim().max(40).nullish(),
  visible: z.boolean().optional(),
  stock: z
    .object({
      trackQuantity: z.boolean(),
      quantity: wireNumber(z.number().int().min(0).max(1_000_000_000)).nullish(),
      inStock: z.boolean().default(true),
    })
    .optional(),
})

/** One change of a variants update: what to change, on the variants matching `choices` and `variantIds`. */
export type VariantChange = z.output<typeof VariantChangeSchema>

/** The body of a variants update: changes applied in order, each to every variant it matches. */
export const UpdateProductVariantsBody = z.object({ variants: z.array(VariantChangeSchema).min(1).max(300) })

export interface UpdateProductVariantsInput {
  id: string
  variants: VariantChange[]
}

/** The variants a change names: among `variantIds` (any, without), those with every choice it gives. */
export function matchVariants(variants: readonly VariantRow[], change: VariantChange): VariantRow[] {
  return variants.filter(
    (variant) =>
      (!change.variantIds || change.variantIds.includes(variant.id)) &&
      Object.entries(change.choices ?? {}).every(([name, choice]) => variant.choices[name] === choice),
  )
}

/**
 * A variant's own data after a change, in the site's currency: a field the change leaves out keeps its
 * value, `null` money or weight follows the product's again, and a tracked quantity decides the stock.
 */
export function toVariantColumns(
  variant: VariantRow,
  change: VariantChange,
  currency: string,
): VariantColumns {
  const minor = (value: number | null | undefined, current: number | null) =>
    value === undefined ? current : value === null ? null : toMinor(value, currency)
  const quantity = change.stock ? (change.stock.quantity ?? null) : variant.quantity
  const tracked = change.stock?.trackQuantity ?? variant.track_quantity
  return {
    price_minor: minor(change.price, variant.price_minor),
    cost_minor: minor(change.cost, variant.cost_minor),
    weight: change.weight === undefined ? variant.weight : change.weight,
    sku: change.sku === undefined ? variant.sku : change.sku || null,
    visible: change.visible ?? variant.visible,
    track_quantity: tracked,
    quantity: tracked ? (quantity ?? 0) : null,
    in_stock: tracked
      ? (quantity ?? 0) > 0 && (change.stock?.inStock ?? true)
      : (change.stock?.inStock ?? variant.in_stock),
  }
}

/**
 * Changes price, cost, weight, sku, visibility or stock of the variants each change matches, in one
 * transaction on the locked product; every change is applied to the variants as they were before the
 * update. Records `product.variants_changed` and answers every variant with merchant data.
 *
 * @throws ApplicationError `PRODUCT_NOT_FOUND`; `VARIANT_NOT_FOUND` with the `index` of a change that
 *   matches no variant (nothing is written then).
 */
export async function updateProductVariants(
  deps: CatalogueWriteDeps,
  caller: MerchantCaller,
  input: UpdateProductVariantsInput,
) {
  const { id } = input
  const site = caller.site
  const now = deps.clock()
  const record = await deps.db.transaction(async (tx) => {
    await lockProduct(tx, caller.siteId, id)
    const before = await readBackProduct(tx, caller.siteId, id)
    for (const [index, change] of input.variants.entries()) {
      const targets = matchVariants(before.variants, change)
      if (targets.length === 0) {
        throw new ApplicationError('VARIANT_NOT_FOUND', 'No variant matches these choices or ids', { index })
      }
      for (const variant of targets)
        await updateVariantRow(tx, variant.id, toVariantColumns(variant, change, site.currency))
    }
    await touchProduct(tx, id, now)
    const after = await readBackProduct(tx, caller.siteId, id)
    const variantIds = after.variants.map((variant) => variant.id)
    await recordCallerEvent(
      tx,
      caller,
      { type: 'product.variants_changed', entityId: id, payload: { productId: id, variantIds } },
      now,
    )
    return after
  })
  const options = { publicUrl: deps.publicUrl, includeMerchantData: true }
  return { variants: record.variants.map((variant) => toWireVariant(record, variant, site, options)) }
}

/**
 * Resets every variant's own data to the product's. Records `product.variants_changed` with `reset`.
 *
 * @throws ApplicationError `PRODUCT_NOT_FOUND`.
 */
export async function resetAllProductVariantData(
  deps: CatalogueWriteDeps,
  caller: MerchantCaller,
  input: ProductIdInput,
): Promise<Record<string, never>> {
  const { id } = input
  const now = deps.clock()
  await deps.db.transaction(async (tx) => {
    await lockProduct(tx, caller.siteId, id)
    await resetProductVariants(tx, id)
    await touchProduct(tx, id, now)
    await recordCallerEvent(
      tx,
      caller,
      { type: 'product.variants_changed', entityId: id, payload: { productId: id, reset: true } },
      now,
    )
  })
  return {}
}
