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
 * Answers a catalogue read from the read cache: the key holds the site, its catalogue version, what
 * the caller may see, and the read itself. A client that sends the ETag back gets 304; one that accepts
 * gzip gets the gzipped bytes.
 */
export async function answerCached(
  deps: CatalogueDeps,
  c: Context<AppEnv>,
  caller: Caller,
  read: string,
  compute: () => Promise<unknown>,
): Promise<Response> {
  const audience = caller.kind === 'merchant' ? `merchant:${caller.permissions.join(',')}` : 'shopper'
  const key = `${caller.siteId}|${caller.site.catalogueVersion}|${audience}|${read}`
  return toCachedResponse(await deps.readCache.get(key, compute), {
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
