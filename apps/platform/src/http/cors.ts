import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from './api.ts'
import { ApplicationError } from './errors.ts'

/** What the CORS middleware needs. */
export interface CorsOptions {
  /** The platform's own origin: its pages call it without CORS. */
  ownOrigin: string
  /** Whether `origin` is registered for the client (for any client when `clientId` is undefined). */
  isAllowedOrigin(origin: string, clientId: string | undefined): Promise<boolean>
}

// The JSON API: the families of the wire contract. Hosted pages (`/_auth`, `/_checkout`, `/dashboard`)
// are navigated to, never fetched across origins, and get no CORS at all (SECURITY.md H-1).
const API_PATH = /^\/(ecom|stores|redirects|identity|oauth2|graphql)\//
const PAGE_PATHS = new Set(['/identity/v1/logout'])
const ALLOWED_METHODS = 'GET, POST, PATCH, PUT, DELETE'
// A browser acts for a visitor or member: never with a merchant's `aisle-site-id` and API key.
const ALLOWED_HEADERS = new Set([
  'authorization',
  'content-type',
  'accept',
  'x-request-id',
  'idempotency-key',
  // The display currency of catalogue reads (decision 040).
  'x-wix-currency',
])
const EXPOSED_HEADERS = 'x-request-id, retry-after, etag, idempotent-replayed'

function appendVary(headers: Headers, value: string) {
  const vary = headers.get('vary')
  headers.set('vary', vary ? `${vary}, ${value}` : value)
}

/**
 * CORS for the browser SDK, per OAuth client (SECURITY.md H-1, node-oidc-provider `clientBasedCORS`): a
 * preflight passes when its origin is registered for some client; the answer itself is readable only
 * by an origin registered for the client of the request (the caller's token, or the token request's
 * `clientId`), or, when the request named no client (an unauthenticated error), for some client.
 * `Origin: null` never passes; credentials (cookies) are never allowed; a merchant's API-key call is
 * readable by no browser origin.
 */
export function createCors(options: CorsOptions): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const origin = c.req.header('origin')
    const path = c.req.path
    if (!origin || origin === options.ownOrigin || !API_PATH.test(path) || PAGE_PATHS.has(path)) return next()
    const preflightMethod = c.req.header('access-control-request-method')
    if (c.req.method === 'OPTIONS' && preflightMethod) {
      const headers = new Headers({ vary: 'Origin, Access-Control-Request-Headers' })
      if (!(await options.isAllowedOrigin(origin, undefined))) {
        const error = new ApplicationError('FORBIDDEN', 'This origin is not registered for any OAuth client')
        headers.set('content-type', 'application/json')
        return new Response(JSON.stringify(error.toBody()), { status: 403, headers })
      }
      const requested = (c.req.header('access-control-request-headers') ?? '')
        .split(',')
        .map((name) => name.trim().toLowerCase())
        .filter((name) => ALLOWED_HEADERS.has(name))
      headers.set('access-control-allow-origin', origin)
      headers.set('access-control-allow-methods', ALLOWED_METHODS)
      if (requested.length > 0) headers.set('access-control-allow-headers', requested.join(', '))
      headers.set('access-control-max-age', '600')
      return new Response(null, { status: 204, headers })
    }
    await next()
    appendVary(c.res.headers, 'Origin')
    const clientId = c.get('corsClientId')
    if (clientId === null || !(await options.isAllowedOrigin(origin, clientId))) return
    c.res.headers.set('access-control-allow-origin', origin)
    c.res.headers.set('access-control-expose-headers', EXPOSED_HEADERS)
  }
}
