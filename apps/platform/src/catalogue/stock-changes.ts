import type { Db } from '../db/db.ts'
import { STOCK_CHANGES_KEPT } from '../db/migrations/043-stock-versions.ts'
import { readStockChanges, type StockChangeEntry } from './products/stock-store.ts'

interface KnownChanges {
  /** The newest stock version read. */
  upTo: number
  /** The changes by the stock version that made them, for every version above `upTo - KEPT`. */
  byVersion: Map<number, StockChangeEntry[]>
}

/** What the sales between two stock versions changed. */
export interface StockChangesSince {
  /** The products whose stock counts or in-stock state changed. */
  products: ReadonlySet<string>
  /** Of those, the ones that went in or out of stock, each with the ids of the collections it is in. */
  flipped: ReadonlyMap<string, readonly string[]>
}

/**
 * What a cached catalogue answer shows of the site's stock (decision 108): the products whose stock it
 * shows (`any`: it orders or filters by stock counts, so any change may change it), and for a list filtered
 * on being in stock, the collections it keeps to (`any`: none named), since a product among them that goes
 * in or out of stock joins or leaves it even when it is not shown (decision 111).
 */
export interface StockShown {
  productIds: readonly string[] | 'any'
  listsInStockOf?: readonly string[] | 'any' | undefined
}

/** Whether an answer that shows `shown` is still right after `changes`. */
export function isUntouchedBy(shown: StockShown, changes: StockChangesSince): boolean {
  if (shown.productIds === 'any') return false
  if (shown.productIds.some((id) => changes.products.has(id))) return false
  const lists = shown.listsInStockOf
  if (lists === undefined || changes.flipped.size === 0) return true
  if (lists === 'any') return false
  for (const collections of changes.flipped.values())
    if (collections.some((id) => lists.includes(id))) return false
  return true
}

/**
 * Which products' stock changed between two stock versions of a site (migrations 043 and 044), so that a
 * cached catalogue answer made at the older version can be kept when nothing it shows changed (decisions
 * 108 and 111). What a process knows of a site comes from one statement, read again only when a caller names
 * a newer version than the one read; so a sale costs each process one small statement, not its cached answers.
 */
export function createStockChanges(options: { maxSites?: number } = {}) {
  const maxSites = options.maxSites ?? 100
  const sites = new Map<string, KnownChanges>()

  async function read(db: Db, siteId: string): Promise<KnownChanges | undefined> {
    const row = await readStockChanges(db, siteId)
    if (!row) return undefined
    const byVersion = new Map<number, StockChangeEntry[]>()
    for (const entry of row.changes) byVersion.set(entry.v, [...(byVersion.get(entry.v) ?? []), entry])
    const known = { upTo: row.version, byVersion }
    sites.delete(siteId)
    sites.set(siteId, known)
    if (sites.size > maxSites) sites.delete(sites.keys().next().value as string)
    return known
  }

  return {
    /**
     * What changed after stock version `from` up to `to`; undefined when that is not known: the versions
     * are older than the site keeps, or the database read has not reached `to` yet (a replica behind the
     * caller's). A caller that gets undefined must not reuse an answer made at `from`.
     */
    async between(db: Db, siteId: string, from: number, to: number): Promise<StockChangesSince | undefined> {
      if (from >= to) return { products: new Set(), flipped: new Map() }
      let known = sites.get(siteId)
      if (!known || known.upTo < to) known = await read(db, siteId)
      if (!known || known.upTo < to || from < known.upTo - STOCK_CHANGES_KEPT) return undefined
      const products = new Set<string>()
      const flipped = new Map<string, readonly string[]>()
      for (let version = from + 1; version <= to; version++)
        for (const entry of known.byVersion.get(version) ?? []) {
          products.add(entry.p)
          if (entry.f) flipped.set(entry.p, entry.f)
        }
      return { products, flipped }
    },
  }
}

export type StockChanges = ReturnType<typeof createStockChanges>
