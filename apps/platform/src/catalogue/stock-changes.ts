import type { Db } from '../db/db.ts'
import { STOCK_CHANGES_KEPT } from '../db/migrations/043-stock-versions.ts'
import { readStockChanges } from './products/stock-store.ts'

interface KnownChanges {
  /** The newest stock version read. */
  upTo: number
  /** Product ids by the stock version that changed their counts, for every version above `upTo - KEPT`. */
  byVersion: Map<number, string[]>
}

/**
 * Which products' stock counts changed between two stock versions of a site (migration 043), so that a cached
 * catalogue answer made at the older version can be kept when it shows none of them (decision 108). What a
 * process knows of a site comes from one statement, read again only when a caller names a newer version than
 * the one read; so a sale costs each process one small statement, not its cached answers.
 */
export function createStockChanges(options: { maxSites?: number } = {}) {
  const maxSites = options.maxSites ?? 100
  const sites = new Map<string, KnownChanges>()

  async function read(db: Db, siteId: string): Promise<KnownChanges | undefined> {
    const row = await readStockChanges(db, siteId)
    if (!row) return undefined
    const byVersion = new Map<number, string[]>()
    for (const { v, p } of row.changes) byVersion.set(v, [...(byVersion.get(v) ?? []), p])
    const known = { upTo: row.version, byVersion }
    sites.delete(siteId)
    sites.set(siteId, known)
    if (sites.size > maxSites) sites.delete(sites.keys().next().value as string)
    return known
  }

  return {
    /**
     * The ids of the products whose stock counts changed after stock version `from` up to `to`; undefined
     * when that is not known: the versions are older than the site keeps, or the database read has not
     * reached `to` yet (a replica behind the caller's). A caller that gets undefined must not reuse an
     * answer made at `from`.
     */
    async between(
      db: Db,
      siteId: string,
      from: number,
      to: number,
    ): Promise<ReadonlySet<string> | undefined> {
      if (from >= to) return new Set()
      let known = sites.get(siteId)
      if (!known || known.upTo < to) known = await read(db, siteId)
      if (!known || known.upTo < to || from < known.upTo - STOCK_CHANGES_KEPT) return undefined
      const changed = new Set<string>()
      for (let version = from + 1; version <= to; version++)
        for (const id of known.byVersion.get(version) ?? []) changed.add(id)
      return changed
    },
  }
}

export type StockChanges = ReturnType<typeof createStockChanges>
