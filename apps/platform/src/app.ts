import { randomBytes } from 'node:crypto'
import { type Context, Hono } from 'hono'
import { HTTPException } from 'hono/http-exception'
import { getPath } from 'hono/utils/url'
import type { ReferenceDocument } from './api-reference/api-reference-page.tsx'
import { API_REFERENCE_PATH, registerApiReferenceRoutes } from './api-reference/api-reference-routes.tsx'
import { bookingCancelUrl, registerBookingCancelRoutes } from './booking-checkout/booking-cancel-routes.tsx'
import { registerBookingPagesRoutes } from './booking-checkout/booking-pages-routes.tsx'
import { registerBookingRescheduleRoutes } from './booking-checkout/booking-reschedule-routes.tsx'
import { registerBookingRoutes } from './bookings/booking-routes.ts'
import { findHeldSlots } from './bookings/create-booking.ts'
import { findSoldServices } from './bookings/sold-services.ts'
import { createCartProducts } from './carts/cart-products.ts'
import { registerCartRoutes } from './carts/cart-routes.ts'
import { createCurrentCart } from './carts/current-cart.ts'
import { registerMerchantCartRoutes } from './carts/merchant-cart-routes.ts'
import { registerCatalogueRoutes } from './catalogue/catalogue-routes.ts'
import { createReadCache } from './catalogue/read-cache.ts'
import { createStockChanges } from './catalogue/stock-changes.ts'
import { registerCheckoutRoutes } from './checkout/checkout-routes.ts'
import { freeCanceledOrder } from './checkout/free-canceled-order.ts'
import {
  HOSTED_CHECKOUT_PATH,
  PAYMENT_NOTIFICATIONS_PATH,
  registerHostedCheckoutRoutes,
} from './checkout/hosted/hosted-checkout-routes.tsx'
import { providerTitles } from './checkout/payment-provider.ts'
import { createPaymentProviders } from './checkout/payments/payment-providers.ts'
import { orderRefundsThroughPayments } from './checkout/payments/refunds-for-order-desk.ts'
import { registerShopIconRoute } from './checkout/shop-icon-routes.ts'
import type { StripeSettings } from './checkout/stripe/stripe-provider.ts'
import { testModeBanner } from './checkout/test-provider/test-mode-banner.tsx'
import { TEST_PROVIDER_PATH } from './checkout/test-provider/test-provider.ts'
import type { TestProviderMode } from './checkout/test-provider/test-provider-mode.ts'
import { registerTestProviderRoutes } from './checkout/test-provider/test-provider-routes.tsx'
import { type Clock, systemClock } from './clock.ts'
import { registerBookingDeskPages } from './dashboard/bookings/booking-desk-routes.tsx'
import {
  type DashboardOptions,
  dashboardNotFound,
  isDashboardPath,
  isDashboardUpload,
  registerDashboardRoutes,
  toDashboardErrorResponse,
} from './dashboard/dashboard-routes.ts'
import { DASHBOARD_SECURE_FILE_UPLOAD } from './dashboard/digital/secure-files-page-routes.tsx'
import { registerEventDeskPages } from './dashboard/events/event-desk-page-routes.tsx'
import { registerOrderDeskPages } from './dashboard/orders/order-page-routes.tsx'
import { isDatabaseUnavailableError } from './db/database-unavailable.ts'
import type { Db } from './db/db.ts'
import { isReplicaRoutingDb } from './db/replica-routing-db.ts'
import { withWriteHook } from './db/write-hook-db.ts'
import {
  DEFAULT_LINK_LIFETIMES,
  type DigitalDeps,
  type DownloadLinkLifetimes,
} from './digital/digital-deps.ts'
import { registerDigitalRoutes, SECURE_FILE_UPLOAD } from './digital/digital-routes.tsx'
import { orderDownloadsLink } from './digital/download-links.ts'
import { downloadsOfOrders } from './digital/order-downloads.ts'
import { MAX_SECURE_FILE_BYTES } from './digital/secure-files.ts'
import { createLinkSigner } from './digital/signed-links.ts'
import { registerEventPagesRoutes } from './event-checkout/event-pages-routes.tsx'
import {
  GRAPHQL_EXPLORER_PATH,
  registerGraphQLExplorerRoutes,
} from './graphql/explorer/graphql-explorer-routes.tsx'
import { registerGraphQLRoutes } from './graphql/graphql-routes.ts'
import { registerHostedProductRoutes } from './hosted-product/hosted-product-routes.tsx'
import { type AppEnv, createApi, JsonSyntaxError } from './http/api.ts'
import { limitBody } from './http/body-limit.ts'
import { findClientAddress, parseTrustedProxies, type TrustedProxies } from './http/client-address.ts'
import { createCors } from './http/cors.ts'
import { ApiError, ApplicationError, ValidationError } from './http/errors.ts'
import { toOpenApi } from './http/openapi.ts'
import { toCanonicalPath } from './http/path-aliases.ts'
import { isReplicaReadRequest } from './http/read-routing.ts'
import { requestIdFrom } from './http/request-id.ts'
import { registerCaptchaSettingsRoutes } from './identity/captcha/captcha-settings-routes.ts'
import type { CaptchaVerifier } from './identity/captcha/captcha-verifier.ts'
import { createTestCaptchaVerifier } from './identity/captcha/test-captcha-verifier.ts'
import { registerHostedAccountRoutes } from './identity/hosted/hosted-account-routes.tsx'
import { registerHostedLoginRoutes } from './identity/hosted/hosted-login-routes.tsx'
import { renderHostedError, renderHostedOutage } from './identity/hosted/hosted-pages.tsx'
import { registerIdentityRoutes } from './identity/identity-routes.tsx'
import { registerMemberAdminRoutes } from './identity/members/member-admin-routes.ts'
import { mergeVisitorIntoMember } from './identity/members/member-login.ts'
import { addSavedAddress } from './identity/members/member-profile.ts'
import { findMemberById } from './identity/members/member-store.ts'
import { registerProfileRoutes } from './identity/members/profile-routes.ts'
import { registerV1AuthenticationRoutes } from './identity/members/v1-authentication-routes.ts'
import { registerVerificationRoutes } from './identity/members/verification-routes.ts'
import { registerPasswordChangeRoutes } from './identity/recovery/password-change-routes.ts'
import { registerRecoveryRoutes } from './identity/recovery/recovery-routes.ts'
import { registerSignOnRoutes } from './identity/sso/sign-on-routes.ts'
import { registerSsoRoutes } from './identity/sso/sso-routes.ts'
import { type Logger, silentLogger } from './log.ts'
import { registerDevInboxRoutes } from './mail/dev-inbox-routes.tsx'
import { MAX_UPLOAD_BYTES, MEDIA_UPLOAD_PATH, registerMediaRoutes } from './media/media-routes.ts'
import type { MediaStorage } from './media/media-storage.ts'
import { createMediaDeps } from './media/media-uploads.ts'
import { createMemoryMediaStorage } from './media/memory-media-storage.ts'
import { MAX_VIDEO_BYTES, VIDEO_UPLOAD_PATH } from './media/video-uploads.ts'
import { registerMembersAccountRoutes } from './members-account/members-account-routes.tsx'
import { createAuthenticate, createDeferTokenCheck } from './oauth/authenticate.ts'
import { createOriginCheck } from './oauth/client-origins.ts'
import { createPublicReadCallers, mayChangeSites } from './oauth/public-read-callers.ts'
import { registerTokenRoutes } from './oauth/token-routes.ts'
import { registerMetricsRoutes } from './observability/metrics-routes.ts'
import { createPlatformMetrics } from './observability/platform-metrics.ts'
import type { DrainState } from './observability/readiness.ts'
import { registerOrderDeskRoutes } from './orders/order-desk-routes.ts'
import type { OrderRefunds } from './orders/order-refunds.ts'
import { registerOrderRoutes } from './orders/order-routes.ts'
import { registerFaviconRoutes } from './pages/favicon-routes.ts'
import { addPageBanner } from './pages/page-banner.ts'
import { registerPageStylesheetRoutes } from './pages/page-stylesheet-routes.ts'
import { createArgon2idHasher } from './passwords/argon2id-hasher.ts'
import type { PasswordHasher } from './passwords/password-hasher.ts'
import { registerPlanCheckoutRoutes } from './plan-checkout/plan-checkout-routes.tsx'
import { registerMembershipRoutes } from './plans/membership-routes.ts'
import { countAttempt } from './rate-limits/count-attempt.ts'
import { LIMITED_ROUTES } from './rate-limits/limited-routes.ts'
import { createRateLimiter } from './rate-limits/rate-limit-middleware.ts'
import type { RateLimitSettings } from './rate-limits/rate-limit-settings.ts'
import { registerRedirectLandingRoutes } from './redirects/hosted/redirect-landing-routes.tsx'
import { MEMBERS_ACCOUNT_PATH, PLAN_CHECKOUT_PATH, PRODUCT_PAGE_PATH } from './redirects/redirect-kinds.ts'
import { registerRedirectSessionRoutes } from './redirects/redirect-session-routes.ts'
import { registerSystemRoutes } from './system-routes.ts'
import { registerTicketedEventRoutes } from './ticketed-events/ticketed-event-routes.ts'
import { voidRefundedTickets } from './ticketed-events/ticketed-event-store.ts'
import { registerWebhookRoutes } from './webhooks/webhook-routes.ts'

