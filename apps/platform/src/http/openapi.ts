import { z } from 'zod'
import type { RouteDefinition } from './api.ts'

/**
 * The OpenAPI 3.1 document of every registered route, generated from the same schemas that validate;
 * `serverUrl` is the platform's public URL. `http/openapi.test.ts` lints it with Redocly's rules.
 */
export function toOpenApi(
  routes: readonly RouteDefinition[],
  info: { title: string; version: string },
  serverUrl: string,
) {
  const schema = (type: z.ZodType, io: 'input' | 'output') =>
    z.toJSONSchema(type, { io, unrepresentable: 'any', target: 'draft-2020-12' })
  const paths: Record<string, Record<string, unknown>> = {}
  for (const route of routes) {
    const path = route.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')
    const parameters: unknown[] = []
    for (const [where, type] of [
      ['path', route.params],
      ['query', route.query],
    ] as const) {
      if (!type || !(type instanceof z.ZodObject)) continue
      for (const [name, field] of Object.entries(type.shape as Record<string, z.ZodType>)) {
        parameters.push({
          name,
          in: where,
          required: where === 'path' || !field.safeParse(undefined).success,
          schema: schema(field, 'input'),
        })
      }
    }
    const operation: Record<string, unknown> = {
      operationId: route.operationId,
      summary: route.summary,
      tags: [route.tag],
      parameters,
      responses: {
        '200': {
          description: 'OK',
          content: { 'application/json': { schema: schema(route.response, 'output') } },
        },
        '4XX': { $ref: '#/components/responses/Error' },
        '5XX': { $ref: '#/components/responses/Error' },
      },
    }
    // A route anyone may call says so: an operation without `security` would leave it unstated.
    if (route.auth === 'none') operation.security = []
    if (route.auth === 'shopper' || route.auth === 'shopperToken') operation.security = [{ accessToken: [] }]
    if (route.auth === 'merchant') operation.security = [{ apiKey: [] }]
    if (route.auth === 'caller') operation.security = [{ accessToken: [] }, { apiKey: [] }]
    if (route.upload) {
      const binary = { schema: { type: 'string', contentMediaType: 'application/octet-stream' } }
      operation.requestBody = {
        required: true,
        content: Object.fromEntries(route.upload.map((type) => [type, binary])),
      }
    }
    if (route.body) {
      operation.requestBody = {
        required: true,
        content: { 'application/json': { schema: schema(route.body, 'input') } },
      }
    }
    paths[path] = { ...paths[path], [route.method]: operation }
  }
  return {
    openapi: '3.1.0',
    info: { ...info, license: { name: 'MIT', identifier: 'MIT' } },
    servers: [{ url: serverUrl }],
    paths,
    components: {
      responses: {
        Error: {
          description: 'The request was refused (4XX) or failed (5XX), with the normalised error body',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
        },
      },
      securitySchemes: {
        accessToken: {
          type: 'apiKey',
          in: 'header',
          name: 'Authorization',
          description: 'a visitor or member access token',
        },
        apiKey: {
          type: 'apiKey',
          in: 'header',
          name: 'Authorization',
          description: 'a merchant API key (aisle_key_...), with the aisle-site-id header naming its site',
        },
      },
      schemas: {
        Error: {
          type: 'object',
          properties: {
            message: { type: 'string' },
            details: {
              type: 'object',
              properties: {
                validationError: { type: 'object' },
                applicationError: {
                  type: 'object',
                  properties: {
                    description: { type: 'string' },
                    code: { type: 'string' },
                    data: { type: 'object' },
                  },
                },
              },
            },
          },
          required: ['message', 'details'],
        },
      },
    },
  }
}
