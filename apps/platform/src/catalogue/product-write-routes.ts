import { z } from 'zod'
import type { Clock } from '../clock.ts'
import type { Db } from '../db/db.ts'
import { type EventType, recordCallerEvent } from '../events/event-outbox.ts'
import type { Api } from '../http/api.ts'
import type { MerchantCaller } from '../http/caller.ts'
import { ApplicationError } from '../http/errors.ts'
import { toMinor } from '../money/money.ts'
import type { Site } from '../sites/site-store.ts'
import { IdParam, ProductSchema, VariantSchema } from './catalogue-schemas.ts'
import { ProductInput, ProductPatch, type ProductPatchValue, toProductColumns } from './product-input.ts'
import { findProduct, type ProductRecord } from './product-store.ts'
import { toWireProduct, toWireVariant } from './product-wire.ts'
import { deleteProduct, insertProduct, lockProduct, updateProduct } from './product-write-store.ts'

export interface CatalogueWriteDeps {
  db: Db
  clock: Clock
  publicUrl: string
}

const merchantAudience = (siteId: string) => ({ siteId, includeHidden: true })
const ProductResponse = z.object({ product: ProductSchema })
const Empty = z.object({})

const VariantPatch = z.object({
  variants: z
    .array(
      z.object({
        choices: z.record(z.string().max(100), z.string().max(200)).optional(),
        variantIds: z.array(z.guid()).max(300).optional(),
        price: z.number().min(0).max(10_000_000).nullish(),
        cost: z.number().min(0).max(10_000_000).nullish(),
        weight: z.number().min(0).max(100_000).nullish(),
        sku: z.string().trim().max(40).nullish(),
        visible: z.boolean().optional(),
        stock: z
          .object({
            trackQuantity: z.boolean(),
            quantity: z.number().int().min(0).max(1_000_000_000).nullish(),
            inStock: z.boolean().default(true),
          })
          .optional(),
      }),
    )
    .min(1)
    .max(300),
})

