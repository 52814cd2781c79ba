import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import type { Db } from '../db/db.ts'
import { queryOne } from '../db/db.ts'
import { recordCallerEvent } from '../events/event-outbox.ts'
import type { Api } from '../http/api.ts'
import type { MerchantCaller } from '../http/caller.ts'
import { ApplicationError } from '../http/errors.ts'
import { applyDiscount, toMajorNumber } from '../money/money.ts'
import { type BulkChange, type BulkRequest, type BulkValues, planBulkChange } from './bulk-change.ts'
import { IdParam } from './catalogue-schemas.ts'
import type { CatalogueWriteDeps } from './product-writes.ts'

const Ids = z.array(z.guid()).min(1).max(1_000)
const value = z.number().min(0).max(10_000_000)
const by = z.union([
  z.object({ amount: z.number().min(-10_000_000).max(10_000_000) }),
  z.object({ percentage: z.number().min(-100).max(1_000) }),
])
const atLeastOne = (o: object) => Object.keys(o).length > 0

const UpdateBody = z.object({
  ids: Ids,
  set: z
    .object({ price: value, cost: value, weight: z.number().min(0).max(100_000) })
    .partial()
    .refine(atLeastOne, 'must name price, cost or weight'),
  preview: z.boolean().default(false),
})
const AdjustBody = z.object({
  ids: Ids,
  adjust: z
    .object({ price: by, cost: by, weight: by })
    .partial()
    .refine(atLeastOne, 'must name price, cost or weight'),
  preview: z.boolean().default(false),
})

const Values = z.object({ price: z.number(), cost: z.number().nullable(), weight: z.number().nullable() })
const BulkResponse = z.object({
  bulkOperationId: z.string().optional().describe('absent for a preview; pass it to undo'),
  applied: z.boolean(),
  changes: z.array(z.object({ productId: z.string(), name: z.string(), before: Values, after: Values })),
})

interface ProductValues extends BulkValues {
  id: string
  name: string
  discount_type: 'NONE' | 'AMOUNT' | 'PERCENT'
  discount_value: number
}

