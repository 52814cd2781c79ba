import {
  bookings,
  collections,
  createClient,
  createCookieTokenStorage,
  currentCart,
  decodeTokens,
  events,
  members,
  memberships,
  OAuthStrategy,
  orders,
  products,
  recovery,
  redirects,
} from '@aisle/sdk'
import { createContext, type MiddlewareFunction, type RouterContextProvider } from 'react-router'
import { NO_STORE_CACHE_CONTROL } from './cache-control'
import { findClientAddress } from './client-address.server'
import { getConfig, type StorefrontConfig } from './config.server'
import { createRevalidatingFetch } from './revalidating-fetch.server'
import {
  CURRENCY_COOKIE,
  findCookie,
  hasCookie,
  isHttpsRequest,
  SECURE_SESSION_COOKIE_NAME,
  SESSION_COOKIE_NAME,
  serializeSessionCookie,
} from './session-cookie'

export { CURRENCY_COOKIE, SECURE_SESSION_COOKIE_NAME, SESSION_COOKIE_NAME }

/** The session cookie's name for a request: prefixed over HTTPS. */
export function sessionCookieName(request: Request): string {
  return isHttpsRequest(request) ? SECURE_SESSION_COOKIE_NAME : SESSION_COOKIE_NAME
}
const SESSION_MAX_AGE_SECONDS = 60 * 60 * 24 * 30

/** The SDK modules the storefront uses: one list, shared by the request clients and the tests' clients. */
export const STOREFRONT_MODULES = {
  bookings,
  currentCart,
  products,
  collections,
  recovery,
  redirects,
  members,
  memberships,
  orders,
  events,
}

/** The SDK modules of what any visitor of the site may read: the catalogue. */
const PUBLIC_MODULES = { products, collections }

/** One private, always-revalidating HTTP cache of catalogue reads per read-only host, keyed per token. */
const catalogueFetches = new Map<string, typeof fetch>()
/** The process's public readers, one per configuration (see `getPublicClient`). */
const publicClients = new Map<string, PublicClient>()

function getCatalogueFetch(readOnlyApiUrl: string): typeof fetch {
  let found = catalogueFetches.get(readOnlyApiUrl)
  if (!found) {
    found = createRevalidatingFetch((input, init) => fetch(input, init), { prefixes: [`${readOnlyApiUrl}/`] })
    catalogueFetches.set(readOnlyApiUrl, found)
  }
  return found
}

function createPublicClient(options: StorefrontConfig, currency?: string) {
  return createClient({
    auth: OAuthStrategy({ clientId: options.clientId }),
    modules: PUBLIC_MODULES,
    baseUrl: options.apiUrl,
    readOnlyBaseUrl: options.readOnlyApiUrl,
    fetch: getCatalogueFetch(options.readOnlyApiUrl),
    // Catalogue reads then carry convertedPriceData in the shopper's display currency (decision 040).
    headers: currency ? { 'x-wix-currency': currency } : undefined,
  })
}

/** The display currency the request's cookie names, when it is a currency code (offered or not). */
export function findDisplayCurrency(request: Request): string | undefined {
  const value = findCookie(request.headers.get('Cookie'), CURRENCY_COOKIE)
  return value && /^[A-Z]{3}$/.test(value) ? value : undefined
}

/** Reads the display currencies the shop offers (its shop info), with the process's store-currency reader. */
export type FindOfferedCurrencies = (publicClient: PublicClient) => Promise<readonly string[]>

/**
 * A client for what reads the same for every visitor: the catalogue (products, collections) and the site's
 * public settings through `fetchWithAuth` (its captcha).
 */
export type PublicClient = Pick<
  ReturnType<typeof createPublicClient>,
  'products' | 'collections' | 'fetchWithAuth' | 'auth'
>

/**
 * The process's one public reader, with visitor tokens of its own (kept in memory and refreshed by the
 * SDK). Catalogue pages read through it, so a visitor without a session (a crawler, a first view) costs the
 * platform no token of their own: tokens are minted when a visit needs an identity (a cart, a sign-in), and
 * every visitor's catalogue reads share one revalidating cache.
 */
function getPublicClient(options: StorefrontConfig, currency?: string): PublicClient {
  const key = `${options.clientId} ${options.apiUrl} ${options.readOnlyApiUrl} ${currency ?? ''}`
  let found = publicClients.get(key)
  if (!found) {
    found = createPublicClient(options, currency)
    publicClients.set(key, found)
  }
  return found
}

/**
 * The session cookie's value when it holds tokens the SDK can use (a refresh token of a visitor or a
 * member); a value that does not decode to them (garbage, truncated, edited) is as good as no cookie.
 */
function findSessionTokens(cookieHeader: string | null, name: string): string | undefined {
  const value = findCookie(cookieHeader, name)
  if (value === undefined) return undefined
  return decodeTokens(value).refreshToken.value ? value : undefined
}