export interface AppDeps {
  db: Db
  /** The platform's own public origin, used in media URLs. */
  publicUrl: string
  clock?: Clock
  logger?: Logger
  /** Largest request body accepted, in bytes. */
  maxBodyBytes?: number
  /** The password hasher of site owners and members: argon2id at OWASP's cost by default; tests pass a cheaper one. */
  passwordHasher?: PasswordHasher
  /** The merchant dashboard's bulk-change batch size (the default suits production). */
  dashboard?: DashboardOptions
  /**
   * How the order desk refunds: through the provider that took the payment, by default. The providers'
   * names stay the providers' own either way.
   */
  orderRefunds?: Pick<OrderRefunds, 'refund'>
  /**
   * Limits of the abuse-prone routes (login, registration, anonymous tokens...): none when left out or
   * `off`. `main.ts` passes the configured ones, which are on by default (`RATE_LIMITS`).
   */
  rateLimits?: RateLimitSettings | 'off'
  /** Proxies whose `X-Forwarded-For` names the client (`TRUSTED_PROXIES`); none by default. */
  trustedProxies?: TrustedProxies
  /** Verifies captcha answers where a site requires them; the deterministic test provider by default. */
  captcha?: CaptchaVerifier
  /**
   * Serve the local inbox at `/_dev/mail` (the mails the worker delivered there). `main.ts` passes
   * `MAIL_DEV_INBOX`: by default on only without SMTP, outside production, on a loopback-only platform.
   */
  devMailInbox?: boolean
  /**
   * Let site owners put their site in local development mode (webhook endpoints and identity providers'
   * keys on loopback or private addresses). `main.ts` passes `LOCAL_DEVELOPMENT_SITES`; on by default here, for tests.
   */
  localDevelopmentSites?: boolean
  /**
   * Answer GraphQL introspection (`__schema`, `__type`). `main.ts` passes `GRAPHQL_INTROSPECTION`, off
   * in production by default; on by default here, for tests.
   */
  graphqlIntrospection?: boolean
  /**
   * Serve the GraphQL explorer at `/_dev/graphql`, which fetches visitor tokens of `clientId` by default.
   * `main.ts` passes it outside production (`NODE_ENV`) with the demo client; left out, no explorer.
   */
  graphqlExplorer?: { clientId: string } | undefined
  /**
   * The built-in test card provider (decision 054): `off`, no test provider (its pages answer 404, its
   * notifications are refused, checkouts offer pay-later alone); `on`; `on-in-production`, on with a
   * banner on every payment page and the dashboard. `main.ts` passes `PAYMENTS_TEST_PROVIDER`, off in
   * production by default; on by default here, for tests.
   */
  testPaymentProvider?: TestProviderMode
  /**
   * Stripe's keys (and, in tests and development, where its local stand-in listens): Stripe is offered
   * first when set (decision 061). `main.ts` passes `STRIPE_SECRET_KEY`, `STRIPE_WEBHOOK_SECRET`.
   */
  stripe?: StripeSettings | undefined
  /**
   * Where uploaded media files go. `main.ts` passes the configured one (a local directory under
   * `DATA_DIR`, or S3); left out, they are kept in memory (tests).
   */
  mediaStorage?: MediaStorage
  /**
   * Serve Prometheus metrics at `GET /metrics` to callers with this bearer token (`METRICS_TOKEN`);
   * without it the route answers 404 and no request is counted.
   */
  metricsToken?: string
  /** Lets `main.ts` tell `GET /ready` that the process is shutting down (503 from then on). */
  drain?: DrainState
  /**
   * Resolve the callers of public catalogue reads mostly in process (tokens trusted 30 s for them, sites
   * polled every 100 ms), so a cached catalogue answer costs no statement (`oauth/public-read-callers.ts`).
   * `main.ts` turns it on; off here, so tests see every change made behind the app's back at once.
   */
  publicReadCallers?: boolean | { pollMs: number }
  /**
   * The key expiring links are signed with (digital products' downloads, decision 047): `main.ts` passes
   * the database's (`digital/signing-key-store.ts`), the same for every process; left out, a random one.
   */
  signingKey?: Uint8Array
  /** How long download links live; 15 minutes on pages and a day in mails by default. */
  downloadLinkLifetimes?: DownloadLinkLifetimes
}

