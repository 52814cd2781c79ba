/**
 * The API families of the platform (spec section 7). A module names its family and the spec's path;
 * the prefix table below turns `('ecom', '/v1/carts/current')` into `/ecom/v1/carts/current`.
 */
export type ApiFamily = 'ecom' | 'stores' | 'redirects' | 'identity' | 'oauth' | 'graphql'

// The one place that maps families to path prefixes (the wire contract in docs/architecture.md).
// `oauth` and `graphql` paths are spelt in full by their callers (`/oauth2/token`, `/graphql/alpha`).
const apiPrefixes: Readonly<Record<ApiFamily, string>> = {
  ecom: '/ecom',
  stores: '/stores',
  redirects: '/redirects',
  identity: '/identity',
  oauth: '',
  graphql: '',
}

/** Returns the full path of a call: the family's prefix followed by the spec's path. */
export function toApiPath(api: ApiFamily, path: string): string {
  return apiPrefixes[api] + path
}
