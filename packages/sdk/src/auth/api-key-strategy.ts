import { AisleError } from '../http/aisle-error.js'
import type { AuthStrategy } from './auth-strategy.js'

/** Options of {@link ApiKeyStrategy}. */
export interface ApiKeyStrategyOptions {
  /** The merchant's API key, from the dashboard. Keep it on a server: it is never for a browser. */
  apiKey: string
  /** The id of the site the key belongs to. */
  siteId: string
}

/** A merchant's credentials: `client.auth` of a client that uses {@link ApiKeyStrategy}. */
export interface ApiKeyStrategy extends AuthStrategy {
  /** The site the calls act on. */
  readonly siteId: string
}

/**
 * Creates the strategy for merchant calls (the catalogue write calls, `signOn`): every call carries the
 * API key as `Authorization` and the site id as `aisle-site-id`. There are no tokens to renew.
 *
 * @throws {AisleError} `INVALID_ARGUMENT` for an empty `apiKey` or `siteId`.
 * @example
 * ```ts
 * const admin = createClient({
 *   auth: ApiKeyStrategy({ apiKey: process.env.AISLE_API_KEY!, siteId: process.env.AISLE_SITE_ID! }),
 *   modules: { products },
 *   baseUrl: 'http://127.0.0.1:4000',
 * })
 * await admin.products.removeRibbon(productId)
 * ```
 */
export function ApiKeyStrategy(options: ApiKeyStrategyOptions): ApiKeyStrategy {
  const { apiKey, siteId } = options
  for (const [name, value] of [
    ['apiKey', apiKey],
    ['siteId', siteId],
  ]) {
    if (typeof value !== 'string' || value === '') {
      throw new AisleError({ code: 'INVALID_ARGUMENT', message: `"${name}" must be a non-empty string` })
    }
  }
  const headers = { authorization: apiKey, 'aisle-site-id': siteId }
  return {
    siteId,
    getAuthHeaders: async () => ({ ...headers }),
  }
}
