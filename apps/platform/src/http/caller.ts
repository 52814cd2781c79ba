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

/**
 * An access token a `shopperToken` route's handler checks itself, in its own first statement, rather
 * than in a statement of its own before the handler runs: one round trip less on the hottest writes.
 */
export interface UncheckedAccessToken {
  kind: 'unchecked'
  /** The token's hash (`hashToken`), as the database keeps it. */
  tokenHash: string
  /** When the request arrived: the token must be live then. */
  now: Date
  /** Tells the request who the token proved to be, once it did. */
  checked(caller: ShopperCaller): void
}

/**
 * What a `shopperToken` route's handler gets: the caller when it is already known (an in-process call,
 * or a request whose idempotency key needed the caller first), or the token to check.
 */
export type ShopperCredential = ShopperCaller | UncheckedAccessToken

/** Who is calling: always within one site. */
export type Caller = ShopperCaller | MerchantCaller
