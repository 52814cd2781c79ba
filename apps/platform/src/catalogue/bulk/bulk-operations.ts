import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import type { Db } from '../../db/db.ts'
import { recordCallerEvent } from '../../events/event-outbox.ts'
import type { MerchantCaller } from '../../http/caller.ts'
import { ApplicationError } from '../../http/errors.ts'
import { wireNumber } from '../../http/wire-number.ts'
import { toMajorNumber } from '../../money/money.ts'
import type { CatalogueWriteDeps } from '../products/merchant-product-writes.ts'
import { type BulkRequest, type BulkValues, planBulkChange } from './bulk-change.ts'
import {
  type BulkProductValues,
  insertBulkOperation,
  lockBulkOperation,
  lockBulkProducts,
  markBulkOperationUndone,
  updateBulkValues,
} from './bulk-operation-store.ts'

const Ids = z.array(z.guid()).min(1).max(1_000)
const value = wireNumber(z.number().min(0).max(10_000_000))
const by = z.union([
  z.object({ amount: wireNumber(z.number().min(-10_000_000).max(10_000_000)) }),
  z.object({ percentage: wireNumber(z.number().min(-100).max(1_000)) }),
])
const atLeastOne = (o: object) => Object.keys(o).length > 0

/** The body of a bulk update: set price, cost or weight of the products with these ids. */
export const BulkUpdateProductsBody = z.object({
  ids: Ids,
  set: z
    .object({ price: value, cost: value, weight: wireNumber(z.number().min(0).max(100_000)) })
    .partial()
    .refine(atLeastOne, 'must name price, cost or weight'),
  preview: z.boolean().default(false),
})
export type BulkUpdateProductsInput = z.output<typeof BulkUpdateProductsBody>

/** The body of a bulk adjustment: price, cost or weight of the products by an amount or a percentage. */
export const BulkAdjustProductsBody = z.object({
  ids: Ids,
  adjust: z
    .object({ price: by, cost: by, weight: by })
    .partial()
    .refine(atLeastOne, 'must name price, cost or weight'),
  preview: z.boolean().default(false),
})
export type BulkAdjustProductsInput = z.output<typeof BulkAdjustProductsBody>

/** A product's values as a bulk answer shows them: money in major units. */
export interface BulkWireValues {
  price: number
  cost: number | null
  weight: number | null
}

/**
 * The answer of a bulk change: what it changes, and the id to undo it by once applied; with the spec's
 * client's `results` (one per product changed, none for a preview) and `bulkActionMetadata`.
 */
export interface BulkAnswer {
  bulkOperationId: string | undefined
  applied: boolean
  changes: { productId: string; name: string; before: BulkWireValues; after: BulkWireValues }[]
  results: { itemMetadata: { id: string; originalIndex: number; success: boolean } }[]
  bulkActionMetadata: { totalSuccesses: number; totalFailures: number; undetailedFailures: number }
}

/** Like `lockBulkProducts`, but every id must name a product of the site. */
async function lockAllProducts(tx: Db, siteId: string, ids: readonly string[]): Promise<BulkProductValues[]> {
  const rows = await lockBulkProducts(tx, siteId, ids)
  const missing = [...new Set(ids)].filter((id) => !rows.some((r) => r.id === id))
  if (missing.length > 0) {
    throw new ApplicationError('PRODUCT_NOT_FOUND', `Products not found: ${missing.slice(0, 5).join(', ')}`, {
      productIds: missing,
    })
  }
  return rows
}

/** Writes a product's values and records the change as a `bulk` product change. */
async function write(
  tx: Db,
  caller: MerchantCaller,
  product: BulkProductValues,
  values: BulkValues,
  now: Date,
) {
  await updateBulkValues(tx, product, values, now)
  await recordCallerEvent(
    tx,
    caller,
    {
      type: 'product.changed',
      entityId: product.id,
      payload: { productId: product.id, modifiedFields: ['bulk'] },
    },
    now,
  )
}

