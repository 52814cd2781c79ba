import type { Context } from 'hono'
import type { z } from 'zod'
import type { Api, AppEnv } from '../http/api.ts'
import type { Caller } from '../http/caller.ts'
import { parseQueryParam, type Query, QueryBody, QueryParam } from '../query/query-request.ts'

/**
 * Registers a query endpoint in both of its wire forms: the cacheable GET with the query JSON
 * base64url-encoded in `q` (or `.r`), and the POST the SDK falls back to past 4000 characters. Both reach the
 * same `answer`, with the same parsed query.
 */
export function registerQueryRoutes(
  api: Api,
  route: { path: string; operationId: string; summary: string; response: z.ZodType },
  answer: (caller: Caller, query: Query, c: Context<AppEnv>) => Promise<unknown>,
) {
  const common = {
    path: route.path,
    tag: 'Catalogue',
    auth: 'caller',
    response: route.response,
    publicRead: true,
  } as const
  api.route(
    {
      ...common,
      method: 'get',
      operationId: `${route.operationId}Get`,
      summary: `${route.summary} (the query JSON base64url-encoded in q, or .r)`,
      query: QueryParam,
    },
    async ({ query, caller }, c) => answer(caller, parseQueryParam(query).query, c),
  )
  api.route(
    { ...common, method: 'post', operationId: route.operationId, summary: route.summary, body: QueryBody },
    async ({ body, caller }, c) => answer(caller, body.query, c),
  )
}
