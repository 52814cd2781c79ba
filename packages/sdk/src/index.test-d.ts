// Type tests, checked by `tsc --noEmit -p packages/sdk` (and `vitest --typecheck`): the main signatures
// of the public surface, so a change to them is a decision, not an accident.
import { describe, expectTypeOf, it } from 'vitest'
import {
  type AisleError,
  ApiKeyStrategy,
  type CaptchaSiteKeys,
  type Cart,
  type ChannelType,
  type Collection,
  type CreateRedirectSessionResponse,
  collections,
  createClient,
  currentCart,
  EMPTY_TOKENS,
  type EstimateTotalsResponse,
  type GraphQLResponse,
  generateCodeChallenge,
  generateCodeVerifier,
  type Identity,
  type IdentityStatus,
  isAisleError,
  type ListMyOrdersResponse,
  type LoginResult,
  LoginState,
  type MediaImage,
  type MediaItem,
  type MediaThumbnail,
  members,
  type OAuthData,
  OAuthStrategy,
  type OAuthStrategyOptions,
  type Order,
  orders,
  type PendingReason,
  type ProcessedWebhookEvent,
  type Product,
  type ProductChangedData,
  products,
  type QueryBuilder,
  type QueryProductsResponse,
  type QueryResult,
  type RedirectSession,
  type RedirectSessionCreatedData,
  type RedirectSessionInput,
  redirects,
  type StateType,
  type StoreVariant,
  storeVariants,
  type TokenRole,
  type Tokens,
  type WebhookIdentity,
  type WebhookIdentityType,
  type WebhookProcessResult,
  webhooks,
} from './index.js'

const client = createClient({
  auth: OAuthStrategy({ clientId: 'c' }),
  modules: { currentCart, products, collections, redirects, storeVariants },
  baseUrl: 'http://api.test',
})

describe("the member's own calls", () => {
  const memberClient = createClient({
    auth: OAuthStrategy({ clientId: 'c' }),
    modules: { members, orders },
    baseUrl: 'http://api.test',
  })
  it('resolves the identity, an order, and a page of orders', () => {
    expectTypeOf(memberClient.members.getMyMember).returns.resolves.toEqualTypeOf<Identity>()
    expectTypeOf(memberClient.members.updateMyMember).returns.resolves.toEqualTypeOf<Identity>()
    expectTypeOf(memberClient.members.updateMyMember).parameter(0).toHaveProperty('identityProfile')
    expectTypeOf(memberClient.orders.getMyOrder).toBeCallableWith('id')
    expectTypeOf(memberClient.orders.getMyOrder).returns.resolves.toEqualTypeOf<Order>()
    expectTypeOf(memberClient.orders.listMyOrders).returns.resolves.toEqualTypeOf<ListMyOrdersResponse>()
    expectTypeOf(memberClient.orders.listMyOrders).toBeCallableWith({ limit: 10, offset: 0 })
  })
})

describe('createClient', () => {
  it('binds each module under its key and keeps the strategy as client.auth', () => {
    expectTypeOf(client.currentCart.getCurrentCart).returns.resolves.toEqualTypeOf<Cart>()
    expectTypeOf(client.auth).toEqualTypeOf<OAuthStrategy>()
    expectTypeOf(client.graphql<{ a: number }>('{ a }')).resolves.toEqualTypeOf<
      GraphQLResponse<{ a: number }>
    >()
  })

  it('types a merchant client with ApiKeyStrategy', () => {
    const admin = createClient({
      auth: ApiKeyStrategy({ apiKey: 'k', siteId: 's' }),
      modules: { products },
      baseUrl: 'http://x',
    })
    expectTypeOf(admin.auth.siteId).toEqualTypeOf<string>()
    expectTypeOf(admin.products.createProduct).parameter(0).toEqualTypeOf<Product>()
  })
})