/** Plans a bulk change on the locked products and, unless it is a preview, applies and keeps it. */
async function runBulkChange(
  deps: CatalogueWriteDeps,
  caller: MerchantCaller,
  ids: readonly string[],
  request: BulkRequest,
  preview: boolean,
): Promise<BulkAnswer> {
  const site = caller.site
  const money = (minor: number | null) => (minor === null ? null : toMajorNumber(minor, site.currency))
  const show = (v: BulkValues): BulkWireValues => ({
    price: money(v.price_minor)!,
    cost: money(v.cost_minor),
    weight: v.weight,
  })
  const now = deps.clock()
  return deps.db.transaction(async (tx) => {
    const products = await lockAllProducts(tx, caller.siteId, ids)
    const changes = planBulkChange(products, request, site.currency)
    const names = new Map(products.map((p) => [p.id, p.name]))
    // All or none: an applied change succeeded for every product; a preview changed none.
    const results = preview
      ? []
      : changes.map((c) => ({
          itemMetadata: { id: c.productId, originalIndex: ids.indexOf(c.productId), success: true },
        }))
    const answer = (bulkOperationId?: string): BulkAnswer => ({
      bulkOperationId,
      applied: !preview,
      changes: changes.map((c) => ({
        productId: c.productId,
        name: names.get(c.productId) ?? '',
        before: show(c.before),
        after: show(c.after),
      })),
      results,
      bulkActionMetadata: { totalSuccesses: results.length, totalFailures: 0, undetailedFailures: 0 },
    })
    if (preview) return answer()
    for (const change of changes)
      await write(tx, caller, products.find((p) => p.id === change.productId)!, change.after, now)
    const id = randomUUID()
    await insertBulkOperation(tx, { id, siteId: caller.siteId, kind: request.kind, changes }, now)
    return answer(id)
  })
}

/**
 * Sets price, cost or weight of many products at once, all or none: with `preview` it only answers
 * the changes; applied, each product records `product.changed` and the answer carries the id to undo by.
 *
 * @throws ApplicationError `PRODUCT_NOT_FOUND` naming ids of no product of the site.
 * @throws ValidationError naming each product the change would break (a negative price).
 */
export function bulkUpdateProductsProperty(
  deps: CatalogueWriteDeps,
  caller: MerchantCaller,
  input: BulkUpdateProductsInput,
): Promise<BulkAnswer> {
  return runBulkChange(deps, caller, input.ids, { kind: 'update', set: input.set }, input.preview)
}

/**
 * Adjusts price, cost or weight of many products by an amount or a percentage, like
 * `bulkUpdateProductsProperty`.
 *
 * @throws ApplicationError `PRODUCT_NOT_FOUND` naming ids of no product of the site.
 * @throws ValidationError naming each product the change would break (a negative price, a cost it lacks).
 */
export function bulkAdjustProductProperty(
  deps: CatalogueWriteDeps,
  caller: MerchantCaller,
  input: BulkAdjustProductsInput,
): Promise<BulkAnswer> {
  return runBulkChange(deps, caller, input.ids, { kind: 'adjust', adjust: input.adjust }, input.preview)
}

/**
 * Undoes an applied bulk change: each product still at the values the change gave it gets its values
 * from before; products changed since keep their newer values and are listed as skipped.
 *
 * @throws ApplicationError `BULK_OPERATION_NOT_FOUND`; `BULK_OPERATION_UNDONE` when it was undone already.
 */
export async function undoBulkOperation(
  deps: CatalogueWriteDeps,
  caller: MerchantCaller,
  input: { id: string },
): Promise<{ restored: string[]; skipped: string[] }> {
  const { id } = input
  const now = deps.clock()
  return deps.db.transaction(async (tx) => {
    const operation = await lockBulkOperation(tx, caller.siteId, id)
    if (!operation)
      throw new ApplicationError('BULK_OPERATION_NOT_FOUND', `Bulk operation ${id} was not found`, { id })
    if (operation.undone_date)
      throw new ApplicationError('BULK_OPERATION_UNDONE', 'This bulk operation was already undone', { id })
    const current = await lockBulkProducts(
      tx,
      caller.siteId,
      operation.changes.map((c) => c.productId),
    )
    const restored: string[] = []
    const skipped: string[] = []
    for (const change of operation.changes) {
      const product = current.find((p) => p.id === change.productId)
      const untouched =
        product &&
        product.price_minor === change.after.price_minor &&
        product.cost_minor === change.after.cost_minor &&
        product.weight === change.after.weight
      if (!product || !untouched) {
        skipped.push(change.productId)
        continue
      }
      await write(tx, caller, product, change.before, now)
      restored.push(change.productId)
    }
    await markBulkOperationUndone(tx, id, now)
    return { restored, skipped }
  })
}
