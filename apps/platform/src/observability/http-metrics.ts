import type { Context, MiddlewareHandler } from 'hono'
import { matchedRoutes } from 'hono/route'
import { type Counter, createCounter, createHistogram, type Histogram } from './prometheus-exposition.ts'

/** Upper bounds of the latency buckets, in seconds: from a cached read (ms) to a slow write (s). */
export const LATENCY_BUCKETS_SECONDS = [
  0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10,
] as const

const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])

/** The route label of a request that no registered route matched: one series for every stray path. */
export const UNMATCHED_ROUTE = 'unmatched'

/** Requests by method, route template and status, and their latency. */
export interface HttpMetrics {
  readonly requests: Counter
  readonly latency: Histogram
  /** The middleware that counts every request; it goes first, so it also sees refusals of other middleware. */
  readonly middleware: MiddlewareHandler
}

/** The method label: one of the HTTP methods the platform serves, else `OTHER` (bounded). */
export function toMethodLabel(method: string): string {
  const upper = method.toUpperCase()
  return KNOWN_METHODS.has(upper) ? upper : 'OTHER'
}

/**
 * The route label: the registered path template (`/stores/v1/products/:id`) of the handler that
 * answered, else of the first route the request matched (a middleware answered first), else
 * `unmatched`. Never the raw path, so the number of series stays bounded by the number of routes.
 */
export function toRouteLabel(c: Context): string {
  const routes = matchedRoutes(c)
  const answered = routes[c.req.routeIndex]
  if (answered && answered.method !== 'ALL') return answered.path
  return routes.find((route) => route.method !== 'ALL')?.path ?? UNMATCHED_ROUTE
}

/** Creates the request counter, the latency histogram and the middleware that feeds them. */
export function createHttpMetrics(): HttpMetrics {
  const requests = createCounter({
    name: 'aisle_http_requests_total',
    help: 'HTTP requests answered, by method, route template and status.',
    labelNames: ['method', 'route', 'status'],
  })
  const latency = createHistogram({
    name: 'aisle_http_request_duration_seconds',
    help: 'Time from receiving a request to its answer being ready, by method and route template.',
    labelNames: ['method', 'route'],
    buckets: LATENCY_BUCKETS_SECONDS,
  })
  const middleware: MiddlewareHandler = async (c, next) => {
    const started = performance.now()
    try {
      await next()
    } finally {
      const method = toMethodLabel(c.req.method)
      const route = toRouteLabel(c)
      requests.inc({ method, route, status: String(c.res.status) })
      latency.observe({ method, route }, (performance.now() - started) / 1000)
    }
  }
  return { requests, latency, middleware }
}