export const VERSION = '0.1.0'

function toErrorResponse(
  error: unknown,
  logger: Logger,
  requestId: string,
): { status: number; body: unknown } {
  if (error instanceof ApiError) return { status: error.status, body: error.toBody() }
  if (error instanceof JsonSyntaxError) {
    const invalid = new ValidationError([
      { field: '$body', description: `is not valid JSON (${error.message})`, violatedRule: 'FORMAT' },
    ])
    return { status: 400, body: invalid.toBody() }
  }
  if (error instanceof URIError) {
    const invalid = new ValidationError([
      { field: '$query', description: 'has malformed percent-encoding', violatedRule: 'FORMAT' },
    ])
    return { status: 400, body: invalid.toBody() }
  }
  if (error instanceof HTTPException && error.status < 500) {
    const code = error.status === 413 ? 'PAYLOAD_TOO_LARGE' : 'ROUTE_NOT_FOUND'
    const known = new ApplicationError(code, error.message || 'Request refused')
    return { status: error.status, body: known.toBody() }
  }
  logger.error('unhandled error', {
    requestId,
    error:
      error instanceof Error
        ? { name: error.name, message: error.message, stack: error.stack }
        : String(error),
  })
  return {
    status: 500,
    body: {
      message: 'Internal error',
      details: { applicationError: { description: 'Internal error', code: 'INTERNAL', data: {} } },
    },
  }
}

