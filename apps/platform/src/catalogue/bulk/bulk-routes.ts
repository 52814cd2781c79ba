import { z } from 'zod'
import type { Api } from '../../http/api.ts'
import { IdParam } from '../../http/validation.ts'
import type { CatalogueWriteDeps } from '../products/merchant-product-writes.ts'
import {
  BulkAdjustProductsBody,
  BulkUpdateProductsBody,
  bulkAdjustProductProperty,
  bulkUpdateProductsProperty,
  undoBulkOperation,
} from './bulk-operations.ts'

const Values = z.object({ price: z.number(), cost: z.number().nullable(), weight: z.number().nullable() })
export const BulkResponse = z.object({
  bulkOperationId: z.string().optional().describe('absent for a preview; pass it to undo'),
  applied: z.boolean(),
  changes: z.array(z.object({ productId: z.string(), name: z.string(), before: Values, after: Values })),
  results: z
    .array(
      z.object({
        itemMetadata: z.object({ id: z.string(), originalIndex: z.number().int(), success: z.boolean() }),
      }),
    )
    .describe('one per product changed, originalIndex its place in ids; none for a preview'),
  bulkActionMetadata: z.object({
    totalSuccesses: z.number().int(),
    totalFailures: z.number().int().describe('always 0: a bulk change applies to all products or none'),
    undetailedFailures: z.number().int(),
  }),
})

/** Bulk price, cost and weight changes with a preview first and an undo after: merchant API keys only. */
export function registerBulkRoutes(api: Api, deps: CatalogueWriteDeps) {
  const merchant = { auth: 'merchant', permission: 'catalogue', tag: 'Catalogue (write)' } as const

  api.route(
    {
      ...merchant,
      method: 'post',
      path: '/stores/v1/bulk/products/update',
      operationId: 'bulkUpdateProductsProperty',
      summary:
        'Set price, cost or weight on many products at once (preview: true shows the changes without applying)',
      body: BulkUpdateProductsBody,
      response: BulkResponse,
    },
    async ({ body, caller }) => bulkUpdateProductsProperty(deps, caller, body),
  )

  api.route(
    {
      ...merchant,
      method: 'post',
      path: '/stores/v1/bulk/products/adjust-properties',
      operationId: 'bulkAdjustProductProperty',
      summary:
        'Adjust price, cost or weight of many products by an amount or a percentage (preview: true first)',
      body: BulkAdjustProductsBody,
      response: BulkResponse,
    },
    async ({ body, caller }) => bulkAdjustProductProperty(deps, caller, body),
  )

  api.route(
    {
      ...merchant,
      method: 'post',
      path: '/stores/v1/bulk/operations/:id/undo',
      operationId: 'undoBulkOperation',
      summary: 'Undo a bulk change; products changed since keep their newer values and are listed as skipped',
      params: IdParam,
      response: z.object({ restored: z.array(z.string()), skipped: z.array(z.string()) }),
    },
    async ({ params, caller }) => undoBulkOperation(deps, caller, params),
  )
}
