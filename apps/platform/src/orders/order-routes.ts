import { z } from 'zod'
import type { Db } from '../db/db.ts'
import type { Api } from '../http/api.ts'
import type { Caller } from '../http/caller.ts'
import { ApplicationError } from '../http/errors.ts'
import { IdParam } from '../http/validation.ts'
import type { OrderRow } from './order-store.ts'
import { findOrder, listOrders, type OrderAudience } from './order-store.ts'
import { type OrderLineDownloads, OrderSchema, toWireOrder } from './order-wire.ts'

/** The downloads of a buyer's orders by line id (digital products, decision 047; the app hands it in). */
export type FindOrderDownloads = (orders: readonly OrderRow[]) => Promise<OrderLineDownloads>

const Paging = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(50),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
})
const OrderList = z.object({
  orders: z.array(OrderSchema),
  metadata: z.object({ count: z.number(), offset: z.number(), total: z.number() }),
})

function audienceOf(caller: Caller): OrderAudience {
  return caller.kind === 'merchant'
    ? { siteId: caller.siteId }
    : { siteId: caller.siteId, ownerKind: caller.kind, ownerId: caller.subjectId }
}

/** Orders: the buyer's own (`/ecom/v1/orders`) and all of the site's for the merchant. */
export function registerOrderRoutes(api: Api, deps: { db: Db; findDownloads?: FindOrderDownloads }) {
  const { db } = deps

  /** A buyer's own orders carry their download links; the merchant's answers never do. */
  const downloadsOf = async (caller: Caller, orders: readonly { order: OrderRow }[]) =>
    caller.kind === 'merchant' || !deps.findDownloads
      ? undefined
      : deps.findDownloads(orders.map(({ order }) => order))

  async function list(caller: Caller, paging: z.output<typeof Paging>) {
    const { orders, total } = await listOrders(db, audienceOf(caller), paging)
    const downloads = await downloadsOf(caller, orders)
    return {
      orders: orders.map((order) => toWireOrder(order, caller.site, downloads)),
      metadata: { count: orders.length, offset: paging.offset, total },
    }
  }

  api.route(
    {
      method: 'get',
      path: '/ecom/v1/orders',
      operationId: 'listMyOrders',
      summary: "The caller's own orders, newest first",
      tag: 'Orders',
      auth: 'shopper',
      query: Paging,
      response: OrderList,
      cacheControl: 'private, no-store',
    },
    async ({ query, caller }) => list(caller, query),
  )

  api.route(
    {
      method: 'get',
      path: '/ecom/v1/orders/:id',
      operationId: 'getMyOrder',
      summary: "One of the caller's own orders",
      tag: 'Orders',
      auth: 'shopper',
      params: IdParam,
      response: z.object({ order: OrderSchema }),
      cacheControl: 'private, no-store',
    },
    async ({ params, caller }) => {
      const order = await findOrder(db, audienceOf(caller), params.id)
      if (!order)
        throw new ApplicationError('ORDER_NOT_FOUND', `There is no order ${params.id}`, { id: params.id })
      return { order: toWireOrder(order, caller.site, await downloadsOf(caller, [order])) }
    },
  )

  api.route(
    {
      method: 'get',
      path: '/ecom/v1/merchant/orders',
      operationId: 'listOrders',
      summary: "The site's orders, newest first",
      tag: 'Orders',
      auth: 'merchant',
      permission: 'orders',
      query: Paging,
      response: OrderList,
      cacheControl: 'private, no-store',
    },
    async ({ query, caller }) => list(caller, query),
  )
}
