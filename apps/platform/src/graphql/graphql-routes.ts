import type { ExecutionResult, GraphQLSchema } from 'graphql'
import { z } from 'zod'
import type { CurrentCart } from '../carts/current-cart.ts'
import { catalogueReadKey } from '../catalogue/catalogue-access.ts'
import { CURRENCY_HEADER, resolveDisplayCurrency } from '../catalogue/display-currency.ts'
import { type CachedAnswer, encodedBody, type ReadCache } from '../catalogue/read-cache.ts'
import type { Clock } from '../clock.ts'
import type { Db } from '../db/db.ts'
import type { Api } from '../http/api.ts'
import { type Logger, silentLogger } from '../log.ts'
import { catalogueResolvers } from './catalogue-resolvers.ts'
import { checkGraphQLRequest, executeChecked, type GraphQLRequest } from './execute-request.ts'
import { createGraphQLContext } from './graphql-context.ts'
import { toWireGraphQLError } from './graphql-errors.ts'
import {
  createPreparedDocuments,
  type PreparedDocument,
  type PreparedDocuments,
} from './prepared-documents.ts'
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
  /** The catalogue's read cache, the one the REST catalogue reads answer from. */
  readCache: ReadCache
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

function contentTypeFor(accept: string) {
  return accept.includes(GRAPHQL_RESPONSE_TYPE) ? GRAPHQL_RESPONSE_TYPE : 'application/json'
}

/**
 * The wire answer of a result (GraphQL over HTTP): `application/json` with 200 whenever the request
 * was well formed, or, for a client that accepts `application/graphql-response+json`, that type with
 * 400 when nothing executed (no `data`).
 */
function toResponse(result: ExecutionResult, accept: string, report: (error: unknown) => void): Response {
  const type = contentTypeFor(accept)
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

/** The wire answer of a result kept in the read cache (data, no errors): its bytes, gzipped for a client that takes gzip. */
function toCachedResponse(
  answer: CachedAnswer,
  request: { accept: string; acceptEncoding: string | undefined },
) {
  const { body, contentEncoding } = encodedBody(answer, request.acceptEncoding)
  return new Response(body, {
    status: 200,
    headers: {
      'content-type': `${contentTypeFor(request.accept)}; charset=utf-8`,
      'cache-control': 'private, no-store',
      vary: 'Accept-Encoding',
      ...(contentEncoding ? { 'content-encoding': contentEncoding } : {}),
    },
  })
}

/**
 * The read a catalogue document stands for in the read cache, beside the REST reads: the schema
 * version, the document (its text, by its prepared id), the operation, the display currency asked
 * for and the variables. The caller's site, catalogue version and audience complete the key
 * (`catalogueReadKey`).
 */
function catalogueRead(
  version: GraphQLVersion,
  prepared: PreparedDocument,
  request: GraphQLRequest,
  currency: string | undefined,
) {
  return `graphql/${version}/${prepared.id}?${request.operationName ?? ''}&${currency ?? ''}&${JSON.stringify(request.variables ?? {})}`
}

/**
 * `POST /graphql/{version}`: the catalogue and the current cart as a GraphQL schema, for the same
 * callers as their REST calls (an access token or a merchant API key; 401 without), within the query
 * limits of `query-limits.ts`.
 *
 * A document that reads only the catalogue (decision 072) is answered as the REST catalogue reads are:
 * from the same read cache, keyed by the catalogue version and the document with its variables, and,
 * once the document is known, with its caller resolved as a public read's (decision 017). Its first
 * answer runs through the resolvers (their loaders batched per request) and is kept when it has no
 * errors; later ones cost no statement, no parsing, no validation and no execution.
 */
export function registerGraphQLRoutes(api: Api, deps: GraphQLDeps) {
  const logger = deps.logger ?? silentLogger
  const schemas: Record<GraphQLVersion, GraphQLSchema> = { alpha: createAlphaSchema() }
  const catalogueFields = new Set(Object.keys(catalogueResolvers.Query ?? {}))
  const documents: Record<GraphQLVersion, PreparedDocuments> = {
    alpha: createPreparedDocuments(schemas.alpha, { introspection: deps.introspection, catalogueFields }),
  }
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
      // A look-up only: a document is parsed after its caller is known.
      publicRead: ({ params, body }) => documents[params.version].find(body.query)?.isCatalogueRead === true,
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
      const accept = c.req.header('accept') ?? ''
      const acceptEncoding = c.req.header('accept-encoding')
      const currency = c.req.header(CURRENCY_HEADER)
      const schema = schemas[params.version]
      const keyOf = (prepared: PreparedDocument) =>
        prepared.isCatalogueRead
          ? catalogueReadKey(caller, catalogueRead(params.version, prepared, body, currency))
          : undefined
      // A kept answer passed the limits and validation when it was made: the same document and variables.
      const known = documents[params.version].find(body.query)
      const knownKey = known && keyOf(known)
      const hit = knownKey === undefined ? undefined : deps.readCache.find(knownKey)
      if (hit) return toCachedResponse(hit, { accept, acceptEncoding })

      const checked = checkGraphQLRequest(schema, documents[params.version], body)
      if ('errors' in checked) return toResponse({ errors: [...checked.errors] }, accept, report)
      const { db, clock, publicUrl, carts } = deps
      const origin = { clientAddress: c.get('clientAddress') }
      // Once per request, as the REST reads do: a header that is no currency code is refused before any field runs.
      const displayCurrency = await resolveDisplayCurrency(db, caller.site, currency)
      const context = createGraphQLContext({ db, clock, publicUrl, carts, caller, origin, displayCurrency })
      const result = await executeChecked(schema, checked.prepared, body, context, {
        introspection: deps.introspection,
      })
      const key = keyOf(checked.prepared)
      if (key !== undefined && !result.errors && result.data)
        return toCachedResponse(deps.readCache.keep(key, { data: result.data }), { accept, acceptEncoding })
      return toResponse(result, accept, report)
    },
  )
}
