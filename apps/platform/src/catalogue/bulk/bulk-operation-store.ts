import type { Db } from '../../db/db.ts'
import { queryOne } from '../../db/db.ts'
import { applyDiscount } from '../../money/money.ts'
import type { BulkChange, BulkRequest, BulkValues } from './bulk-change.ts'

/** A product's values a bulk change reads and writes, with what its discounted price follows. */
export interface BulkProductValues extends BulkValues {
  id: string
  name: string
  discount_type: 'NONE' | 'AMOUNT' | 'PERCENT'
  discount_value: number
}

/** A bulk operation as kept for its undo. */
export interface BulkOperationRow {
  changes: BulkChange[]
  undone_date: Date | null
}

/** The products' current values, locked in id order so two bulk changes cannot deadlock. */
export async function lockBulkProducts(
  tx: Db,
  siteId: string,
  ids: readonly string[],
): Promise<BulkProductValues[]> {
  return tx.query<BulkProductValues>(
    `select id, name, price_minor, cost_minor, weight, discount_type, discount_value from products
     where site_id = $1 and id = any($2::uuid[]) order by id for update`,
    [siteId, [...new Set(ids)]],
  )
}

/** Writes a product's new price, cost and weight; its discounted price follows the price. */
export async function updateBulkValues(
  tx: Db,
  product: BulkProductValues,
  values: BulkValues,
  now: Date,
): Promise<void> {
  await tx.query(
    `update products set price_minor = $2, discounted_price_minor = $3, cost_minor = $4, weight = $5, updated_date = $6 where id = $1`,
    [
      product.id,
      values.price_minor,
      applyDiscount(values.price_minor, product.discount_type, product.discount_value),
      values.cost_minor,
      values.weight,
      now,
    ],
  )
}

/** Keeps an applied bulk change for its undo. */
export async function insertBulkOperation(
  tx: Db,
  operation: { id: string; siteId: string; kind: BulkRequest['kind']; changes: readonly BulkChange[] },
  now: Date,
): Promise<void> {
  await tx.query(
    'insert into bulk_operations (id, site_id, kind, changes, created_date) values ($1, $2, $3, $4, $5)',
    [operation.id, operation.siteId, operation.kind, JSON.stringify(operation.changes), now],
  )
}

/** The site's bulk operation with this id, locked for the rest of the transaction, if there is one. */
export async function lockBulkOperation(
  tx: Db,
  siteId: string,
  id: string,
): Promise<BulkOperationRow | undefined> {
  return queryOne<BulkOperationRow>(
    tx,
    'select changes, undone_date from bulk_operations where site_id = $1 and id = $2 for update',
    [siteId, id],
  )
}

/** Marks a bulk operation as undone. */
export async function markBulkOperationUndone(tx: Db, id: string, now: Date): Promise<void> {
  await tx.query('update bulk_operations set undone_date = $2 where id = $1', [id, now])
}
