import type { Db } from '../../db/db.ts'

/** One stock counter: a product's, or a variant's when the product manages variants. */
export interface StockCounter {
  kind: 'product' | 'variant'
  id: string
}

/**
 * Takes `quantity` units from a stock counter, never below zero: the condition is checked on the row as
 * it is when its lock is granted, so two orders racing for the last unit cannot both have it. Taking the
 * last unit turns the counter out of stock, so the catalogue says so. Answers whether the units were
 * there (and are now taken).
 */
export async function takeStock(tx: Db, counter: StockCounter, quantity: number): Promise<boolean> {
  const table = counter.kind === 'product' ? 'products' : 'product_variants'
  const taken = await tx.query(
    `update ${table} set quantity = quantity - $2, in_stock = in_stock and quantity - $2 > 0
      where id = $1 and quantity >= $2 returning id`,
    [counter.id, quantity],
  )
  return taken.length > 0
}
