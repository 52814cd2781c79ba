import type {
  AuthenticationModule,
  BookingsModule,
  BulkProductsResponse,
  Collection,
  CollectionsModule,
  CreateCheckoutResponse,
  CreateRedirectSessionResponse,
  CurrentCartModule,
  EstimateTotalsResponse,
  EventsModule,
  Product,
  GraphQLResponse as SdkGraphQLResponse,
  ProductOptionsAvailabilityResponse as SdkOptionsAvailability,
  QueryCollectionsResponse as SdkQueryCollections,
  QueryProductsResponse as SdkQueryProducts,
  QueryProductVariantsResponse as SdkQueryProductVariants,
  QueryStoreVariantsResponse as SdkQueryStoreVariants,
  StartVerificationResponse as SdkStartVerification,
  UpdateProductVariantsResponse as SdkUpdateProductVariants,
  StoreVariant,
  TokenAnswer,
  VerificationModule,
} from '@aisle/sdk'
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest'
import type { z } from 'zod'
import {
  CreateBookingResponse,
  GetServiceResponse,
  ListTimeSlotsResponse,
  QueryServicesResponse,
} from './bookings/booking-routes.ts'
import { CartResponse } from './carts/cart-routes.ts'
import { BulkResponse } from './catalogue/bulk/bulk-routes.ts'
import { CollectionResponse, QueryCollectionsResponse } from './catalogue/collections/collection-routes.ts'
import {
  GetProductResponse,
  ProductOptionsAvailabilityResponse,
  QueryProductsResponse,
  QueryProductVariantsResponse,
} from './catalogue/products/product-routes.ts'
import { ProductResponse, UpdateProductVariantsResponse } from './catalogue/products/product-write-routes.ts'
import { GetVariantResponse, QueryVariantsResponse } from './catalogue/products/variant-routes.ts'
import { CreateCheckoutResponse as WireCreateCheckout } from './checkout/checkout-routes.ts'
import { CartEstimateSchema } from './checkout/checkout-schemas.ts'
import type { Db } from './db/db.ts'
import { GraphQLResponse } from './graphql/graphql-routes.ts'
import { AuthenticationResponse } from './identity/identity-wire.ts'
import { StartVerificationResponse } from './identity/members/verification-routes.ts'
import { SignOnResponse } from './identity/sso/sign-on-routes.ts'
import { TokenResponse } from './oauth/token-routes.ts'
import { RedirectSessionResponse } from './redirects/redirect-session-routes.ts'
import { openTestDatabase } from './testing/test-database.ts'
import { createTestPlatform } from './testing/test-platform.ts'
import type { Drift, FromWire, NoDrift } from './testing/wire-types.ts'
import {
  QueryAvailableTicketsResponse,
  QueryEventsResponse,
} from './ticketed-events/ticketed-event-routes.ts'
import { ReservationSchema } from './ticketed-events/ticketed-event-wire.ts'

/** What the SDK hands its caller for an answer of this schema: the wire renamed (`id` -> `_id`...). */
type Sdk<S extends z.ZodType> = FromWire<z.output<S>>
/** What a module's method resolves with. */
type Answer<M, K extends keyof M> = M[K] extends (...args: never[]) => Promise<infer A> ? A : never
/** An answer without the hidden key that keeps the earlier `{ cart }` / `{ product }` shape readable. */
type Unkeyed<T, K extends string> = Omit<T, K>

/**
 * Every call of spec section 7 the SDK makes, with the route that answers it and the schema it declares.
 * `read: true`: the SDK hands the answer to its caller, so its type is checked against the schema
 * (below); `read: false`: the SDK resolves with nothing (or only builds the URL), so there is no type.
 */
