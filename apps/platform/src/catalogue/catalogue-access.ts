import type { Context } from 'hono'
import type { Db } from '../db/db.ts'
import type { AppEnv } from '../http/api.ts'
import type { Caller } from '../http/caller.ts'
import type { Audience } from './products/product-store.ts'
import { type ReadCache, toCachedResponse } from './read-cache.ts'

export interface CatalogueDeps {
  db: Db
  publicUrl: string
  readCache: ReadCache
}

/**
 * The read cache's key of a catalogue read: the site, its catalogue version (which every catalogue
 * change bumps), what the caller may see, and the read itself (`products?…` for a REST query,
 * `graphql/…` for a GraphQL document with its variables). Every entry point that answers catalogue
 * reads from the cache keys them here, so none can serve a page after a change or to another audience.
 */
export function catalogueReadKey(caller: Caller, read: string): string {
  const audience = caller.kind === 'merchant' ? `merchant:${caller.permissions.join(',')}` : 'shopper'
  return `${caller.siteId}|${caller.site.catalogueVersion}|${audience}|${read}`
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
  return toCachedResponse(await deps.readCache.get(catalogueReadKey(caller, read), compute), {
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
