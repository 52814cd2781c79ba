import type { Db } from '../db/db.ts'
import { queryOne } from '../db/db.ts'

export interface Site {
  id: string
  name: string
  currency: string
  locale: string
  weightUnit: 'KG' | 'LB'
}

/** The site, which every token and key belongs to; it must exist for any caller. */
export async function getSite(db: Db, siteId: string): Promise<Site> {
  const row = await queryOne<{
    id: string
    name: string
    currency: string
    locale: string
    weight_unit: 'KG' | 'LB'
  }>(db, 'select id, name, currency, locale, weight_unit from sites where id = $1', [siteId])
  if (!row) throw new Error(`site ${siteId} is missing although a credential names it`)
  return {
    id: row.id,
    name: row.name,
    currency: row.currency,
    locale: row.locale,
    weightUnit: row.weight_unit,
  }
}
