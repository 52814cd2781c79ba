import { createHash, timingSafeEqual } from 'node:crypto'
import { z } from 'zod'
import { ConfigError } from '../config.ts'
import type { Api } from '../http/api.ts'
import { ApplicationError } from '../http/errors.ts'
import type { PlatformMetrics } from './platform-metrics.ts'
import { EXPOSITION_CONTENT_TYPE } from './prometheus-exposition.ts'

/** The shortest `METRICS_TOKEN` accepted: a guessable token would publish the platform's internals. */
export const MIN_METRICS_TOKEN_LENGTH = 24

/**
 * Reads `METRICS_TOKEN`: unset or empty turns `/metrics` off; otherwise at least
 * `MIN_METRICS_TOKEN_LENGTH` printable characters without spaces.
 *
 * @throws ConfigError for a token too short or with characters a header cannot carry.
 */
export function parseMetricsToken(value: string | undefined): string | undefined {
  const token = value?.trim()
  if (!token) return undefined
  if (token.length < MIN_METRICS_TOKEN_LENGTH || !/^[\x21-\x7e]+$/.test(token)) {
    throw new ConfigError(
      `METRICS_TOKEN must be at least ${MIN_METRICS_TOKEN_LENGTH} printable ASCII characters without spaces (e.g. openssl rand -hex 32)`,
    )
  }
  return token
}

const digest = (value: string) => createHash('sha256').update(value).digest()

/** Whether `Authorization` carries `Bearer <token>`, compared in constant time (SECURITY.md H5). */
export function hasMetricsToken(authorization: string | undefined, token: string): boolean {
  const match = /^Bearer +(\S+)$/i.exec(authorization?.trim() ?? '')
  return match !== null && timingSafeEqual(digest(match[1]!), digest(token))
}

/**
 * `GET /metrics`: the Prometheus exposition, for a scraper that sends `METRICS_TOKEN` as a bearer
 * token. Without a configured token (or metrics) the route answers as if it did not exist.
 */
export function registerMetricsRoutes(
  api: Api,
  deps: { metrics: PlatformMetrics | undefined; token: string | undefined },
) {
  api.route(
    {
      method: 'get',
      path: '/metrics',
      operationId: 'metrics',
      summary: 'Prometheus metrics (bearer METRICS_TOKEN; absent when it is not configured)',
      tag: 'System',
      auth: 'none',
      response: z.string(),
    },
    async (_input, c) => {
      const { metrics, token } = deps
      if (!metrics || !token) {
        throw new ApplicationError('ROUTE_NOT_FOUND', 'No route for GET /metrics', {
          method: 'GET',
          path: '/metrics',
        })
      }
      if (!hasMetricsToken(c.req.header('authorization'), token)) {
        c.header('www-authenticate', 'Bearer realm="metrics"')
        throw new ApplicationError('UNAUTHENTICATED', 'The metrics need the METRICS_TOKEN as a bearer token')
      }
      return new Response(await metrics.scrape(), {
        headers: { 'content-type': EXPOSITION_CONTENT_TYPE, 'cache-control': 'no-store' },
      })
    },
  )
}
