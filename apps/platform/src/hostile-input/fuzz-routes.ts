import type { AuthMode, RouteDefinition } from '../http/api.ts'
import type { JsonSchema } from './schema-values.ts'

/** A route as the fuzzer sees it: from the route registry, with the JSON Schemas of the OpenAPI document. */
export interface FuzzRoute {
  /** Upper case: `GET`. */
  method: string
  /** The registry's Hono path template: `/stores/v1/products/:id`. */
  path: string
  auth: AuthMode
  params: { name: string; schema: JsonSchema }[]
  query: { name: string; isRequired: boolean; schema: JsonSchema }[]
  body: JsonSchema | undefined
  /** Content types of a file upload route. */
  upload: readonly string[] | undefined
  /** Whether the body is JSON the handler reads itself (the token endpoint). */
  hasRawBody: boolean
}

interface OpenApiParameter {
  name: string
  in: 'path' | 'query'
  required: boolean
  schema: JsonSchema
}

interface OpenApiOperation {
  parameters?: OpenApiParameter[]
  requestBody?: { content: Record<string, { schema: JsonSchema }> }
}

/** The OpenAPI document as `toOpenApi` writes it (only what the fuzzer reads). */
export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>
}

/** `/a/:id` to the OpenAPI form `/a/{id}`, as `toOpenApi` writes it. */
function toOpenApiPath(path: string): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')
}

/**
 * Every registered route with its schemas, read at run time from the app's route registry and its
 * OpenAPI document: a route added tomorrow is fuzzed tomorrow without a change here.
 */
export function listFuzzRoutes(
  definitions: readonly RouteDefinition[],
  openApi: OpenApiDocument,
): FuzzRoute[] {
  return definitions.map((definition) => {
    const operation = openApi.paths[toOpenApiPath(definition.path)]?.[definition.method] ?? {}
    const parameters = operation.parameters ?? []
    return {
      method: definition.method.toUpperCase(),
      path: definition.path,
      auth: definition.auth,
      params: parameters.filter((p) => p.in === 'path').map((p) => ({ name: p.name, schema: p.schema })),
      query: parameters
        .filter((p) => p.in === 'query')
        .map((p) => ({ name: p.name, isRequired: p.required, schema: p.schema })),
      body: operation.requestBody?.content['application/json']?.schema,
      upload: definition.upload,
      hasRawBody: definition.rawBody === true,
    }
  })
}

/** The names of a path template's parameters, in order (`:id` in `/a/:id/b`). */
export function pathParameterNames(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1]!)
}