describe('answers', () => {
  it('resolves calls whose answer is one entity with that entity', () => {
    expectTypeOf(client.currentCart.addToCurrentCart).returns.resolves.toMatchTypeOf<Cart>()
    expectTypeOf(client.currentCart.removeLineItemsFromCurrentCart).parameter(0).toEqualTypeOf<string[]>()
    expectTypeOf(client.products.getProduct).returns.resolves.toMatchTypeOf<Product>()
    expectTypeOf(client.collections.getCollection).returns.resolves.toEqualTypeOf<Collection>()
    expectTypeOf(client.storeVariants.getStoreVariant).returns.resolves.toEqualTypeOf<StoreVariant>()
  })

  it('resolves calls whose answer has more with the whole answer', () => {
    expectTypeOf(
      client.currentCart.estimateCurrentCartTotals,
    ).returns.resolves.toEqualTypeOf<EstimateTotalsResponse>()
    expectTypeOf(
      client.redirects.createRedirectSession,
    ).returns.resolves.toEqualTypeOf<CreateRedirectSessionResponse>()
    expectTypeOf(client.products.queryProducts({})).resolves.toEqualTypeOf<QueryProductsResponse>()
  })

  it('keeps the earlier { cart } and { product } shapes readable', () => {
    expectTypeOf<Awaited<ReturnType<typeof client.currentCart.addToCurrentCart>>['cart']>().toEqualTypeOf<
      Cart | undefined
    >()
    expectTypeOf<Awaited<ReturnType<typeof client.products.getProduct>>['product']>().toEqualTypeOf<
      Product | undefined
    >()
  })

  it('keeps timestamps as ISO strings', () => {
    expectTypeOf<Cart['_createdDate']>().toEqualTypeOf<string | undefined>()
    expectTypeOf<Product['lastUpdated']>().toEqualTypeOf<string | undefined>()
  })
})

describe('queries', () => {
  it('returns an immutable builder without an argument, and its find a paging result', () => {
    const query = client.products.queryProducts()
    expectTypeOf(query).toEqualTypeOf<QueryBuilder<Product>>()
    expectTypeOf(
      query.eq('slug', 'x').isEmpty('ribbon').between('price', 1, 2).not(query).limit(5).find(),
    ).resolves.toEqualTypeOf<QueryResult<Product>>()
    expectTypeOf<QueryResult<Product>['items']>().toEqualTypeOf<Product[]>()
  })
})

describe('auth', () => {
  it('types the login state machine as a union keyed by loginState', () => {
    const result = {} as LoginResult
    if (result.loginState === LoginState.SUCCESS)
      expectTypeOf(result.data.sessionToken).toEqualTypeOf<string>()
    if (result.loginState === 'EMAIL_VERIFICATION_REQUIRED')
      expectTypeOf(result.data.stateToken).toEqualTypeOf<string>()
    if (result.loginState === 'FAILURE') expectTypeOf(result.error).toEqualTypeOf<string>()
    expectTypeOf(client.auth.login).returns.resolves.toEqualTypeOf<LoginResult>()
  })

  it('types the captcha states with their spec section 8 code and the site keys', () => {
    const result = {} as LoginResult
    if (result.loginState === 'SILENT_CAPTCHA_REQUIRED') {
      expectTypeOf(result.errorCode).toEqualTypeOf<'missingCaptchaToken'>()
      expectTypeOf(result.data.siteKeys).toEqualTypeOf<CaptchaSiteKeys | undefined>()
    }
    if (result.loginState === 'USER_CAPTCHA_REQUIRED') {
      expectTypeOf(result.errorCode).toEqualTypeOf<'invalidCaptchaToken'>()
      expectTypeOf(result.error).toEqualTypeOf<string>()
    }
    expectTypeOf<CaptchaSiteKeys['visible']>().toEqualTypeOf<string | undefined>()
  })

  it('types tokens, roles and the PKCE helpers', () => {
    expectTypeOf<Tokens['refreshToken']['role']>().toEqualTypeOf<TokenRole>()
    expectTypeOf<TokenRole>().toEqualTypeOf<'none' | 'visitor' | 'member'>()
    expectTypeOf(generateCodeVerifier).returns.toEqualTypeOf<string>()
    expectTypeOf(generateCodeChallenge).returns.resolves.toEqualTypeOf<string>()
    expectTypeOf(client.auth.generateOAuthData).returns.resolves.toEqualTypeOf<OAuthData>()
    expectTypeOf(client.auth.getAuthUrl).returns.resolves.toEqualTypeOf<{ authUrl: string }>()
    expectTypeOf(client.auth.logout).returns.resolves.toEqualTypeOf<{ logoutUrl: string }>()
  })

  it('types the token state as synchronous, as @wix/sdk does, and hydrate and revokeTokens as async', () => {
    expectTypeOf(client.auth.getTokens).returns.toEqualTypeOf<Tokens>()
    expectTypeOf(client.auth.setTokens).parameter(0).toEqualTypeOf<Tokens>()
    expectTypeOf(client.auth.setTokens).returns.toEqualTypeOf<void>()
    expectTypeOf(client.auth.loggedIn).returns.toEqualTypeOf<boolean>()
    expectTypeOf(client.auth.hydrate).returns.resolves.toEqualTypeOf<Tokens>()
    expectTypeOf(client.auth.revokeTokens).returns.resolves.toEqualTypeOf<void>()
    expectTypeOf<OAuthStrategyOptions['tokens']>().toEqualTypeOf<Tokens | undefined>()
    expectTypeOf(OAuthStrategy).toBeCallableWith({ clientId: 'c', tokens: EMPTY_TOKENS })
    expectTypeOf(EMPTY_TOKENS.refreshToken.role).toEqualTypeOf<TokenRole>()
  })

  it('narrows unknown errors with isAisleError', () => {
    const error: unknown = undefined
    if (isAisleError(error)) expectTypeOf(error).toEqualTypeOf<AisleError>()
  })
})

