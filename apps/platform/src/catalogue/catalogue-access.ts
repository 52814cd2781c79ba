import type { Context } from 'hono'
import type { Db } from '../db/db.ts'
import type { AppEnv } from '../http/api.ts'
import type { Caller } from '../http/caller.ts'
import type { Audience } from './products/product-store.ts'
import { type CachedAnswer, type ReadCache, toCachedResponse } from './read-cache.ts'
import type { StockChanges } from './stock-changes.ts'

export interface CatalogueDeps {
  db: Db
  publicUrl: string
  readCache: ReadCache
  stockChanges: StockChanges
}

/** A read cache key: the site, the versions named, what the caller may see, and the read. */
function readKey(caller: Caller, versions: string, read: string): string {
  const audience = caller.kind === 'merchant' ? `merchant:${caller.permissions.join(',')}` : 'shopper'
  return `${caller.siteId}|${versions}|${audience}|${read}`
}

/**
 * The read cache's key of a catalogue read: the site, its catalogue and stock versions (which every change
 * bumps: migrations 005 and 043), what the caller may see, and the read itself (`collections?…`,
 * `graphql/…` for a GraphQL document with its variables). Every entry point that answers catalogue reads
 * from the cache keys them here or with {@link answerProductsCached}, so none can serve an answer after a
 * change or to another audience.
 */
export function catalogueReadKey(caller: Caller, read: string): string {
  return readKey(caller, `${caller.site.catalogueVersion}.${caller.site.stockVersion}`, read)
}

/**
 * Answers a catalogue read from the read cache ({@link catalogueReadKey}). A client that sends the ETag
 * back gets 304; one that accepts gzip gets the gzipped bytes.
 */
export async function answerCached(
  deps: CatalogueDeps,
  c: Context<AppEnv>,
  caller: Caller,
  read: string,
  compute: () => Promise<unknown>,
): Promise<Response> {
  return respond(c, await deps.readCache.get(catalogueReadKey(caller, read), compute))
}

/**
 * Answers a read of products from the read cache, keyed without the stock version: an answer made before a
 * sale is kept when the sale changed the stock counts of none of the products it shows
 * (`productsShown(value)`; `any` for a read whose order or filter names stock counts), and made again when
 * it did (decision 108). A sale of a tracked product thus costs the cache the answers that show it, not all
 * of them; any other change to the catalogue still changes the key.
 */
export async function answerProductsCached<T>(
  deps: CatalogueDeps,
  c: Context<AppEnv>,
  caller: Caller,
  read: string,
  compute: () => Promise<T>,
  productsShown: (value: T) => readonly string[] | 'any',
): Promise<Response> {
  const key = readKey(caller, String(caller.site.catalogueVersion), read)
  const now = caller.site.stockVersion
  // Checked before it is served: one a sale made stale is made again, not first gzipped smaller.
  const kept = deps.readCache.peek(key)
  const served = (answer: CachedAnswer) => respond(c, deps.readCache.find(key) ?? answer)
  if (kept?.stock && kept.stock.version >= now) return served(kept)
  if (kept?.stock && kept.stock.productIds !== 'any') {
    const { productIds, version } = kept.stock
    const changed = await deps.stockChanges.between(deps.db, caller.siteId, version, now)
    if (changed && !productIds.some((id) => changed.has(id))) {
      kept.stock = { productIds, version: now }
      return served(kept)
    }
  }
  const value = await compute()
  return respond(c, deps.readCache.keep(key, value, { version: now, productIds: productsShown(value) }))
}

function respond(c: Context<AppEnv>, answer: CachedAnswer): Response {
  return toCachedResponse(answer, {
    ifNoneMatch: c.req.header('if-none-match'),
    acceptEncoding: c.req.header('accept-encoding'),
  })
}

/** Merchants see hidden products and collections too; shoppers see what is visible. */
export function audienceOf(caller: Caller): Audience {
  return { siteId: caller.siteId, includeHidden: caller.kind === 'merchant' }
}

/** Cost and profit go only to a merchant key with the catalogue permission that asked for them. */
export function wantsMerchantData(caller: Caller, requested: boolean): boolean {
  return requested && caller.kind === 'merchant' && caller.permissions.includes('catalogue')
}
