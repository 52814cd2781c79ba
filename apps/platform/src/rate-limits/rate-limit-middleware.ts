import type { Context, MiddlewareHandler } from 'hono'
import { getCookie } from 'hono/cookie'
import type { Clock } from '../clock.ts'
import type { Db } from '../db/db.ts'
import type { AppEnv } from '../http/api.ts'
import { tooManyRequests } from '../http/errors.ts'
import { countAttempt } from './count-attempt.ts'
import type { LimitedRoute, RefusalFormat, RequestFields } from './limited-routes.ts'
import type { RateLimitSettings } from './rate-limit-settings.ts'
import { purgeRateLimits } from './rate-limit-store.ts'

/** What the limiter needs. */
export interface RateLimiterOptions {
  db: Db
  clock: Clock
  settings: RateLimitSettings
  routes: readonly LimitedRoute[]
  /** The page a refused hosted form gets (the platform's own error page). */
  renderPage(status: 429, message: string): Response
}

// Counters of ended windows are deleted now and then, by whichever process counts the request.
const PURGE_EVERY = 1_000
/** The fields of a JSON or form body, read from a copy so the route still reads the original. */
async function readFields(c: Context<AppEnv>): Promise<RequestFields> {
  if (c.req.method === 'GET' || c.req.method === 'HEAD') return {}
  // Hono keeps the text it reads, so the route reads the same text again for nothing: no clone of the
  // request's stream, no second read of the socket (decision 097).
  const text = await c.req.text().catch(() => '')
  const type = c.req.header('content-type') ?? ''
  if (type.includes('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(text))
  try {
    const json: unknown = JSON.parse(text)
    return typeof json === 'object' && json !== null && !Array.isArray(json) ? (json as RequestFields) : {}
  } catch {
    return {}
  }
}

/** The answer to a refused request, in its route's format, with `Retry-After` (RFC 9110 §10.2.3). */
function refuse(
  c: Context<AppEnv>,
  format: RefusalFormat,
  retryAfterSeconds: number,
  options: RateLimiterOptions,
): Response {
  const error = tooManyRequests(retryAfterSeconds)
  const message = error.message
  const headers = { 'retry-after': String(retryAfterSeconds), 'cache-control': 'no-store' }
  if (format === 'html') {
    const page = options.renderPage(429, message)
    for (const [name, value] of Object.entries(headers)) page.headers.set(name, value)
    return page
  }
  if (format === 'oauth')
    return c.json({ error: 'too_many_requests', error_description: message }, 429, headers)
  return c.json(error.toBody() as object, 429, headers)
}

/**
 * Limits the routes of `options.routes`: each request counts once against its bucket's counter for the
 * client's address (an IPv6 client by its /64), then, within that, against the account it names. The
 * first counter past its limit refuses the request with 429 and `Retry-After`, before the route runs
 * (and before any password is hashed: SECURITY.md H4). The counters live in the database, so every
 * platform process shares them. Reads `clientAddress` from the context (set by the app).
 */
export function createRateLimiter(options: RateLimiterOptions): MiddlewareHandler<AppEnv> {
  const routes = new Map(options.routes.map((route) => [`${route.method} ${route.path}`, route]))
  let counted = 0
  return async (c, next) => {
    const route = routes.get(`${c.req.method} ${c.req.path}`)
    if (!route) return next()
    const request = route.classify(await readFields(c), getCookie(c))
    if (!request || !options.settings[request.bucket]) return next()
    const now = options.clock()
    if (++counted % PURGE_EVERY === 0) await purgeRateLimits(options.db, now)
    const attempter = { address: c.get('clientAddress'), account: request.account }
    const retryAfter = await countAttempt(options.db, options.settings, request.bucket, attempter, now)
    if (retryAfter !== undefined) return refuse(c, route.format, retryAfter, options)
    return next()
  }
}