describe('spec types', () => {
  it('exports the enumerations and states of spec sections 3 and 4', () => {
    expectTypeOf<'WEB'>().toMatchTypeOf<ChannelType>()
    expectTypeOf<'PENDING'>().toMatchTypeOf<IdentityStatus>()
    expectTypeOf<'PENDING_EMAIL_VERIFICATION_REQUIRED'>().toMatchTypeOf<PendingReason>()
    expectTypeOf<'REQUIRE_EMAIL_VERIFICATION'>().toMatchTypeOf<StateType>()
  })

  it('types the totals estimate as the platform sends it (spec section 3, "Totals estimate")', () => {
    type Estimate = Required<EstimateTotalsResponse>
    type Option = NonNullable<NonNullable<Estimate['shippingInfo']['selectedCarrierServiceOption']>>
    type Discount = Estimate['appliedDiscounts'][number]
    expectTypeOf<Estimate['currency']>().toEqualTypeOf<string>()
    expectTypeOf<NonNullable<Estimate['taxSummary']['jurisdictions']>[number]['type']>().toEqualTypeOf<
      'UNDEFINED' | 'COUNTRY' | 'STATE' | 'COUNTY' | 'CITY' | 'SPECIAL' | undefined
    >()
    expectTypeOf<Estimate['additionalFees'][number]['chargeType']>().toEqualTypeOf<
      'HANDLING_FEE' | 'INSURANCE' | undefined
    >()
    expectTypeOf<Estimate['violations'][number]['severity']>().toEqualTypeOf<
      'WARNING' | 'ERROR' | undefined
    >()
    expectTypeOf<Estimate['calculationErrors'][number]['code']>().toEqualTypeOf<string | undefined>()
    expectTypeOf<Estimate['calculatedLineItems'][number]['lineItemId']>().toEqualTypeOf<string | undefined>()
    expectTypeOf<NonNullable<Estimate['shippingInfo']['region']>['name']>().toEqualTypeOf<
      string | undefined
    >()
    expectTypeOf<Discount['discountType']>().toEqualTypeOf<
      'GLOBAL' | 'SPECIFIC_ITEMS' | 'SHIPPING' | undefined
    >()
    expectTypeOf<NonNullable<Discount['coupon']>['name']>().toEqualTypeOf<string | undefined>()
    expectTypeOf<NonNullable<Discount['merchantDiscount']>['name']>().toEqualTypeOf<string | undefined>()
    expectTypeOf<Option['carrierId']>().toEqualTypeOf<string | undefined>()
    expectTypeOf<NonNullable<Option['cost']>['totalPrice']>().toEqualTypeOf<Discount['amount']>()
    expectTypeOf<
      NonNullable<NonNullable<Option['logistics']>['pickupDetails']>['pickupMethod']
    >().toEqualTypeOf<'UNKNOWN_METHOD' | 'STORE_PICKUP' | 'PICKUP_POINT' | undefined>()
  })

  it('types image resolutions and thumbnails of product and collection media', () => {
    expectTypeOf<NonNullable<MediaImage['resolutions']>[number]>().toEqualTypeOf<{
      url?: string
      width?: number
      height?: number
      format?: string
    }>()
    expectTypeOf<MediaItem['thumbnail']>().toEqualTypeOf<MediaThumbnail | undefined>()
    expectTypeOf<NonNullable<NonNullable<Product['media']>['mainMedia']>>().toEqualTypeOf<MediaItem>()
    expectTypeOf<NonNullable<NonNullable<Collection['media']>['items']>[number]>().toEqualTypeOf<MediaItem>()
  })

  it('types every redirect session kind the platform accepts', () => {
    expectTypeOf<{ membersAccount: { section: 'ORDERS' } }>().toMatchTypeOf<RedirectSessionInput>()
    expectTypeOf({ membersAccount: {} }).toMatchTypeOf<RedirectSessionInput>()
    expectTypeOf<{ membersAccount: { section: 'WISHLIST' } }>().not.toMatchTypeOf<RedirectSessionInput>()
    expectTypeOf<{ auth: { prompt: 'none' } }>().not.toMatchTypeOf<RedirectSessionInput>()
    expectTypeOf<keyof RedirectSessionInput>().toEqualTypeOf<
      | 'auth'
      | 'login'
      | 'logout'
      | 'ecomCheckout'
      | 'storesProduct'
      | 'membersAccount'
      | 'bookingsCheckout'
      | 'bookingsBook'
      | 'eventsCheckout'
      | 'paidPlansCheckout'
      | 'callbacks'
      | 'preferences'
    >()
    expectTypeOf<NonNullable<RedirectSession['urlDetails']>['locationType']>().toEqualTypeOf<
      'UNKNOWN' | 'LOGOUT' | 'CHECKOUT' | 'AUTHORIZE' | undefined
    >()
  })
})