// biome-ignore format: one call a line, as the spec lists them
const SPEC_CALLS = [
  // Current cart (ecom)
  { call: 'GET /v1/carts/current', route: 'GET /ecom/v1/carts/current', response: CartResponse, read: true },
  { call: 'PATCH /v1/carts/current', route: 'PATCH /ecom/v1/carts/current', response: CartResponse, read: true },
  { call: 'POST /v1/carts/current/add-to-cart', route: 'POST /ecom/v1/carts/current/add-to-cart', response: CartResponse, read: true },
  { call: 'POST /v1/carts/current/remove-line-items', route: 'POST /ecom/v1/carts/current/remove-line-items', response: CartResponse, read: true },
  { call: 'POST /v1/carts/current/update-line-items-quantity', route: 'POST /ecom/v1/carts/current/update-line-items-quantity', response: CartResponse, read: true },
  { call: 'POST /v1/carts/current/remove-coupon', route: 'POST /ecom/v1/carts/current/remove-coupon', response: CartResponse, read: true },
  { call: 'POST /v1/carts/current/estimate-totals', route: 'POST /ecom/v1/carts/current/estimate-totals', response: CartEstimateSchema, read: true },
  { call: 'POST /v1/carts/current/create-checkout', route: 'POST /ecom/v1/carts/current/create-checkout', response: WireCreateCheckout, read: true },
  { call: 'DELETE /v1/carts/current', route: 'DELETE /ecom/v1/carts/current', read: false },
  // Redirects (also the auth, login and logout sessions of the member flows)
  { call: 'POST /v1/redirect-session', route: 'POST /redirects/v1/redirect-session', response: RedirectSessionResponse, read: true },
  // Collections (read)
  { call: 'GET /v2/collections/{id}', route: 'GET /stores/v2/collections/:id', response: CollectionResponse, read: true },
  { call: 'GET /v2/collections/slug/{slug}', route: 'GET /stores/v2/collections/slug/:slug', response: CollectionResponse, read: true },
  { call: 'POST /v2/collections/query', route: 'POST /stores/v2/collections/query', response: QueryCollectionsResponse, read: true },
  // Catalogue (read)
  { call: 'GET /v1/products/{id}', route: 'GET /stores/v1/products/:id', response: GetProductResponse, read: true },
  { call: 'GET /v1/collections/slug/{slug}', route: 'GET /stores/v1/collections/slug/:slug', response: CollectionResponse, read: true },
  { call: 'POST /v1/products/{id}/productOptionsAvailability', route: 'POST /stores/v1/products/:id/productOptionsAvailability', response: ProductOptionsAvailabilityResponse, read: true },
  { call: 'POST /v1/products/{id}/variants/query', route: 'POST /stores/v1/products/:id/variants/query', response: QueryProductVariantsResponse, read: true },
  { call: 'POST /v1/variants/query', route: 'POST /stores/v1/variants/query', response: QueryVariantsResponse, read: true },
  { call: 'GET /v1/variants/{id}', route: 'GET /stores/v1/variants/:id', response: GetVariantResponse, read: true },
  { call: 'POST /v1/products/query-platformized', route: 'POST /stores/v1/products/query-platformized', response: QueryProductsResponse, read: true },
  // Catalogue (write)
  { call: 'POST /v1/products', route: 'POST /stores/v1/products', response: ProductResponse, read: true },
  { call: 'PATCH /v1/products/{product.id}', route: 'PATCH /stores/v1/products/:id', response: ProductResponse, read: true },
  { call: 'DELETE /v1/products/{id}', route: 'DELETE /stores/v1/products/:id', read: false },
  { call: 'PATCH /v1/products/{id}/variants', route: 'PATCH /stores/v1/products/:id/variants', response: UpdateProductVariantsResponse, read: true },
  { call: 'POST /v1/products/{id}/variants/resetToDefault', route: 'POST /stores/v1/products/:id/variants/resetToDefault', read: false },
  { call: 'POST /v1/collections/{id}/productIds', route: 'POST /stores/v1/collections/:id/productIds', read: false },
  { call: 'POST /v1/collections/{id}/productIds/delete', route: 'POST /stores/v1/collections/:id/productIds/delete', read: false },
  { call: 'POST /v1/products/{id}/media', route: 'POST /stores/v1/products/:id/media', read: false },
  { call: 'POST /v1/products/{id}/media/delete', route: 'POST /stores/v1/products/:id/media/delete', read: false },
  { call: 'PATCH /v1/products/{id}/choices/media', route: 'PATCH /stores/v1/products/:id/choices/media', read: false },
  { call: 'POST /v1/products/{id}/choices/media/delete', route: 'POST /stores/v1/products/:id/choices/media/delete', read: false },
  { call: 'DELETE /v1/products/{id}/options', route: 'DELETE /stores/v1/products/:id/options', read: false },
  { call: 'POST /v1/products/{id}/remove-brand', route: 'POST /stores/v1/products/:id/remove-brand', read: false },
  { call: 'POST /v1/products/{id}/remove-ribbon', route: 'POST /stores/v1/products/:id/remove-ribbon', read: false },
  { call: 'POST /v1/collections', route: 'POST /stores/v1/collections', response: CollectionResponse, read: true },
  { call: 'PATCH /v1/collections/{collection.id}', route: 'PATCH /stores/v1/collections/:id', response: CollectionResponse, read: true },
  { call: 'DELETE /v1/collections/{id}', route: 'DELETE /stores/v1/collections/:id', read: false },
  { call: 'POST /v1/bulk/products/update', route: 'POST /stores/v1/bulk/products/update', response: BulkResponse, read: true },
  { call: 'POST /v1/bulk/products/adjust-properties', route: 'POST /stores/v1/bulk/products/adjust-properties', response: BulkResponse, read: true },
  { call: 'POST /v2/products-platformized', route: 'POST /stores/v2/products-platformized', response: ProductResponse, read: true },
  { call: 'PATCH /v2/products-platformized/{product.id}', route: 'PATCH /stores/v2/products-platformized/:id', response: ProductResponse, read: true },
  { call: 'DELETE /v2/products-platformized/{id}', route: 'DELETE /stores/v2/products-platformized/:id', read: false },
  // Bookings (read)
  { call: 'POST /v2/services/query', route: 'POST /bookings/v2/services/query', response: QueryServicesResponse, read: true },
  { call: 'GET /v2/services/{serviceId}', route: 'GET /bookings/v2/services/:serviceId', response: GetServiceResponse, read: true },
  { call: 'POST /v2/time-slots', route: 'POST /bookings/v2/time-slots', response: ListTimeSlotsResponse, read: true },
  { call: 'POST /v2/bookings', route: 'POST /bookings/v2/bookings', response: CreateBookingResponse, read: true },
  // Events (decision 070)
  { call: 'POST /v3/events/query', route: 'POST /events/v3/events/query', response: QueryEventsResponse, read: true },
  { call: 'POST /v1/checkout/available-tickets/query', route: 'POST /events/v1/checkout/available-tickets/query', response: QueryAvailableTicketsResponse, read: true },
  { call: 'POST /v1/checkout/reservations', route: 'POST /events/v1/checkout/reservations', response: ReservationSchema, read: true },
  // Identity and authentication
  { call: 'POST /v1/register', route: 'POST /identity/v1/register', response: AuthenticationResponse, read: true },
  { call: 'POST /v1/login', route: 'POST /identity/v1/login', response: AuthenticationResponse, read: true },
  { call: 'POST /v2/register', route: 'POST /identity/v2/register', response: AuthenticationResponse, read: true },
  { call: 'POST /v2/login', route: 'POST /identity/v2/login', response: AuthenticationResponse, read: true },
  { call: 'POST /v2/change-password', route: 'POST /identity/v2/change-password', read: false },
  { call: 'POST /v1/sso/login-with-token-params', route: 'POST /identity/v1/sso/login-with-token-params', response: AuthenticationResponse, read: true },
  { call: 'POST /v1/state/proceed', route: 'POST /identity/v1/state/proceed', response: AuthenticationResponse, read: true },
  { call: 'POST /v2/sign-on', route: 'POST /identity/v2/sign-on', response: SignOnResponse, read: true },
  // The SDK only builds this URL (`logoutUrl`); the browser goes there.
  { call: 'GET /v1/logout', route: 'GET /identity/v1/logout', read: false },
  { call: 'POST /v1/send-email', route: 'POST /identity/v1/send-email', read: false },
  { call: 'POST /v1/activation-email', route: 'POST /identity/v1/activation-email', read: false },
  { call: 'POST /v1/recover', route: 'POST /identity/v1/recover', read: false },
  { call: 'POST /v1/Start', route: 'POST /identity/v1/Start', response: StartVerificationResponse, read: true },
  { call: 'POST /v1/auth/verify', route: 'POST /identity/v1/auth/verify', response: AuthenticationResponse, read: true },
  { call: 'POST /v1/auth/resend', route: 'POST /identity/v1/auth/resend', response: AuthenticationResponse, read: true },
  { call: 'POST /oauth2/token', route: 'POST /oauth2/token', response: TokenResponse, read: true },
  { call: 'POST /graphql/{version}', route: 'POST /graphql/:version', response: GraphQLResponse, read: true },
] as const

