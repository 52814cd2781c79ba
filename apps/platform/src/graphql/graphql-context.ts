import type { Hono } from 'hono'
import { audienceOf, wantsMerchantData } from '../catalogue/catalogue-access.ts'
import type { Db } from '../db/db.ts'
import type { AppEnv } from '../http/api.ts'
import type { Caller } from '../http/caller.ts'
import { type CatalogueLoaders, createCatalogueLoaders } from './catalogue-loaders.ts'
import { type CurrentCartCalls, createCurrentCartCalls } from './current-cart-calls.ts'

/** What every resolver of one GraphQL request gets. */
export interface GraphQLContext {
  db: Db
  publicUrl: string
  caller: Caller
  /** Cost and profit: for merchant API keys with the catalogue permission only. */
  includeMerchantData: boolean
  loaders: CatalogueLoaders
  currentCart: CurrentCartCalls
}

/** The context of one request: the caller's audience, fresh loaders, the caller's cart calls. */
export function createGraphQLContext(options: {
  db: Db
  publicUrl: string
  hono: Hono<AppEnv>
  caller: Caller
  requestId: string
}): GraphQLContext {
  const { db, caller } = options
  return {
    db,
    publicUrl: options.publicUrl,
    caller,
    includeMerchantData: wantsMerchantData(caller, true),
    loaders: createCatalogueLoaders(db, audienceOf(caller), caller.site.currency),
    currentCart: createCurrentCartCalls(options.hono, caller, options.requestId),
  }
}
