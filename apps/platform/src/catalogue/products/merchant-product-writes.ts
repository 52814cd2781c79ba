import { z } from 'zod'
import type { Clock } from '../../clock.ts'
import type { Db } from '../../db/db.ts'
import { recordCallerEvent } from '../../events/event-outbox.ts'
import type { MerchantCaller } from '../../http/caller.ts'
import { ApplicationError } from '../../http/errors.ts'
import type { Site } from '../../sites/site-store.ts'
import { ProductInput, ProductPatch, type ProductPatchValue, toProductColumns } from './product-input.ts'
import { findProduct, type ProductRecord } from './product-store.ts'
import { toWireProduct } from './product-wire.ts'
import { insertProduct, lockProduct, updateProductRow } from './product-write-store.ts'

/** What every catalogue write needs: the database, the clock of its events, and the origin of media URLs. */
export interface CatalogueWriteDeps {
  db: Db
  clock: Clock
  publicUrl: string
}

/** The body of a product create (v1 and v2 platformized). */
export const CreateProductBody = z.object({ product: ProductInput })
export type CreateProductInput = z.output<typeof CreateProductBody>

/** The body of a product update: any field of the input; absent fields stay as they are. */
export const UpdateProductBody = z.object({ product: ProductPatch })
export interface UpdateProductInput {
  id: string
  product: ProductPatchValue
}

/** A product's id, for the writes that take nothing else. */
export interface ProductIdInput {
  id: string
}

/** The product as a merchant reads it back: hidden or not, with cost and profit. */
type MerchantWireProduct = ReturnType<typeof toWireProduct>

/** The product with this id as its merchant sees it, inside a write's transaction; else 404. */
export async function readBackProduct(tx: Db, siteId: string, id: string): Promise<ProductRecord> {
  const record = await findProduct(tx, { siteId, includeHidden: true }, id)
  if (!record) throw new ApplicationError('PRODUCT_NOT_FOUND', `Product ${id} was not found`, { id })
  return record
}

const toMerchantWire = (deps: CatalogueWriteDeps, record: ProductRecord, site: Site) =>
  toWireProduct(record, site, { publicUrl: deps.publicUrl, includeMerchantData: true })

const variantIdsOf = (record: ProductRecord) => record.variants.map((variant) => variant.id)

/**
 * Creates a product; its options make its variants. Records `product.created` with the product as its
 * payload, in the same transaction.
 *
 * @throws ValidationError naming every rule across fields the input breaks.
 * @throws ApplicationError `SLUG_TAKEN` when another product has the slug asked for.
 */
export async function createProduct(
  deps: CatalogueWriteDeps,
  caller: MerchantCaller,
  input: CreateProductInput,
): Promise<{ product: MerchantWireProduct }> {
  const site = caller.site
  const columns = toProductColumns(input.product, undefined, site.currency)
  const now = deps.clock()
  const record = await deps.db.transaction(async (tx) => {
    const id = await insertProduct(tx, caller.siteId, columns, input.product.slug, now)
    const created = await readBackProduct(tx, caller.siteId, id)
    const payload = toMerchantWire(deps, created, site)
    await recordCallerEvent(tx, caller, { type: 'product.created', entityId: id, payload }, now)
    return created
  })
  return { product: toMerchantWire(deps, record, site) }
}

/**
 * Changes the given fields of a product in one transaction: variants whose choices survive an options
 * edit keep their own data. Records `product.changed`, and `product.variants_changed` when the variants
 * are no longer the same ones.
 *
 * @throws ApplicationError `PRODUCT_NOT_FOUND`, `SLUG_TAKEN`.
 * @throws ValidationError naming every rule across fields the product would break.
 */
export async function updateProduct(
  deps: CatalogueWriteDeps,
  caller: MerchantCaller,
  input: UpdateProductInput,
): Promise<{ product: MerchantWireProduct }> {
  const { id, product: patch } = input
  const site = caller.site
  const now = deps.clock()
  const after = await deps.db.transaction(async (tx) => {
    await lockProduct(tx, caller.siteId, id)
    const before = await readBackProduct(tx, caller.siteId, id)
    const columns = toProductColumns(patch, before.product, site.currency)
    await updateProductRow(tx, caller.siteId, id, columns, patch.slug, now)
    const record = await readBackProduct(tx, caller.siteId, id)
    const modifiedFields = Object.keys(patch).sort()
    await recordCallerEvent(
      tx,
      caller,
      { type: 'product.changed', entityId: id, payload: { productId: id, modifiedFields } },
      now,
    )
    if (JSON.stringify(variantIdsOf(before)) !== JSON.stringify(variantIdsOf(record))) {
      await recordCallerEvent(
        tx,
        caller,
        {
          type: 'product.variants_changed',
          entityId: id,
          payload: { productId: id, variantIds: variantIdsOf(record) },
        },
        now,
      )
    }
    return record
  })
  return { product: toMerchantWire(deps, after, site) }
}

/** Applies a fixed patch and answers nothing: the writes below are named patches of one field. */
async function patchOnly(
  deps: CatalogueWriteDeps,
  caller: MerchantCaller,
  id: string,
  product: ProductPatchValue,
): Promise<Record<string, never>> {
  await updateProduct(deps, caller, { id, product })
  return {}
}

/** Removes a product's brand (an update of `brand` to none). @throws ApplicationError `PRODUCT_NOT_FOUND`. */
export function removeBrand(deps: CatalogueWriteDeps, caller: MerchantCaller, input: ProductIdInput) {
  return patchOnly(deps, caller, input.id, { brand: null })
}

/** Removes a product's ribbon (an update of `ribbon` to none). @throws ApplicationError `PRODUCT_NOT_FOUND`. */
export function removeRibbon(deps: CatalogueWriteDeps, caller: MerchantCaller, input: ProductIdInput) {
  return patchOnly(deps, caller, input.id, { ribbon: null })
}

/**
 * Deletes a product's options: its variants collapse to one.
 *
 * @throws ApplicationError `PRODUCT_NOT_FOUND`.
 */
export function deleteProductOptions(
  deps: CatalogueWriteDeps,
  caller: MerchantCaller,
  input: ProductIdInput,
) {
  return patchOnly(deps, caller, input.id, { productOptions: [] })
}