/**
 * For every call whose answer the SDK reads: how the SDK's answer type differs from the route's
 * response schema, renamed as the SDK renames. The token endpoint and GraphQL are read as they are.
 */
interface ReadAnswers {
  'POST /v2/services/query': Drift<Answer<BookingsModule, 'queryServices'>, Sdk<typeof QueryServicesResponse>>
  'GET /v2/services/{serviceId}': Drift<Answer<BookingsModule, 'getService'>, Sdk<typeof GetServiceResponse>>
  'POST /v2/time-slots': Drift<
    Answer<BookingsModule, 'listAvailabilityTimeSlots'>,
    Sdk<typeof ListTimeSlotsResponse>
  >
  'POST /v2/bookings': Drift<Answer<BookingsModule, 'createBooking'>, Sdk<typeof CreateBookingResponse>>
  'POST /v3/events/query': Drift<Answer<EventsModule, 'queryEvents'>, Sdk<typeof QueryEventsResponse>>
  'POST /v1/checkout/available-tickets/query': Drift<
    Answer<EventsModule, 'queryAvailableTickets'>,
    Sdk<typeof QueryAvailableTicketsResponse>
  >
  'POST /v1/checkout/reservations': Drift<
    Answer<EventsModule, 'createReservation'>,
    Sdk<typeof ReservationSchema>
  >
  'GET /v1/carts/current': Drift<
    Answer<CurrentCartModule, 'getCurrentCart'>,
    Sdk<typeof CartResponse>['cart']
  >
  'PATCH /v1/carts/current': Drift<
    Answer<CurrentCartModule, 'updateCurrentCart'>,
    Sdk<typeof CartResponse>['cart']
  >
  'POST /v1/carts/current/add-to-cart': Drift<
    Unkeyed<Answer<CurrentCartModule, 'addToCurrentCart'>, 'cart'>,
    Sdk<typeof CartResponse>['cart']
  >
  'POST /v1/carts/current/remove-line-items': Drift<
    Unkeyed<Answer<CurrentCartModule, 'removeLineItemsFromCurrentCart'>, 'cart'>,
    Sdk<typeof CartResponse>['cart']
  >
  'POST /v1/carts/current/update-line-items-quantity': Drift<
    Unkeyed<Answer<CurrentCartModule, 'updateCurrentCartLineItemQuantity'>, 'cart'>,
    Sdk<typeof CartResponse>['cart']
  >
  'POST /v1/carts/current/remove-coupon': Drift<
    Unkeyed<Answer<CurrentCartModule, 'removeCouponFromCurrentCart'>, 'cart'>,
    Sdk<typeof CartResponse>['cart']
  >
  'POST /v1/carts/current/estimate-totals': Drift<EstimateTotalsResponse, Sdk<typeof CartEstimateSchema>>
  'POST /v1/carts/current/create-checkout': Drift<CreateCheckoutResponse, Sdk<typeof WireCreateCheckout>>
  'POST /v1/redirect-session': Drift<CreateRedirectSessionResponse, Sdk<typeof RedirectSessionResponse>>
  'GET /v2/collections/{id}': Drift<
    Answer<CollectionsModule, 'getCollection'>,
    Sdk<typeof CollectionResponse>['collection']
  >
  'GET /v2/collections/slug/{slug}': Drift<
    Answer<CollectionsModule, 'getCollectionBySlug'>,
    Sdk<typeof CollectionResponse>['collection']
  >
  'POST /v2/collections/query': Drift<SdkQueryCollections, Sdk<typeof QueryCollectionsResponse>>
  'GET /v1/products/{id}': Drift<
    Unkeyed<Product & { product?: Product }, 'product'>,
    Sdk<typeof GetProductResponse>['product']
  >
  'GET /v1/collections/slug/{slug}': Drift<Collection, Sdk<typeof CollectionResponse>['collection']>
  'POST /v1/products/{id}/productOptionsAvailability': Drift<
    SdkOptionsAvailability,
    Sdk<typeof ProductOptionsAvailabilityResponse>
  >
  'POST /v1/products/{id}/variants/query': Drift<
    SdkQueryProductVariants,
    Sdk<typeof QueryProductVariantsResponse>
  >
  'POST /v1/variants/query': Drift<SdkQueryStoreVariants, Sdk<typeof QueryVariantsResponse>>
  'GET /v1/variants/{id}': Drift<StoreVariant, Sdk<typeof GetVariantResponse>['variant']>
  'POST /v1/products/query-platformized': Drift<SdkQueryProducts, Sdk<typeof QueryProductsResponse>>
  'POST /v1/products': Drift<Product, Sdk<typeof ProductResponse>['product']>
  'PATCH /v1/products/{product.id}': Drift<Product, Sdk<typeof ProductResponse>['product']>
  'PATCH /v1/products/{id}/variants': Drift<
    SdkUpdateProductVariants,
    Sdk<typeof UpdateProductVariantsResponse>
  >
  'POST /v1/collections': Drift<Collection, Sdk<typeof CollectionResponse>['collection']>
  'PATCH /v1/collections/{collection.id}': Drift<Collection, Sdk<typeof CollectionResponse>['collection']>
  'POST /v1/bulk/products/update': Drift<BulkProductsResponse, Sdk<typeof BulkResponse>>
  'POST /v1/bulk/products/adjust-properties': Drift<BulkProductsResponse, Sdk<typeof BulkResponse>>
  'POST /v2/products-platformized': Drift<Product, Sdk<typeof ProductResponse>['product']>
  'PATCH /v2/products-platformized/{product.id}': Drift<Product, Sdk<typeof ProductResponse>['product']>
  'POST /v1/register': Drift<Answer<AuthenticationModule, 'register'>, Sdk<typeof AuthenticationResponse>>
  'POST /v1/login': Drift<Answer<AuthenticationModule, 'login'>, Sdk<typeof AuthenticationResponse>>
  'POST /v2/register': Drift<Answer<AuthenticationModule, 'registerV2'>, Sdk<typeof AuthenticationResponse>>
  'POST /v2/login': Drift<Answer<AuthenticationModule, 'loginV2'>, Sdk<typeof AuthenticationResponse>>
  'POST /v1/sso/login-with-token-params': Drift<
    Answer<AuthenticationModule, 'loginWithIdpConnectionTokenParams'>,
    Sdk<typeof AuthenticationResponse>
  >
  'POST /v1/state/proceed': Drift<
    Answer<AuthenticationModule, 'proceedToNextStep'>,
    Sdk<typeof AuthenticationResponse>
  >
  'POST /v2/sign-on': Drift<Answer<AuthenticationModule, 'signOn'>, Sdk<typeof SignOnResponse>>
  'POST /v1/Start': Drift<SdkStartVerification, Sdk<typeof StartVerificationResponse>>
  'POST /v1/auth/verify': Drift<
    Answer<VerificationModule, 'verifyDuringAuthentication'>,
    Sdk<typeof AuthenticationResponse>
  >
  'POST /v1/auth/resend': Drift<
    Answer<VerificationModule, 'resendDuringAuthentication'>,
    Sdk<typeof AuthenticationResponse>
  >
  'POST /oauth2/token': Drift<TokenAnswer, z.output<typeof TokenResponse>>
  'POST /graphql/{version}': Drift<
    SdkGraphQLResponse<Record<string, unknown>>,
    z.output<typeof GraphQLResponse>
  >
}

