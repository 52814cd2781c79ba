import type { Context } from 'hono'
import { z } from 'zod'
import type { Api, AppEnv } from '../http/api.ts'
import type { Caller } from '../http/caller.ts'
import { parseQueryParam, type Query, QueryBody, QueryParam } from '../query/query-request.ts'
import { MerchantDataParam } from './catalogue-schemas.ts'

/** What a query read may ask beside its query: merchant data (Wix's `includeMerchantSpecificData`). */
export interface QueryReadOptions {
  includeMerchantSpecificData: boolean
}

const MerchantDataField = z
  .boolean()
  .optional()
  .describe('cost and profit: for merchant API keys with the catalogue permission only')

/**
 * Registers a query endpoint in both of its wire forms: the cacheable GET with the query JSON
 * base64url-encoded in `q` (or `.r`), and the POST the SDK falls back to past 4000 characters. Both reach the
 * same `answer`, with the same parsed query. With `merchantData`, both take `includeMerchantSpecificData`
 * too (the GET as `true`/`false`, the POST beside `query`).
 */
export function registerQueryRoutes(
  api: Api,
  route: { path: string; operationId: string; summary: string; response: z.ZodType; merchantData?: boolean },
  answer: (caller: Caller, query: Query, c: Context<AppEnv>, options: QueryReadOptions) => Promise<unknown>,
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
      query: route.merchantData ? QueryParam.extend(MerchantDataParam.shape) : QueryParam,
    },
    async ({ query, caller }, c) =>
      answer(caller, parseQueryParam(query).query, c, {
        includeMerchantSpecificData:
          'includeMerchantSpecificData' in query && query.includeMerchantSpecificData === 'true',
      }),
  )
  api.route(
    {
      ...common,
      method: 'post',
      operationId: route.operationId,
      summary: route.summary,
      body: route.merchantData
        ? QueryBody.extend({ includeMerchantSpecificData: MerchantDataField })
        : QueryBody,
    },
    async ({ body, caller }, c) =>
      answer(caller, body.query, c, {
        includeMerchantSpecificData:
          'includeMerchantSpecificData' in body && body.includeMerchantSpecificData === true,
      }),
  )
}
