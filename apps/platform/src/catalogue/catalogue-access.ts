import type { Context } from 'hono'
import type { Db } from '../db/db.ts'
import type { AppEnv } from '../http/api.ts'
import type { Caller } from '../http/caller.ts'
import type { Audience } from './products/product-store.ts'
import { type CachedAnswer, type ReadCache, toCachedResponse } from './read-cache.ts'
import { isUntouchedBy, type StockChanges, type StockShown } from './stock-changes.ts'

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
 * sale is kept when the sale changed nothing it shows (`stockShown(value)`: the products whose stock it
 * shows, `any` for a read whose order or filter names stock counts, and for a list filtered on being in
 * stock, the collections a product going in or out of stock would join or leave it in), and made again when
 * it did (decisions 108 and 111). A sale thus costs the cache the answers it touches, not all of them; any
 * other change to the catalogue still changes the key.
 */
export async function answerProductsCached<T>(
  deps: CatalogueDeps,
  c: Context<AppEnv>,
  caller: Caller,
  read: string,
  compute: () => Promise<T>,
  stockShown: (value: T) => StockShown,
): Promise<Response> {
  const key = readKey(caller, String(caller.site.catalogueVersion), read)
  const now = caller.site.stockVersion
  // Checked before it is served: one a sale made stale is made again, not first gzipped smaller.
  const kept = deps.readCache.peek(key)
  const served = (answer: CachedAnswer) => respond(c, deps.readCache.find(key) ?? answer)
  if (kept?.stock && kept.stock.version >= now) return served(kept)
  if (kept?.stock && kept.stock.productIds !== 'any') {
    const changes = await deps.stockChanges.between(deps.db, caller.siteId, kept.stock.version, now)
    if (changes && isUntouchedBy(kept.stock, changes)) {
      kept.stock = { ...kept.stock, version: now }
      return served(kept)
    }
  }
  const value = await compute()
  return respond(c, deps.readCache.keep(key, value, { ...stockShown(value), version: now }))
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
