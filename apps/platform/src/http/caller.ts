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

/**
 * A merchant of one site: their server proven by an API key (with the permissions the key was given),
 * or a site owner signed in to the dashboard (`siteUserId`, every permission).
 */
export interface MerchantCaller {
  kind: 'merchant'
  siteId: string
  site: Site
  /** The API key that proves the caller; empty for a site owner acting through the dashboard. */
  apiKeyId: string
  /** The site owner (the spec's site user) acting through the dashboard. */
  siteUserId?: string
  permissions: readonly string[]
}

/** Who is calling: always within one site. */
export type Caller = ShopperCaller | MerchantCaller
