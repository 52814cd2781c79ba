import type { ExecutionResult, GraphQLSchema } from 'graphql'
import { z } from 'zod'
import type { CurrentCart } from '../carts/current-cart.ts'
import { CURRENCY_HEADER, resolveDisplayCurrency } from '../catalogue/display-currency.ts'
import type { Clock } from '../clock.ts'
import type { Db } from '../db/db.ts'
import type { Api } from '../http/api.ts'
import { type Logger, silentLogger } from '../log.ts'
import { executeGraphQLRequest } from './execute-request.ts'
import { createGraphQLContext } from './graphql-context.ts'
import { toWireGraphQLError } from './graphql-errors.ts'
import { createAlphaSchema, type GraphQLVersion, graphQLVersions } from './schema.ts'

export interface GraphQLDeps {
  db: Db
  clock: Clock
  publicUrl: string
  /** The current-cart calls the REST current-cart routes make (one instance: one product cache). */
  carts: CurrentCart
  logger?: Logger
  /** Whether introspection (`__schema`, `__type`) is answered; off in production (`GRAPHQL_INTROSPECTION`). */
  introspection: boolean
}

/** The longest GraphQL document accepted, in characters; a longer one is a 400 on `query`. */
export const MAX_DOCUMENT_LENGTH = 10_000

const VersionParam = z.object({
  version: z.enum(graphQLVersions, {
    message: `must be a served schema version: ${graphQLVersions.join(', ')}`,
  }),
})

const GraphQLRequestBody = z.object({
  query: z.string({ message: 'must be a GraphQL document' }).min(1).max(MAX_DOCUMENT_LENGTH),
  variables: z.record(z.string(), z.unknown()).nullish(),
  operationName: z.string().max(200).nullish(),
  extensions: z.record(z.string(), z.unknown()).nullish(),
})

export const GraphQLResponse = z.object({
  data: z.record(z.string(), z.unknown()).nullable().optional(),
  errors: z
    .array(
      z.object({
        message: z.string(),
        locations: z.array(z.object({ line: z.number().int(), column: z.number().int() })).optional(),
        path: z.array(z.union([z.string(), z.number().int()])).optional(),
        extensions: z.looseObject({ code: z.string() }),
      }),
    )
    .optional(),
})

const GRAPHQL_RESPONSE_TYPE = 'application/graphql-response+json'

/**
 * The wire answer of a result (GraphQL over HTTP): `application/json` with 200 whenever the request
 * was well formed, or, for a client that accepts `application/graphql-response+json`, that type with
 * 400 when nothing executed (no `data`).
 */
function toResponse(result: ExecutionResult, accept: string, report: (error: unknown) => void): Response {
  const type = accept.includes(GRAPHQL_RESPONSE_TYPE) ? GRAPHQL_RESPONSE_TYPE : 'application/json'
  const body = {
    ...(result.data === undefined ? {} : { data: result.data }),
    ...(result.errors ? { errors: result.errors.map((error) => toWireGraphQLError(error, report)) } : {}),
  }
  const status = type === GRAPHQL_RESPONSE_TYPE && result.data === undefined ? 400 : 200
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': `${type}; charset=utf-8`, 'cache-control': 'private, no-store' },
  })
}

/**
 * `POST /graphql/{version}`: the catalogue and the current cart as a GraphQL schema, for the same
 * callers as their REST calls (an access token or a merchant API key; 401 without), within the query
 * limits of `query-limits.ts`.
 */
export function registerGraphQLRoutes(api: Api, deps: GraphQLDeps) {
  const logger = deps.logger ?? silentLogger
  const schemas: Record<GraphQLVersion, GraphQLSchema> = { alpha: createAlphaSchema() }
  api.route(
    {
      method: 'post',
      path: '/graphql/:version',
      operationId: 'graphql',
      summary: 'Run a GraphQL query or mutation on the catalogue and the current cart',
      tag: 'GraphQL',
      auth: 'caller',
      params: VersionParam,
      body: GraphQLRequestBody,
      response: GraphQLResponse,
    },
    async ({ params, body, caller }, c) => {
      const requestId = c.get('requestId')
      const report = (error: unknown) =>
        logger.error('graphql field failed', {
          requestId,
          error:
            error instanceof Error
              ? { name: error.name, message: error.message, stack: error.stack }
              : String(error),
        })
      const { db, clock, publicUrl, carts } = deps
      const origin = { clientAddress: c.get('clientAddress') }
      // Once per request, as the REST reads do: a header that is no currency code is refused before any field runs.
      const displayCurrency = await resolveDisplayCurrency(db, caller.site, c.req.header(CURRENCY_HEADER))
      const context = () =>
        createGraphQLContext({ db, clock, publicUrl, carts, caller, origin, displayCurrency })
      const result = await executeGraphQLRequest(schemas[params.version], body, context, {
        introspection: deps.introspection,
      })
      return toResponse(result, c.req.header('accept') ?? '', report)
    },
  )
}
