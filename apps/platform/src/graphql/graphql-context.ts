import type { CurrentCart, RequestOrigin } from '../carts/current-cart.ts'
import { audienceOf, wantsMerchantData } from '../catalogue/catalogue-access.ts'
import type { Clock } from '../clock.ts'
import type { Db } from '../db/db.ts'
import type { Caller } from '../http/caller.ts'
import type { DisplayCurrency } from '../sites/display-currencies/display-currencies.ts'
import { type CatalogueLoaders, createCatalogueLoaders } from './catalogue-loaders.ts'

/** What every resolver of one GraphQL request gets. */
export interface GraphQLContext {
  db: Db
  clock: Clock
  publicUrl: string
  caller: Caller
  /** Cost and profit: for merchant API keys with the catalogue permission only. */
  includeMerchantData: boolean
  /** The currency the caller asked prices to be shown in (the x-wix-currency header), when the site offers it. */
  displayCurrency: DisplayCurrency | undefined
  loaders: CatalogueLoaders
  /** The current-cart calls, the same the REST current-cart routes make. */
  carts: CurrentCart
  /** Where the request came from, for the limits the domain enforces (coupon attempts). */
  origin: RequestOrigin
}

/** The context of one request: the caller's audience and fresh loaders. */
export function createGraphQLContext(options: {
  db: Db
  clock: Clock
  publicUrl: string
  carts: CurrentCart
  caller: Caller
  origin: RequestOrigin
  displayCurrency?: DisplayCurrency | undefined
}): GraphQLContext {
  const { db, caller } = options
  return {
    db,
    clock: options.clock,
    publicUrl: options.publicUrl,
    caller,
    includeMerchantData: wantsMerchantData(caller, true),
    displayCurrency: options.displayCurrency,
    loaders: createCatalogueLoaders(db, audienceOf(caller), caller.site.currency),
    carts: options.carts,
    origin: options.origin,
  }
}
