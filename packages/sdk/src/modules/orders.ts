import type { HttpClient } from '../http/create-http-client.js'
import { encodePathSegment } from '../http/encode-path-segment.js'
import type { ListMyOrdersOptions, ListMyOrdersResponse, Order } from '../types/order.js'

/**
 * The buyer's own orders (`/ecom/v1/orders`); `client.orders`. A member's token reads the member's
 * orders, a visitor's token the orders that visitor placed.
 */
export interface OrdersModule {
  /**
   * Lists the caller's orders, newest first (`GET /v1/orders`), a page at a time.
   *
   * @throws {AisleError} a validation error for a `limit` outside 1 to 100 or a negative `offset`.
   */
  listMyOrders(options?: ListMyOrdersOptions): Promise<ListMyOrdersResponse>
  /**
   * Gets one of the caller's orders by id (`GET /v1/orders/{id}`).
   *
   * @throws {AisleError} `INVALID_ARGUMENT` for an empty id (checked before calling); a 404 application
   * error (`ORDER_NOT_FOUND`) for an order that is not the caller's or does not exist.
   */
  getMyOrder(id: string): Promise<Order>
}

/**
 * The orders module; pass it in `modules` to get `client.orders`.
 *
 * @example
 * ```ts
 * const client = createClient({ auth, baseUrl, modules: { orders } })
 * const { orders: recent } = await client.orders.listMyOrders({ limit: 10 })
 * const order = await client.orders.getMyOrder(new URL(location.href).searchParams.get('orderId')!)
 * ```
 */
export function orders(http: HttpClient): OrdersModule {
  return {
    listMyOrders: (options = {}) =>
      http.request({
        method: 'GET',
        api: 'ecom',
        path: '/v1/orders',
        params: { limit: options.limit, offset: options.offset },
      }),
    getMyOrder: async (id) =>
      http.request({
        method: 'GET',
        api: 'ecom',
        path: `/v1/orders/${encodePathSegment('id', id)}`,
        entity: 'order',
      }),
  }
}
