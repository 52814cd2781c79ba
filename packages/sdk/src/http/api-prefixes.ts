import { invalidArgument } from './aisle-error.js'

/**
 * The API families of the platform (spec section 7). A module names its family and the spec's path;
 * the prefix table turns `('ecom', '/v1/carts/current')` into `/ecom/v1/carts/current`.
 */
export type ApiFamily =
  | 'ecom'
  | 'stores'
  | 'bookings'
  | 'events'
  | 'redirects'
  | 'identity'
  | 'oauth'
  | 'graphql'

/** A path prefix per API family (`ecom` -> `/ecom`); `createClient({ apiPrefixes })` overrides some. */
export type ApiPrefixes = Readonly<Record<ApiFamily, string>>

/**
 * The one table that maps families to path prefixes (the wire contract in docs/architecture.md). The
 * token endpoint is `oauth` + `/token` and GraphQL is `graphql` + `/{version}`. An environment whose
 * gateway mounts a family elsewhere overrides entries with `createClient({ apiPrefixes })`.
 */
export const defaultApiPrefixes: ApiPrefixes = {
  ecom: '/ecom',
  stores: '/stores',
  bookings: '/bookings',
  events: '/events',
  redirects: '/redirects',
  identity: '/identity',
  oauth: '/oauth2',
  graphql: '/graphql',
}

/**
 * Merges an environment's overrides into {@link defaultApiPrefixes}.
 *
 * @throws {AisleError} `INVALID_ARGUMENT` for an unknown family or a prefix that is neither empty nor
 * a path starting with `/` and not ending with one.
 */
export function toApiPrefixes(overrides: Partial<Record<ApiFamily, string>> = {}): ApiPrefixes {
  const prefixes: Record<string, string> = { ...defaultApiPrefixes }
  for (const [family, prefix] of Object.entries(overrides)) {
    if (!Object.hasOwn(defaultApiPrefixes, family) || !/^(\/[^/?#]+)*$/.test(String(prefix))) {
      throw invalidArgument(`"apiPrefixes.${family}" must be '' or a path like '/ecom'`)
    }
    prefixes[family] = prefix
  }
  return prefixes as ApiPrefixes
}

/** Returns the full path of a call: the family's prefix followed by the spec's path. */
export function toApiPath(api: ApiFamily, path: string, prefixes: ApiPrefixes = defaultApiPrefixes): string {
  return prefixes[api] + path
}
