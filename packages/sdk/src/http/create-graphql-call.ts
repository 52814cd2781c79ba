import type { HttpClient } from './create-http-client.js'
import { encodePathSegment } from './encode-path-segment.js'

/** Options of `client.graphql`. */
export interface GraphQLOptions {
  /** The schema version, the last segment of `POST /graphql/{version}`; `alpha` by default. */
  version?: string
}

/** One error of a GraphQL answer (GraphQL over HTTP). */
export interface GraphQLError {
  message: string
  path?: (string | number)[]
  locations?: { line: number; column: number }[]
  extensions?: Record<string, unknown>
}

/** The answer of `client.graphql`: the data asked for and any errors, as the platform sent them. */
export interface GraphQLResponse<TData> {
  /** `null` when the operation could not run to the end. */
  data?: TData | null
  errors?: GraphQLError[]
}

/**
 * `client.graphql(query, variables?, { version = 'alpha' })`: `POST /graphql/{version}`, authorised like
 * any call; errors inside a 200 answer are in `errors`, a non-200 answer rejects with an `AisleError`.
 */
export type GraphQLCall = <TData = Record<string, unknown>>(
  query: string,
  variables?: Record<string, unknown>,
  options?: GraphQLOptions,
) => Promise<GraphQLResponse<TData>>

/**
 * Builds `client.graphql(query, variables?, { version = 'alpha' })`: `POST /graphql/{version}` with
 * `{ query, variables }`, authorised like any call. Body and answer travel as they are (GraphQL names
 * its own fields, so no `_id` renaming); errors inside a 200 answer are in `errors`, a non-200 answer
 * rejects with an `AisleError`.
 *
 * @example
 * ```ts
 * const { data } = await client.graphql<{ product: { name: string } }>(
 *   'query ($id: ID!) { product(id: $id) { name } }',
 *   { id },
 * )
 * ```
 */
export function createGraphQLCall(http: HttpClient): GraphQLCall {
  return (query, variables, options = {}) =>
    http.request({
      method: 'POST',
      api: 'graphql',
      path: `/${encodePathSegment('version', options.version ?? 'alpha')}`,
      body: { query, variables },
      raw: true,
    })
}