type ReadCall = Extract<(typeof SPEC_CALLS)[number], { read: true }>['call']

/**
 * Fields of spec section 3 the SDK types (the spec's client has them) but the platform never sends, by
 * name at any depth; docs/decisions/031-sdk-types-follow-the-wire.md says why for each. Any other field
 * typed but not sent fails the test, and so does a name here that every answer now sends or none types.
 */
type SpecFieldsNotSent =
  // Media URLs never expire, and the platform stores images only.
  | 'urlExpirationDate'
  | 'video'
  // The cart keeps no per-line overrides.
  | 'catalogOverrideFields'

/** The field paths that pass through a field named `Name`. */
type Through<Name extends string> =
  | Name
  | `${string}.${Name}`
  | `${Name}.${string}`
  | `${string}.${Name}.${string}`

/** A call's drift once the spec's fields the platform does not send are set aside. */
type Checked<D extends { fits: boolean; typedButNotSent: string; sentButNotTyped: string }> = {
  fits: D['fits']
  typedButNotSent: Exclude<D['typedButNotSent'], Through<SpecFieldsNotSent>>
  sentButNotTyped: D['sentButNotTyped']
}

/** The calls whose SDK answer type drifts from the wire, with how: `{}` when none does. */
type DriftingCalls = {
  [Call in keyof ReadAnswers as Checked<ReadAnswers[Call]> extends NoDrift ? never : Call]: {
    [Part in keyof NoDrift]: Checked<ReadAnswers[Call]>[Part]
  }
}

