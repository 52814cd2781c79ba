// The public surface of @aisle/sdk, chosen on purpose: index.test.ts guards the runtime exports.

export type { AuthStrategy, AuthTransport } from './auth/auth-strategy.js'
export { type CookieAccessor, createCookieTokenStorage } from './auth/cookie-token-storage.js'
export { decodeTokens, encodeTokens } from './auth/encode-tokens.js'
export { createLocalStorageTokenStorage, type KeyValueStorage } from './auth/local-storage-token-storage.js'
export { OAuthStrategy, type OAuthStrategyOptions } from './auth/oauth-strategy.js'
export { createMemoryTokenStorage, type TokenStorage } from './auth/token-storage.js'
export { TokenRole, type Tokens } from './auth/tokens.js'
export {
  type AisleClient,
  type AisleModule,
  type AisleModules,
  type CreateClientOptions,
  createClient,
} from './client.js'
export { AisleError, type AisleErrorOptions, type FailedRequest, isAisleError } from './http/aisle-error.js'
export type { ApiFamily } from './http/api-prefixes.js'
export type { HttpClient, HttpMethod, RequestOptions } from './http/create-http-client.js'
export type { FetchFunction } from './http/fetch-function.js'
export type { NumberFields } from './http/wire-transform.js'
export { type CollectionsModule, collections } from './modules/collections.js'
export { type CurrentCartModule, currentCart } from './modules/current-cart.js'
export {
  type GetProductOptions,
  type GetProductResponse,
  type ProductsModule,
  products,
} from './modules/products.js'
export type { QueryBuilder, QueryField, QueryValue } from './query/query-builder.js'
export type { QueryResult } from './query/query-result.js'
export type {
  Filter,
  Paging,
  PagingMetadata,
  QueryPage,
  Sorting,
  SortOrder,
  WireQuery,
} from './query/wire-query.js'
export type * from './types/address.js'
export type * from './types/cart.js'
export type * from './types/collection.js'
export type * from './types/enumerations.js'
export type * from './types/product.js'
