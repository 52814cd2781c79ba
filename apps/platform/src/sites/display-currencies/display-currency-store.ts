import type { Db } from '../../db/db.ts'
import type { DisplayCurrency } from './display-currencies.ts'

/** The currencies a site offers its shoppers, in the merchant's order. */
export async function listDisplayCurrencies(db: Db, siteId: string): Promise<DisplayCurrency[]> {
  const rows = await db.query<{ currency: string; rate: string }>(
    'select currency, rate::text as rate from site_display_currencies where site_id = $1 order by position, currency',
    [siteId],
  )
  return rows.map((row) => ({ currency: row.currency, rate: Number(row.rate) }))
}

/** Replaces a site's display currencies with these, in this order, in one transaction. */
export async function replaceDisplayCurrencies(
  db: Db,
  siteId: string,
  currencies: readonly DisplayCurrency[],
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query('delete from site_display_currencies where site_id = $1', [siteId])
    if (currencies.length === 0) return
    await tx.query(
      `insert into site_display_currencies (site_id, currency, rate, position)
       select $1, c.currency, c.rate::numeric, c.position::int
         from unnest($2::text[], $3::text[]) with ordinality as c(currency, rate, position)`,
      [siteId, currencies.map((c) => c.currency), currencies.map((c) => String(c.rate))],
    )
  })
}