type Unsent = ReadAnswers[keyof ReadAnswers]['typedButNotSent']
/** Names of {@link SpecFieldsNotSent} that no answer leaves out any more (they should go from the list). */
type StaleNames = {
  [Name in SpecFieldsNotSent]: [Extract<Unsent, Through<Name>>] extends [never] ? Name : never
}[SpecFieldsNotSent]

// Checked by the type checker (`npm run typecheck`, vitest's typecheck): an SDK type that drifts from
// what the platform's schema says it sends fails to compile, and the failure names the call and path.
describe('the SDK’s answer types', () => {
  it('agree with the platform’s response schemas for every call of spec section 7 the SDK reads', () => {
    // On failure the compiler prints the drifting calls with their paths (`typedButNotSent: "price.currency"`).
    const drifting: Record<string, never> = {} as DriftingCalls
    expect(drifting).toEqual({})
  })

  it('leave out only spec fields the platform does not send, each named for a reason', () => {
    expectTypeOf<StaleNames>().toEqualTypeOf<never>()
  })

  it('are checked for exactly the listed calls whose answer the SDK reads', () => {
    expectTypeOf<keyof ReadAnswers>().toEqualTypeOf<ReadCall>()
  })
})

describe('the listed calls of spec section 7', () => {
  let db: Db
  let platform: ReturnType<typeof createTestPlatform>
  beforeAll(async () => {
    db = await openTestDatabase('pglite', 'empty')
    platform = createTestPlatform(db)
  })
  afterAll(() => db.close())

  it('are each served by a route that declares the schema the type test reads', () => {
    const routes = new Map(
      platform.app.routeDefinitions.map((route) => [`${route.method.toUpperCase()} ${route.path}`, route]),
    )
    for (const call of SPEC_CALLS) {
      const route = routes.get(call.route)
      expect(route, call.call).toBeDefined()
      if ('response' in call) expect(route?.response, call.call).toBe(call.response)
    }
    expect(new Set(SPEC_CALLS.map((c) => c.call)).size).toBe(SPEC_CALLS.length)
  })
})