/** Bulk price, cost and weight changes with a preview first and an undo after: merchant API keys only. */
export function registerBulkRoutes(api: Api, deps: CatalogueWriteDeps) {
  const { db, clock } = deps
  const merchant = { auth: 'merchant', permission: 'catalogue', tag: 'Catalogue (write)' } as const

  /** The products' current values, locked in id order so two bulk changes cannot deadlock. */
  async function lockProducts(tx: Db, siteId: string, ids: readonly string[]): Promise<ProductValues[]> {
    return tx.query<ProductValues>(
      `select id, name, price_minor, cost_minor, weight, discount_type, discount_value from products
       where site_id = $1 and id = any($2::uuid[]) order by id for update`,
      [siteId, [...new Set(ids)]],
    )
  }

  /** Like `lockProducts`, but every id must name a product of the site. */
  async function lockAllProducts(tx: Db, siteId: string, ids: readonly string[]): Promise<ProductValues[]> {
    const rows = await lockProducts(tx, siteId, ids)
    const missing = [...new Set(ids)].filter((id) => !rows.some((r) => r.id === id))
    if (missing.length > 0) {
      throw new ApplicationError(
        'PRODUCT_NOT_FOUND',
        `Products not found: ${missing.slice(0, 5).join(', ')}`,
        {
          productIds: missing,
        },
      )
    }
    return rows
  }

  async function write(
    tx: Db,
    caller: MerchantCaller,
    product: ProductValues,
    values: BulkValues,
    now: Date,
  ) {
    await tx.query(
      `update products set price_minor = $2, discounted_price_minor = $3, cost_minor = $4, weight = $5, updated_date = $6 where id = $1`,
      [
        product.id,
        values.price_minor,
        applyDiscount(values.price_minor, product.discount_type, product.discount_value),
        values.cost_minor,
        values.weight,
        now,
      ],
    )
    await recordCallerEvent(
      tx,
      caller,
      {
        type: 'product.changed',
        entityId: product.id,
        payload: { productId: product.id, modifiedFields: ['bulk'] },
      },
      now,
    )
  }

  async function run(caller: MerchantCaller, ids: string[], request: BulkRequest, preview: boolean) {
    const site = caller.site
    const money = (minor: number | null) => (minor === null ? null : toMajorNumber(minor, site.currency))
    const show = (v: BulkValues) => ({
      price: money(v.price_minor)!,
      cost: money(v.cost_minor),
      weight: v.weight,
    })
    const now = clock()
    return db.transaction(async (tx) => {
      const products = await lockAllProducts(tx, caller.siteId, ids)
      const changes = planBulkChange(products, request, site.currency)
      const names = new Map(products.map((p) => [p.id, p.name]))
      const answer = (bulkOperationId?: string) => ({
        bulkOperationId,
        applied: !preview,
        changes: changes.map((c) => ({
          productId: c.productId,
          name: names.get(c.productId) ?? '',
          before: show(c.before),
          after: show(c.after),
        })),
      })
      if (preview) return answer()
      for (const change of changes)
        await write(tx, caller, products.find((p) => p.id === change.productId)!, change.after, now)
      const id = randomUUID()
      await tx.query(
        'insert into bulk_operations (id, site_id, kind, changes, created_date) values ($1, $2, $3, $4, $5)',
        [id, caller.siteId, request.kind, JSON.stringify(changes), now],
      )
      return answer(id)
    })
  }

  api.route(
    {
      ...merchant,
      method: 'post',
      path: '/stores/v1/bulk/products/update',
      operationId: 'bulkUpdateProductsProperty',
      summary:
        'Set price, cost or weight on many products at once (preview: true shows the changes without applying)',
      body: UpdateBody,
      response: BulkResponse,
    },
    async ({ body, caller }) => run(caller, body.ids, { kind: 'update', set: body.set }, body.preview),
  )

  api.route(
    {
      ...merchant,
      method: 'post',
      path: '/stores/v1/bulk/products/adjust-properties',
      operationId: 'bulkAdjustProductProperty',
      summary:
        'Adjust price, cost or weight of many products by an amount or a percentage (preview: true first)',
      body: AdjustBody,
      response: BulkResponse,
    },
    async ({ body, caller }) => run(caller, body.ids, { kind: 'adjust', adjust: body.adjust }, body.preview),
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
    async ({ params, caller }) => {
      const now = clock()
      return db.transaction(async (tx) => {
        const operation = await queryOne<{ changes: BulkChange[]; undone_date: Date | null }>(
          tx,
          'select changes, undone_date from bulk_operations where site_id = $1 and id = $2 for update',
          [caller.siteId, params.id],
        )
        if (!operation)
          throw new ApplicationError(
            'BULK_OPERATION_NOT_FOUND',
            `Bulk operation ${params.id} was not found`,
            { id: params.id },
          )
        if (operation.undone_date)
          throw new ApplicationError('BULK_OPERATION_UNDONE', 'This bulk operation was already undone', {
            id: params.id,
          })
        const current = await lockProducts(
          tx,
          caller.siteId,
          operation.changes.map((c) => c.productId),
        )
        const restored: string[] = []
        const skipped: string[] = []
        for (const change of operation.changes) {
          const product = current.find((p) => p.id === change.productId)
          const untouched =
            product &&
            product.price_minor === change.after.price_minor &&
            product.cost_minor === change.after.cost_minor &&
            product.weight === change.after.weight
          if (!product || !untouched) {
            skipped.push(change.productId)
            continue
          }
          await write(tx, caller, product, change.before, now)
          restored.push(change.productId)
        }
        await tx.query('update bulk_operations set undone_date = $2 where id = $1', [params.id, now])
        return { restored, skipped }
      })
    },
  )
}
