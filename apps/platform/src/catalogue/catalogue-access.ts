import type { Db } from '../db/db.ts'
import type { Caller } from '../http/caller.ts'
import type { Audience } from './product-store.ts'

export interface CatalogueDeps {
  db: Db
  publicUrl: string
}

/** Merchants see hidden products and collections too; shoppers see what is visible. */
export function audienceOf(caller: Caller): Audience {
  return { siteId: caller.siteId, includeHidden: caller.kind === 'merchant' }
}

/** Cost and profit go only to a merchant key with the catalogue permission that asked for them. */
export function wantsMerchantData(caller: Caller, requested: boolean): boolean {
  return requested && caller.kind === 'merchant' && caller.permissions.includes('catalogue')
}
