// The public surface of @aisle/sdk, chosen on purpose: index.test.ts guards the runtime exports and
// index.test-d.ts the main signatures.

export {
  ApiKeyStrategy,
  type ApiKeyStrategyOptions,
} from './auth/api-key-strategy.js'
export type { AuthCall, AuthStrategy, AuthTransport } from './auth/auth-strategy.js'
export { type CookieAccessor, createCookieTokenStorage } from './auth/cookie-token-storage.js'
export { decodeTokens, encodeTokens } from './auth/encode-tokens.js'
export { generateCodeChallenge } from './auth/generate-code-challenge.js'
export { generateCodeVerifier } from './auth/generate-code-verifier.js'
export { createLocalStorageTokenStorage, type KeyValueStorage } from './auth/local-storage-token-storage.js'
export {
  type CaptchaSiteKeys,
  type LoginErrorCode,
  type LoginResult,
  LoginState,
} from './auth/login-state.js'
export type {
  AuthUrlOptions,
  CaptchaTokens,
  DirectLoginOptions,
  LoginParams,
  OAuthData,
  RegisterParams,
  ResponseMode,
} from './auth/member-flows.js'
export { OAuthStrategy, type OAuthStrategyOptions } from './auth/oauth-strategy.js'
export type { AuthorizationResponse } from './auth/parse-authorization-response.js'
export type { TokenAnswer } from './auth/request-tokens.js'
export { createMemoryTokenStorage, type TokenStorage } from './auth/token-storage.js'
export { EMPTY_TOKENS, TokenRole, type Tokens } from './auth/tokens.js'
export {
  type AisleClient,
  type AisleModule,
  type AisleModules,
  type CreateClientOptions,
  createClient,
  type ModuleContext,
} from './client.js'
export { AisleError, type AisleErrorOptions, type FailedRequest, isAisleError } from './http/aisle-error.js'
export type { ApiFamily, ApiPrefixes } from './http/api-prefixes.js'
export type {
  GraphQLCall,
  GraphQLError,
  GraphQLOptions,
  GraphQLResponse,
} from './http/create-graphql-call.js'
export type { HttpClient, HttpMethod, QueryParams, RequestOptions } from './http/create-http-client.js'
export type { FetchFunction } from './http/fetch-function.js'
export type { NumberFields } from './http/wire-transform.js'
export { type AuthenticationModule, authentication } from './modules/authentication.js'
export { BOOKINGS_APP_ID, type BookingsModule, bookings } from './modules/bookings.js'
export { type CartsModule, carts } from './modules/carts.js'
export { type CollectionsModule, collections, type QueryCollectionsResponse } from './modules/collections.js'
export { type CurrentCartModule, currentCart } from './modules/current-cart.js'
export { type EventsModule, events } from './modules/events.js'
export { type MembersModule, members } from './modules/members.js'
export { type MembershipsModule, memberships } from './modules/memberships.js'
export { type OrdersModule, orders } from './modules/orders.js'
export {
  type GetProductOptions,
  type GetProductResponse,
  type ProductsModule,
  products,
  type QueryProductsResponse,
} from './modules/products.js'
export { type RecoveryModule, recovery } from './modules/recovery.js'
export { type RedirectsModule, redirects } from './modules/redirects.js'
export {
  type QueryStoreVariantsResponse,
  type StoreVariantsModule,
  storeVariants,
} from './modules/store-variants.js'
export { type VerificationModule, verification } from './modules/verification.js'
export { type WebhooksOptions, webhooks } from './modules/webhooks.js'
export type { QueryMethod } from './query/create-query-method.js'
export type { QueryBuilder, QueryField, QueryValue } from './query/query-builder.js'
export type { QueryResult } from './query/query-result.js'
export type {
  Filter,
  Paging,
  PagingMetadata,
  QueryInput,
  QueryPage,
  QuerySearch,
  Sorting,
  SortOrder,
  WireQuery,
} from './query/wire-query.js'
export type * from './types/address.js'
export type * from './types/booking.js'
export type * from './types/cart.js'
export type * from './types/collection.js'
export type * from './types/enumerations.js'
export type * from './types/identity.js'
export type * from './types/membership.js'
export type * from './types/order.js'
export type * from './types/product.js'
export type * from './types/redirect-session.js'
export type * from './types/store-variant.js'
export type * from './types/ticketed-event.js'
export { type VerifyWebhookOptions, verifyWebhook, type WebhookEvent } from './webhooks/verify-webhook.js'
export type {
  CartDeletedData,
  CartWebhookSubscriptions,
  CollectionChangedData,
  CollectionDeletedData,
  CollectionWebhookSubscriptions,
  ProcessedWebhookEvent,
  ProductChangedData,
  ProductDeletedData,
  ProductVariantsChangedData,
  ProductWebhookSubscriptions,
  ReceivedWebhookEvent,
  RedirectSessionCreatedData,
  RedirectWebhookSubscriptions,
  WebhookEventData,
  WebhookEventType,
  WebhookHandler,
  WebhookHeaders,
  WebhookIdentity,
  WebhookProcessResult,
  WebhookSubscriptionsOf,
  WebhooksModule,
} from './webhooks/webhook-events.js'