describe('webhooks', () => {
  const receiver = createClient({
    auth: ApiKeyStrategy({ apiKey: 'k', siteId: 's' }),
    modules: { cart: currentCart, products, redirects, webhooks: webhooks({ secret: 'whsec_x' }) },
    baseUrl: 'http://api.test',
  })

  it('types process in both forms', () => {
    expectTypeOf(
      receiver.webhooks.process(new Request('http://x')),
    ).resolves.toEqualTypeOf<WebhookProcessResult>()
    expectTypeOf(
      receiver.webhooks.process('{}', { 'webhook-id': 'e' }),
    ).resolves.toEqualTypeOf<WebhookProcessResult>()
  })

  it('gives each handler the event of its type, data and identity typed, under any module name', () => {
    receiver.cart.onCartCreated((event) => {
      expectTypeOf(event).toEqualTypeOf<ProcessedWebhookEvent<'cart.created'>>()
      expectTypeOf(event.data).toEqualTypeOf<Cart>()
      expectTypeOf(event.identity).toEqualTypeOf<WebhookIdentity>()
      expectTypeOf(event.identity.identityType).toEqualTypeOf<WebhookIdentityType>()
    })
    receiver.products.onProductChanged(async (event) => {
      expectTypeOf(event.data).toEqualTypeOf<ProductChangedData>()
    })
    expectTypeOf(receiver.redirects.onRedirectSessionCreated)
      .parameter(0)
      .parameter(0)
      .toEqualTypeOf<ProcessedWebhookEvent<'redirect_session.created'>>()
    expectTypeOf<
      ProcessedWebhookEvent<'redirect_session.created'>['data']
    >().toEqualTypeOf<RedirectSessionCreatedData>()
    expectTypeOf(receiver.cart.onCartDeleted(() => undefined)).toEqualTypeOf<() => void>()
  })

  it('has no on<Event> calls on a client without the webhooks module', () => {
    // @ts-expect-error: only a client that can process deliveries takes handlers
    client.currentCart.onCartCreated
    // @ts-expect-error: the handler of one type does not take another's event
    receiver.cart.onCartUpdated((event: ProcessedWebhookEvent<'product.created'>) => event)
  })
})