// Where the hosted pages live (identity, checkout, redirect landings, product page, members' account):
// people in browsers, who get a page rather than JSON when the database is out of reach.
const HOSTED_PAGE_PREFIXES = [
  '/_auth/',
  `${HOSTED_CHECKOUT_PATH}/`,
  `${TEST_PROVIDER_PATH}/`,
  '/_redirect/',
  PRODUCT_PAGE_PATH,
  MEMBERS_ACCOUNT_PATH,
]

/** Whether `path` is one of `prefixes` or below one. */
function isUnder(prefixes: readonly string[], path: string): boolean {
  return prefixes.some(
    (prefix) => path === prefix || path.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`),
  )
}

function isHostedPagePath(path: string): boolean {
  return isUnder(HOSTED_PAGE_PREFIXES, path)
}

// Where a production platform with the test card provider on says so on every page (decision 054): the
// provider's own pages, both checkouts, and the dashboard.
const TEST_MODE_PREFIXES = [`${HOSTED_CHECKOUT_PATH}/`, `${TEST_PROVIDER_PATH}/`, PLAN_CHECKOUT_PATH]

function isTestModePath(path: string): boolean {
  return isDashboardPath(path) || isUnder(TEST_MODE_PREFIXES, path)
}

/** What a caller is told to wait before sending a request again while the database is out of reach. */
const DATABASE_RETRY_AFTER_SECONDS = 2

function toDatabaseUnavailable(cause: unknown, logger: Logger, requestId: string): ApplicationError {
  logger.warn('database unavailable', {
    requestId,
    error: cause instanceof Error ? cause.message : String(cause),
  })
  return new ApplicationError(
    'DATABASE_UNAVAILABLE',
    'The database cannot be reached right now; send the request again shortly',
    { retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS },
    { cause },
  )
}

/**
 * Builds the platform's HTTP application. It never listens: `main.ts` does, and tests call
 * `app.request()` or hand `app.fetch` to the SDK.
 */
export function createApp(options: AppDeps) {
  const clock = options.clock ?? systemClock
  // Public catalogue reads resolve their callers mostly in process (`oauth/public-read-callers.ts`); every
  // write statement of this process that may change a site's row makes it forget the sites it remembers
  // (a cart write does not). With read replicas, only the reads the primary answers (a query is a POST): a
  // replica's lag is not what the remembered site's version says (decision 112).
  const publicRead = options.publicReadCallers
    ? createPublicReadCallers({
        db: options.db,
        clock,
        authenticate: createAuthenticate({ db: options.db, clock }),
        ...(isReplicaRoutingDb(options.db)
          ? { isTrusting: (c: Context<AppEnv>) => !isReplicaReadRequest(c.req.method, c.req.path) }
          : {}),
        ...(options.publicReadCallers === true ? {} : options.publicReadCallers),
      })
    : undefined
  const deps = publicRead
    ? { ...options, db: withWriteHook(options.db, publicRead.forgetSites, { concerns: mayChangeSites }) }
    : options
  const logger = deps.logger ?? silentLogger
  // One hasher, so one limiter bounds the memory that owners' and members' sign-ins take together.
  const passwordHasher = deps.passwordHasher ?? createArgon2idHasher()
  // Another client's paths (the Wix Headless client's, `http/path-aliases.ts`) become the platform's own
  // before anything sees them: routing, rate limits and CORS alike.
  const hono = new Hono<AppEnv>({ getPath: (request) => toCanonicalPath(getPath(request)) })
  const metrics = deps.metricsToken ? createPlatformMetrics({ db: deps.db, clock, logger }) : undefined
  // First, so that it counts the refusals of every other middleware too.
  if (metrics) hono.use(metrics.http.middleware)

  hono.use(async (c, next) => {
    const requestId = requestIdFrom(c.req.header('x-request-id'))
    c.set('requestId', requestId)
    const started = performance.now()
    await next()
    c.res.headers.set('x-request-id', requestId)
    c.res.headers.set('x-content-type-options', 'nosniff')
    logger.info('request', {
      requestId,
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      durationMs: Math.round((performance.now() - started) * 10) / 10,
    })
  })
  const limit = (maxSize: number) =>
    limitBody(maxSize, () => {
      throw new ApplicationError('PAYLOAD_TOO_LARGE', `The request body is larger than ${maxSize} bytes`)
    })
  const jsonLimit = limit(deps.maxBodyBytes ?? 1024 * 1024)
  const uploadLimit = limit(MAX_UPLOAD_BYTES)
  const secureFileLimit = limit(MAX_SECURE_FILE_BYTES)
  const videoLimit = limit(MAX_VIDEO_BYTES)
  // Image uploads may be larger than any JSON body needs to be, a digital product's files larger still, and
  // videos larger again; the dashboard's forms may carry videos (images in them are held to their own limit).
  hono.use((c, next) =>
    SECURE_FILE_UPLOAD.test(c.req.path) || DASHBOARD_SECURE_FILE_UPLOAD.test(c.req.path)
      ? secureFileLimit(c, next)
      : c.req.path === VIDEO_UPLOAD_PATH || isDashboardUpload(c.req.path)
        ? videoLimit(c, next)
        : c.req.path === MEDIA_UPLOAD_PATH
          ? uploadLimit(c, next)
          : jsonLimit(c, next),
  )

  const trustedProxies = deps.trustedProxies ?? parseTrustedProxies('')
  hono.use((c, next) => {
    c.set('clientAddress', findClientAddress(c, trustedProxies))
    return next()
  })
  const isAllowedOrigin = createOriginCheck(deps.db, clock)
  hono.use(createCors({ ownOrigin: new URL(deps.publicUrl).origin, isAllowedOrigin }))
  if (deps.rateLimits && deps.rateLimits !== 'off') {
    const renderPage = (status: 429, message: string) => renderHostedError(status, message)
    hono.use(
      createRateLimiter({
        db: deps.db,
        clock,
        settings: deps.rateLimits,
        routes: LIMITED_ROUTES,
        renderPage,
      }),
    )
  }

  if (deps.testPaymentProvider === 'on-in-production')
    hono.use(async (c, next) => {
      await next()
      if (!isTestModePath(c.req.path)) return
      const page = addPageBanner(c.res, testModeBanner())
      // Unset first: Hono's setter would copy the old answer's headers (a Content-Length) onto the new one.
      c.res = undefined
      c.res = page
    })

  const api = createApi(hono, createAuthenticate({ db: deps.db, clock }), {
    db: deps.db,
    clock,
    authenticatePublicRead: publicRead?.authenticate,
    deferTokenCheck: createDeferTokenCheck({ clock }),
  })
  registerSystemRoutes(api, { db: deps.db, drain: deps.drain })
  registerFaviconRoutes(api)
  registerPageStylesheetRoutes(api)
  registerShopIconRoute(api, { db: deps.db, publicUrl: deps.publicUrl })
  registerMetricsRoutes(api, { metrics, token: deps.metricsToken })
  registerTokenRoutes(api, {
    db: deps.db,
    clock,
    onMemberLogin: (tx, login, now) => mergeVisitorIntoMember(tx, login, { now, publicUrl: deps.publicUrl }),
    onVisitorTokens: publicRead?.rememberIssued,
  })
  // One read cache for the catalogue's REST reads and GraphQL's catalogue documents (decision 072).
  const readCache = createReadCache()
  registerCatalogueRoutes(api, {
    db: deps.db,
    clock,
    publicUrl: deps.publicUrl,
    readCache,
    stockChanges: createStockChanges(),
  })
  // The products kept per catalogue version, shared by the cart's changes and its pricings (decision 089).
  const cartProducts = createCartProducts()
  // One instance for every entry point to the current cart: REST, GraphQL, the hosted product page.
  const carts = createCurrentCart({
    db: deps.db,
    cartProducts,
    clock,
    publicUrl: deps.publicUrl,
    countCouponAttempt: (attempter, now) =>
      countAttempt(deps.db, deps.rateLimits ?? 'off', 'coupon', attempter, now),
    // Booked slots beside products (decision 082): the services catalogue's reads, given to the cart.
    bookedSlots: {
      findHeld: (db, siteId, bookingIds) => findHeldSlots(db, siteId, bookingIds, clock()),
      findSold: findSoldServices,
    },
  })
  registerCartRoutes(api, carts)
  // After the current-cart routes: `/ecom/v1/carts/current` must not be taken for a cart id.
  registerMerchantCartRoutes(api, { db: deps.db, clock, publicUrl: deps.publicUrl })
  registerCheckoutRoutes(api, { db: deps.db, clock, publicUrl: deps.publicUrl, cartProducts })
  const { providers: paymentProviders, testProvider } = createPaymentProviders(
    deps.testPaymentProvider ?? 'on',
    {
      db: deps.db,
      clock,
      publicUrl: deps.publicUrl,
      // The test provider's word goes straight to what the notification route does with a verified one
      // (the hosted checkout's, registered below): never through this app's own HTTP API.
      tell: (provider, payment) =>
        hostedCheckout.actOnProviderWord(provider, payment).catch((error: unknown) => {
          logger.error('the test provider’s word was not acted on; the shopper’s return will', { error })
        }),
      stripe: deps.stripe,
      notificationUrl: (providerId) => `${deps.publicUrl}${PAYMENT_NOTIFICATIONS_PATH}/${providerId}`,
    },
  )
  const mediaStorage = deps.mediaStorage ?? createMemoryMediaStorage()
  const digital: DigitalDeps = {
    db: deps.db,
    clock,
    publicUrl: deps.publicUrl,
    storage: mediaStorage,
    logger,
    signer: createLinkSigner(deps.signingKey ?? randomBytes(32)),
    lifetimes: deps.downloadLinkLifetimes ?? DEFAULT_LINK_LIFETIMES,
  }
  const downloadsLink = (orderId: string, now: Date) =>
    orderDownloadsLink(digital, orderId, new Date(now.getTime() + digital.lifetimes.mailSeconds * 1000))
  const bookingCancelLink = (bookingId: string, start: Date) =>
    bookingCancelUrl({ publicUrl: deps.publicUrl, signer: digital.signer }, bookingId, start)
  if (testProvider)
    registerTestProviderRoutes(api, { provider: testProvider, clock, publicUrl: deps.publicUrl })
  const hostedCheckout = registerHostedCheckoutRoutes(api, {
    db: deps.db,
    clock,
    publicUrl: deps.publicUrl,
    paymentProviders,
    cartProducts,
    logger,
    findMember: findMemberById,
    saveMemberAddress: addSavedAddress,
    downloadsLink,
    bookingCancelLink,
    signer: digital.signer,
  })
  registerOrderRoutes(api, {
    db: deps.db,
    findDownloads: async (orders) => downloadsOfOrders(digital, orders),
  })
  // The order desk's actions, for the dashboard's order page and the merchant's JSON calls alike.
  const orderRefunds: OrderRefunds = deps.orderRefunds
    ? { refund: deps.orderRefunds.refund, providerTitle: providerTitles(paymentProviders) }
    : orderRefundsThroughPayments({
        db: deps.db,
        clock,
        providers: paymentProviders,
        publicUrl: deps.publicUrl,
      })
  registerOrderDeskRoutes(api, {
    db: deps.db,
    clock,
    refunds: orderRefunds,
    linesRefunded: voidRefundedTickets,
    orderCanceled: freeCanceledOrder,
  })
  const media = createMediaDeps({
    db: deps.db,
    clock,
    publicUrl: deps.publicUrl,
    storage: mediaStorage,
    logger,
  })
  registerMediaRoutes(api, media)
  registerDigitalRoutes(api, digital)
  const localDevelopmentSites = deps.localDevelopmentSites ?? true
  const identity = {
    db: deps.db,
    clock,
    publicUrl: deps.publicUrl,
    hasher: passwordHasher,
    captcha: deps.captcha ?? createTestCaptchaVerifier(),
  }
  registerIdentityRoutes(api, identity)
  registerCaptchaSettingsRoutes(api, identity)
  registerV1AuthenticationRoutes(api, identity)
  registerPasswordChangeRoutes(api, identity)
  registerProfileRoutes(api, identity)
  registerSignOnRoutes(api, identity)
  registerSsoRoutes(api, { ...identity, localDevelopmentSites })
  registerHostedAccountRoutes(api, identity, registerHostedLoginRoutes(api, identity))
  registerVerificationRoutes(api, identity)
  registerRecoveryRoutes(api, identity)
  registerMemberAdminRoutes(api, identity)
  if (deps.devMailInbox) registerDevInboxRoutes(api, { db: deps.db })
  registerRedirectSessionRoutes(api, { db: deps.db, clock, publicUrl: deps.publicUrl })
  registerRedirectLandingRoutes(api, { db: deps.db, clock, publicUrl: deps.publicUrl })
  registerHostedProductRoutes(api, { db: deps.db, clock, publicUrl: deps.publicUrl, carts })
  registerMembersAccountRoutes(api, {
    db: deps.db,
    clock,
    publicUrl: deps.publicUrl,
    findDownloads: async (orders) => downloadsOfOrders(digital, orders),
    bookingCancelLink,
  })
  registerMembershipRoutes(api, { db: deps.db, clock })
  registerBookingRoutes(api, { db: deps.db, clock })
  registerTicketedEventRoutes(api, { db: deps.db, clock, publicUrl: deps.publicUrl })
  registerBookingPagesRoutes(api, {
    db: deps.db,
    clock,
    publicUrl: deps.publicUrl,
    paymentProviders,
    bookingCancelLink,
  })
  registerBookingCancelRoutes(api, {
    db: deps.db,
    clock,
    publicUrl: deps.publicUrl,
    signer: digital.signer,
    refunds: orderRefunds,
    linesRefunded: voidRefundedTickets,
    orderCanceled: freeCanceledOrder,
  })
  registerBookingRescheduleRoutes(api, {
    db: deps.db,
    clock,
    publicUrl: deps.publicUrl,
    signer: digital.signer,
    bookingCancelLink,
  })
  registerEventPagesRoutes(api, { db: deps.db, clock, publicUrl: deps.publicUrl, paymentProviders })
  registerPlanCheckoutRoutes(api, { db: deps.db, clock, publicUrl: deps.publicUrl, paymentProviders })
  registerWebhookRoutes(api, { db: deps.db, clock, localDevelopmentSites })
  registerGraphQLRoutes(api, {
    db: deps.db,
    clock,
    publicUrl: deps.publicUrl,
    carts,
    logger,
    introspection: deps.graphqlIntrospection ?? true,
    readCache,
  })
  registerDashboardRoutes(
    api,
    {
      db: deps.db,
      clock,
      logger,
      publicUrl: deps.publicUrl,
      localDevelopmentSites,
      passwordHasher,
      media,
      digital,
      payments: { db: deps.db, clock, providers: paymentProviders, publicUrl: deps.publicUrl },
    },
    deps.dashboard,
  )
  registerOrderDeskPages(api, {
    db: deps.db,
    clock,
    logger,
    publicUrl: deps.publicUrl,
    refunds: orderRefunds,
    linesRefunded: voidRefundedTickets,
    orderCanceled: freeCanceledOrder,
  })
  registerBookingDeskPages(api, {
    db: deps.db,
    clock,
    logger,
    publicUrl: deps.publicUrl,
    refunds: orderRefunds,
    linesRefunded: voidRefundedTickets,
    orderCanceled: freeCanceledOrder,
    bookingCancelLink,
  })
  registerEventDeskPages(api, {
    db: deps.db,
    clock,
    logger,
    publicUrl: deps.publicUrl,
    refunds: orderRefunds,
    linesRefunded: voidRefundedTickets,
    orderCanceled: freeCanceledOrder,
  })
  if (deps.graphqlExplorer) {
    registerGraphQLExplorerRoutes(api, {
      publicUrl: deps.publicUrl,
      clientId: deps.graphqlExplorer.clientId,
      send: async (request) => hono.fetch(request),
      referencePath: API_REFERENCE_PATH,
    })
  }
  // The page reads the document's operations in the shape `toOpenApi` writes them.
  registerApiReferenceRoutes(api, {
    document: () => openApi as unknown as ReferenceDocument,
    explorerPath: deps.graphqlExplorer ? GRAPHQL_EXPLORER_PATH : undefined,
  })
  const openApi = toOpenApi(api.routes, { title: 'Aisle platform', version: VERSION }, deps.publicUrl)
  hono.get('/openapi.json', (c) => c.json(openApi))

  hono.notFound((c) => {
    if (isDashboardPath(c.req.path)) return dashboardNotFound(deps)
    const error = new ApplicationError('ROUTE_NOT_FOUND', `No route for ${c.req.method} ${c.req.path}`, {
      method: c.req.method,
      path: c.req.path,
    })
    return c.json(error.toBody() as object, 404)
  })
  hono.onError((caught, c) => {
    // A database restarting or out of reach is an outage, not a bug: 503 with Retry-After, and the
    // same request may be sent again.
    const isOutage = isDatabaseUnavailableError(caught)
    const error = isOutage ? toDatabaseUnavailable(caught, logger, c.get('requestId') ?? '') : caught
    let response: Response
    if (isDashboardPath(c.req.path)) {
      response = toDashboardErrorResponse(error, c, { publicUrl: deps.publicUrl, logger })
    } else if (isOutage && isHostedPagePath(c.req.path)) {
      response = renderHostedOutage(DATABASE_RETRY_AFTER_SECONDS)
    } else {
      const { status, body } = toErrorResponse(error, logger, c.get('requestId') ?? '')
      response = c.json(body as object, status as 400)
    }
    // An outage, or a limit a domain enforced (coupon attempts): the error says when to try again.
    const retryAfter = error instanceof ApplicationError ? error.data.retryAfterSeconds : undefined
    if (typeof retryAfter === 'number') {
      response.headers.set('retry-after', String(retryAfter))
      response.headers.set('cache-control', 'no-store')
    }
    return response
  })

  // What the payment functions take, for the reconciliation worker `main.ts` runs beside the app.
  const payments = {
    db: deps.db,
    clock,
    providers: paymentProviders,
    publicUrl: deps.publicUrl,
    downloadsLink,
    bookingCancelLink,
  }
  return Object.assign(hono, { routeDefinitions: api.routes, openApi, paymentProviders, payments })
}

export type App = ReturnType<typeof createApp>