/** Catalogue writes on products (v1, and v2 platformized on the same data): merchant API keys only. */
export function registerProductWriteRoutes(api: Api, deps: CatalogueWriteDeps) {
  const { db, clock, publicUrl } = deps
  const merchant = { auth: 'merchant', permission: 'catalogue', tag: 'Catalogue (write)' } as const

  async function readBack(tx: Db, siteId: string, id: string): Promise<ProductRecord> {
    const record = await findProduct(tx, merchantAudience(siteId), id)
    if (!record) throw new ApplicationError('PRODUCT_NOT_FOUND', `Product ${id} was not found`, { id })
    return record
  }

  const wire = (record: ProductRecord, site: Site) =>
    toWireProduct(record, site, { publicUrl, includeMerchantData: true })

  async function event(
    tx: Db,
    caller: MerchantCaller,
    type: EventType,
    entityId: string,
    payload: unknown,
    now: Date,
  ) {
    await recordCallerEvent(tx, caller, { type, entityId, payload }, now)
  }

  /** Applies a patch to a product in one transaction, with its events; answers the product as it is after. */
  async function patchProduct(caller: MerchantCaller, id: string, patch: ProductPatchValue) {
    const site = caller.site
    const now = clock()
    const after = await db.transaction(async (tx) => {
      await lockProduct(tx, caller.siteId, id)
      const before = await readBack(tx, caller.siteId, id)
      const columns = toProductColumns(patch, before.product, site.currency)
      await updateProduct(tx, caller.siteId, id, columns, patch.slug, now)
      const record = await readBack(tx, caller.siteId, id)
      await event(
        tx,
        caller,
        'product.changed',
        id,
        { productId: id, modifiedFields: Object.keys(patch).sort() },
        now,
      )
      if (
        JSON.stringify(before.variants.map((v) => v.id)) !== JSON.stringify(record.variants.map((v) => v.id))
      ) {
        await event(
          tx,
          caller,
          'product.variants_changed',
          id,
          { productId: id, variantIds: record.variants.map((v) => v.id) },
          now,
        )
      }
      return record
    })
    return { product: wire(after, site) }
  }

  for (const [version, prefix] of [
    ['v1', '/stores/v1/products'],
    ['v2', '/stores/v2/products-platformized'],
  ] as const) {
    const suffix = version === 'v2' ? 'Platformized' : ''
    api.route(
      {
        ...merchant,
        method: 'post',
        path: prefix,
        operationId: `createProduct${suffix}`,
        summary: 'Create a product; its options make its variants',
        body: z.object({ product: ProductInput }),
        response: ProductResponse,
      },
      async ({ body, caller }) => {
        const site = caller.site
        const columns = toProductColumns(body.product, undefined, site.currency)
        const now = clock()
        const record = await db.transaction(async (tx) => {
          const id = await insertProduct(tx, caller.siteId, columns, body.product.slug, now)
          const created = await readBack(tx, caller.siteId, id)
          await event(tx, caller, 'product.created', id, wire(created, site), now)
          return created
        })
        return { product: wire(record, site) }
      },
    )

    api.route(
      {
        ...merchant,
        method: 'patch',
        path: `${prefix}/:id`,
        operationId: `updateProduct${suffix}`,
        summary: 'Change the given fields of a product',
        params: IdParam,
        body: z.object({ product: ProductPatch }),
        response: ProductResponse,
      },
      async ({ params, body, caller }) => patchProduct(caller, params.id, body.product),
    )

    api.route(
      {
        ...merchant,
        method: 'delete',
        path: `${prefix}/:id`,
        operationId: `deleteProduct${suffix}`,
        summary: 'Delete a product, its variants and its collection memberships',
        params: IdParam,
        response: Empty,
      },
      async ({ params, caller }) => {
        const now = clock()
        await db.transaction(async (tx) => {
          if (!(await deleteProduct(tx, caller.siteId, params.id))) {
            throw new ApplicationError('PRODUCT_NOT_FOUND', `Product ${params.id} was not found`, {
              id: params.id,
            })
          }
          await event(tx, caller, 'product.deleted', params.id, { productId: params.id }, now)
        })
        return {}
      },
    )
  }

  for (const [path, operationId, summary, patch] of [
    ['remove-brand', 'removeBrand', "Remove a product's brand", { brand: null }],
    ['remove-ribbon', 'removeRibbon', "Remove a product's ribbon", { ribbon: null }],
  ] as const) {
    api.route(
      {
        ...merchant,
        method: 'post',
        path: `/stores/v1/products/:id/${path}`,
        operationId,
        summary,
        params: IdParam,
        response: Empty,
      },
      async ({ params, caller }) => {
        await patchProduct(caller, params.id, patch)
        return {}
      },
    )
  }

  api.route(
    {
      ...merchant,
      method: 'delete',
      path: '/stores/v1/products/:id/options',
      operationId: 'deleteProductOptions',
      summary: "Delete a product's options; its variants collapse to one",
      params: IdParam,
      response: Empty,
    },
    async ({ params, caller }) => {
      await patchProduct(caller, params.id, { productOptions: [] })
      return {}
    },
  )

  api.route(
    {
      ...merchant,
      method: 'patch',
      path: '/stores/v1/products/:id/variants',
      operationId: 'updateProductVariants',
      summary: 'Change price, cost, weight, sku, visibility or stock of the variants matching choices or ids',
      params: IdParam,
      body: VariantPatch,
      response: z.object({ variants: z.array(VariantSchema) }),
    },
    async ({ params, body, caller }) => {
      const site = caller.site
      const now = clock()
      const record = await db.transaction(async (tx) => {
        await lockProduct(tx, caller.siteId, params.id)
        const before = await readBack(tx, caller.siteId, params.id)
        for (const [index, change] of body.variants.entries()) {
          const targets = before.variants.filter(
            (v) =>
              (!change.variantIds || change.variantIds.includes(v.id)) &&
              Object.entries(change.choices ?? {}).every(([name, choice]) => v.choices[name] === choice),
          )
          if (targets.length === 0) {
            throw new ApplicationError('VARIANT_NOT_FOUND', 'No variant matches these choices or ids', {
              index,
            })
          }
          const minor = (value: number | null | undefined) =>
            value === undefined ? undefined : value === null ? null : toMinor(value, site.currency)
          for (const variant of targets) {
            const quantity = change.stock ? (change.stock.quantity ?? null) : variant.quantity
            const tracked = change.stock?.trackQuantity ?? variant.track_quantity
            await tx.query(
              `update product_variants set price_minor = $2, cost_minor = $3, weight = $4, sku = $5, visible = $6,
                 track_quantity = $7, quantity = $8, in_stock = $9 where id = $1`,
              [
                variant.id,
                minor(change.price) === undefined ? variant.price_minor : minor(change.price),
                minor(change.cost) === undefined ? variant.cost_minor : minor(change.cost),
                change.weight === undefined ? variant.weight : change.weight,
                change.sku === undefined ? variant.sku : change.sku || null,
                change.visible ?? variant.visible,
                tracked,
                tracked ? (quantity ?? 0) : null,
                tracked
                  ? (quantity ?? 0) > 0 && (change.stock?.inStock ?? true)
                  : (change.stock?.inStock ?? variant.in_stock),
              ],
            )
          }
        }
        await tx.query('update products set updated_date = $2 where id = $1', [params.id, now])
        const after = await readBack(tx, caller.siteId, params.id)
        await event(
          tx,
          caller,
          'product.variants_changed',
          params.id,
          { productId: params.id, variantIds: after.variants.map((v) => v.id) },
          now,
        )
        return after
      })
      return {
        variants: record.variants.map((v) =>
          toWireVariant(record, v, site, { publicUrl, includeMerchantData: true }),
        ),
      }
    },
  )

  api.route(
    {
      ...merchant,
      method: 'post',
      path: '/stores/v1/products/:id/variants/resetToDefault',
      operationId: 'resetAllProductVariantData',
      summary: "Reset every variant's own data to the product's",
      params: IdParam,
      response: Empty,
    },
    async ({ params, caller }) => {
      const now = clock()
      await db.transaction(async (tx) => {
        await lockProduct(tx, caller.siteId, params.id)
        await tx.query(
          `update product_variants set price_minor = null, cost_minor = null, weight = null, sku = null, visible = true,
             track_quantity = false, quantity = null, in_stock = true where product_id = $1`,
          [params.id],
        )
        await tx.query('update products set updated_date = $2 where id = $1', [params.id, now])
        await event(
          tx,
          caller,
          'product.variants_changed',
          params.id,
          { productId: params.id, reset: true },
          now,
        )
      })
      return {}
    },
  )
}