/**
 * Creates the SDK client for one request, restoring the visitor's tokens from the session cookie, beside
 * the process's public reader. This file is the only place the storefront creates clients. Catalogue reads
 * go to the read-only host, through an HTTP cache that revalidates each answer with its `ETag` (see
 * `createRevalidatingFetch`), converted to `displayCurrency` when given (one the shop offers: see
 * `createAisleMiddleware`).
 *
 * A session cookie that holds no usable tokens counts as none: the visitor reads the catalogue without
 * tokens of their own (no cart is asked for, so none is minted), and the answer expires the cookie, unless
 * the request got new tokens, which replace it.
 * @example
 * const aisle = createAisle(request)
 * const cart = await aisle.client.currentCart.getCurrentCart()
 * response.headers.append('Set-Cookie', aisle.getSetCookieHeader() ?? '')
 */
export function createAisle(
  request: Request,
  options: StorefrontConfig = getConfig(),
  displayCurrency?: string,
) {
  const cookieName = sessionCookieName(request)
  const cookieHeader = request.headers.get('Cookie')
  const received = findSessionTokens(cookieHeader, cookieName)
  const isCookieInvalid = received === undefined && hasCookie(cookieHeader, cookieName)
  const clientAddress = findClientAddress(request)
  let stored = received
  const tokenStorage = createCookieTokenStorage({
    get: () => stored,
    set: (value: string) => {
      stored = value
    },
  })
  const client = createClient({
    auth: OAuthStrategy({ clientId: options.clientId, tokenStorage }),
    modules: STOREFRONT_MODULES,
    baseUrl: options.apiUrl,
    readOnlyBaseUrl: options.readOnlyApiUrl,
    fetch: getCatalogueFetch(options.readOnlyApiUrl),
    // The platform counts its per-address limits per shopper, trusting this from the storefront's address
    // (its `TRUSTED_PROXIES`); without it every shopper would share the storefront's one address.
    headers: clientAddress ? { 'X-Forwarded-For': clientAddress } : undefined,
  })
  return {
    client,
    /** What any visitor may read (the catalogue), read with the storefront's own tokens (see `getPublicClient`). */
    publicClient: getPublicClient(options, displayCurrency),
    /** The display currency the shopper picked, if the shop offers it: catalogue prices come converted to it. */
    displayCurrency,
    config: options,
    /**
     * Whether the visitor has tokens: they came with a session cookie, or a call of this request got them.
     * Without tokens there is no cart to read and no member: asking would mint a visitor token for every
     * cookie-less page view.
     */
    hasSession(): boolean {
      return stored !== undefined
    },
    /**
     * The `Set-Cookie` header to send when the SDK changed the tokens during this request, or to expire a
     * cookie that held no usable tokens; else undefined.
     */
    getSetCookieHeader(): string | undefined {
      if (stored === received && !isCookieInvalid) return undefined
      return serializeSessionCookie(stored, {
        name: cookieName,
        maxAgeSeconds: SESSION_MAX_AGE_SECONDS,
        isSecure: isHttpsRequest(request),
      })
    },
  }
}

/** One request's SDK client, its configuration and its pending session cookie. */
export type Aisle = ReturnType<typeof createAisle>
/** The SDK client as the routes use it. */
export type AisleClient = Aisle['client']

const aisleContext = createContext<Aisle>()

/**
 * Route middleware that gives every loader and action of a request the same client, then attaches the
 * session cookie to the response. One client per request: two loaders each asking for visitor tokens
 * would otherwise split a new visitor in two, each with a cart of its own. An answer that sets the cookie
 * carries the visitor's tokens, so no cache may store it, whatever the page allowed.
 *
 * The display currency cookie is believed only for a currency the shop offers (`findOfferedCurrencies`,
 * asked only when the cookie names one): any other (`XXX`, one the merchant dropped) shows the shop's own
 * prices, since the platform refuses a code it does not know and would fail every catalogue page.
 */
export function createAisleMiddleware(
  findOfferedCurrencies: FindOfferedCurrencies,
): MiddlewareFunction<Response> {
  return async ({ request, context }, next) => {
    const config = getConfig()
    const picked = findDisplayCurrency(request)
    const offered = picked ? await findOfferedCurrencies(getPublicClient(config)) : []
    const aisle = createAisle(request, config, picked && offered.includes(picked) ? picked : undefined)
    context.set(aisleContext, aisle)
    const response = await next()
    const setCookie = aisle.getSetCookieHeader()
    if (setCookie) {
      response.headers.append('Set-Cookie', setCookie)
      response.headers.set('Cache-Control', NO_STORE_CACHE_CONTROL)
    }
    return response
  }
}

/**
 * Returns the request's Aisle client set up by `createAisleMiddleware`'s middleware.
 * @throws {Error} when the root middleware did not run (a route outside the root).
 */
export function getAisle(context: Readonly<RouterContextProvider>): Aisle {
  return context.get(aisleContext)
}
