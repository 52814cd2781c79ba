import type { ProductRecord } from '../catalogue/products/product-store.ts'
import type { Db } from '../db/db.ts'
import { isUuid } from '../http/validation.ts'
import { readVisibleProducts } from './cart-store.ts'

/** A site's products as one catalogue version holds them; `null`: no visible product has that id. */
interface KeptCatalogue {
  version: number
  products: Map<string, ProductRecord | null>
}

export interface CartProductsOptions {
  /** Products kept per site; the longest kept go first. */
  maxProductsPerSite?: number
  /** Sites kept; the longest kept go first. */
  maxSites?: number
}

/**
 * The products a cart prices its lines with, kept in this process per site and version of its products.
 * Every change to a site's catalogue bumps its catalogue version in the same transaction, whoever makes it
 * (migration 005: statement triggers on products, variants, collections and their links), and every change
 * of stock counts only its stock version (migration 043); a cart's read returns their sum in its own
 * snapshot, which grows with either, so a cart's stock checks see every sale. (The catalogue's read cache
 * keeps its answers across stock changes instead, `catalogue/stock-changes.ts`.) So a product kept under
 * that version is the product as the read's snapshot holds it, and the cart's statements need not read it
 * again; a product not kept (new to this process, or the catalogue has changed since) is read by primary
 * key with the version of its own statement, and kept under it.
 */
export function createCartProducts(options: CartProductsOptions = {}) {
  const maxProductsPerSite = options.maxProductsPerSite ?? 5_000
  const maxSites = options.maxSites ?? 100
  const sites = new Map<string, KeptCatalogue>()

  function keep(siteId: string, version: number, asked: readonly string[], read: Map<string, ProductRecord>) {
    let kept = sites.get(siteId)
    // A request that read an older version than one already kept (it raced a catalogue change) keeps nothing.
    if (kept && kept.version > version) return
    if (!kept || kept.version < version) {
      sites.delete(siteId)
      kept = { version, products: new Map() }
      sites.set(siteId, kept)
      if (sites.size > maxSites) sites.delete(sites.keys().next().value as string)
    }
    for (const id of asked) kept.products.set(id, read.get(id) ?? null)
    while (kept.products.size > maxProductsPerSite) {
      kept.products.delete(kept.products.keys().next().value as string)
    }
  }

  return {
    /**
     * The visible products of the site with these ids as the site's catalogue `version` holds them (or
     * newer, for those read now). Ids that are not UUIDs name no product and are left out.
     */
    async find(
      db: Db,
      siteId: string,
      version: number,
      ids: readonly string[],
    ): Promise<Map<string, ProductRecord>> {
      const kept = sites.get(siteId)
      const current = kept?.version === version ? kept.products : undefined
      const found = new Map<string, ProductRecord>()
      const missing: string[] = []
      for (const id of new Set(ids)) {
        if (!isUuid(id)) continue
        const record = current?.get(id.toLowerCase())
        if (record === undefined) missing.push(id.toLowerCase())
        else if (record) found.set(record.product.id, record)
      }
      if (missing.length === 0) return found
      const read = await readVisibleProducts(db, siteId, missing)
      for (const record of read.products.values()) found.set(record.product.id, record)
      keep(siteId, read.catalogueVersion, missing, read.products)
      return found
    },
  }
}

export type CartProducts = ReturnType<typeof createCartProducts>
