import type { Site } from '../sites/site-store.ts'

/** A shopper proven by an access token: a visitor or a member of one site. */
export interface ShopperCaller {
  kind: 'visitor' | 'member'
  siteId: string
  /** The caller's site, read with the credential: currency, locale and units for the answer. */
  site: Site
  clientId: string
  /** The visitor's or member's id. */
  subjectId: string
}

/** A merchant's server proven by an API key of one site, with the permissions the key was given. */
export interface MerchantCaller {
  kind: 'merchant'
  siteId: string
  site: Site
  apiKeyId: string
  permissions: readonly string[]
}

/** Who is calling: always within one site. */
export type Caller = ShopperCaller | MerchantCaller
