import { z } from 'zod'
import type { Db } from '../../db/db.ts'
import { recordCallerEvent } from '../../events/event-outbox.ts'
import type { MerchantCaller } from '../../http/caller.ts'
import { ApplicationError } from '../../http/errors.ts'
import type { CatalogueWriteDeps, ProductIdInput } from './merchant-product-writes.ts'
import { deleteProductRows, lockProducts, updateProductsVisible } from './product-write-store.ts'

/** The products a change of many is for: 1 to 1,000 ids (the bulk API's bound). */
export const ProductIdsBody = z.object({ ids: z.array(z.guid()).min(1).max(1_000) })

/**
 * Locks the products, all of the site's or none: an id of no product of the site stops the change
 * before anything is written.
 */
async function lockAll(tx: Db, caller: MerchantCaller, ids: readonly string[]) {
  const found = await lockProducts(tx, caller.siteId, ids)
  const missing = [...new Set(ids)].filter((id) => !found.includes(id.toLowerCase()))
  if (missing.length > 0)
    throw new ApplicationError(
      'PRODUCT_NOT_FOUND',
      missing.length === 1
        ? `Product ${missing[0]} was not found`
        : `Products not found: ${missing.slice(0, 5).join(', ')}`,
      missing.length === 1 ? { id: missing[0] } : { productIds: missing },
    )
}

/**
 * Shows (`visible`) or hides many products at once, all or none, in one transaction; each product
 * whose visibility changed records `product.changed` with `visible`. Answers the ids changed (a
 * product already so is left as it is).
 *
 * @throws ApplicationError `PRODUCT_NOT_FOUND` naming ids of no product of the site (nothing changes).
 */
export async function setProductsVisible(
  deps: CatalogueWriteDeps,
  caller: MerchantCaller,
  input: { ids: readonly string[]; visible: boolean },
): Promise<{ changed: string[] }> {
  const now = deps.clock()
  return deps.db.transaction(async (tx) => {
    await lockAll(tx, caller, input.ids)
    const changed = await updateProductsVisible(tx, caller.siteId, input.ids, input.visible, now)
    for (const id of changed)
      await recordCallerEvent(
        tx,
        caller,
        { type: 'product.changed', entityId: id, payload: { productId: id, modifiedFields: ['visible'] } },
        now,
      )
    return { changed }
  })
}

/**
 * Deletes many products at once, all or none, in one transaction; their variants and collection
 * memberships go with them, and each records `product.deleted`.
 *
 * @throws ApplicationError `PRODUCT_NOT_FOUND` naming ids of no product of the site (nothing is deleted).
 */
export async function deleteProducts(
  deps: CatalogueWriteDeps,
  caller: MerchantCaller,
  input: { ids: readonly string[] },
): Promise<{ deleted: string[] }> {
  const now = deps.clock()
  return deps.db.transaction(async (tx) => {
    await lockAll(tx, caller, input.ids)
    const deleted = await deleteProductRows(tx, caller.siteId, input.ids)
    for (const id of deleted)
      await recordCallerEvent(
        tx,
        caller,
        { type: 'product.deleted', entityId: id, payload: { productId: id } },
        now,
      )
    return { deleted }
  })
}

/**
 * Deletes a product; its variants and collection memberships go with it. Records `product.deleted`
 * (`deleteProducts` of one).
 *
 * @throws ApplicationError `PRODUCT_NOT_FOUND`.
 */
export async function deleteProduct(
  deps: CatalogueWriteDeps,
  caller: MerchantCaller,
  input: ProductIdInput,
): Promise<Record<string, never>> {
  await deleteProducts(deps, caller, { ids: [input.id] })
  return {}
}
