import type { Hono } from 'hono'
import type { WireCart } from '../carts/cart-wire.ts'
import type { AppEnv } from '../http/api.ts'
import type { Caller } from '../http/caller.ts'
import { IN_PROCESS_CALLER } from '../oauth/authenticate.ts'

/**
 * A REST route answered with an error: its status and its wire body (spec section 8), passed on to the
 * GraphQL error as they are.
 */
export class RouteAnswerError extends Error {
  override name = 'RouteAnswerError'
  constructor(
    readonly status: number,
    readonly body: { message?: unknown; details?: unknown },
  ) {
    super(typeof body.message === 'string' ? body.message : `The route answered ${status}`)
  }
}

/** The current-cart calls of one caller, answered by the REST routes themselves. */
export interface CurrentCartCalls {
  get(): Promise<WireCart>
  addTo(body: unknown): Promise<WireCart>
  update(body: unknown): Promise<WireCart>
  removeLineItems(body: unknown): Promise<WireCart>
  updateLineItemQuantity(body: unknown): Promise<WireCart>
  removeCoupon(): Promise<WireCart>
  estimateTotals(body: unknown): Promise<Record<string, unknown>>
  delete(): Promise<void>
}

// Never on the network: an in-process request needs some origin to be a URL.
const IN_PROCESS_ORIGIN = 'http://in-process.aisle'
const CART_PATH = '/ecom/v1/carts/current'

/**
 * The current-cart calls for `caller`, sent in process to the REST current-cart routes (as the dashboard
 * sends its calls): the same validation, row lock, rules, events and errors as over REST, with no second
 * copy of them here. A merchant gets the routes' 403, as over REST.
 */
export function createCurrentCartCalls(
  hono: Hono<AppEnv>,
  caller: Caller,
  requestId: string,
): CurrentCartCalls {
  const env = { [IN_PROCESS_CALLER]: caller }

  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = { 'x-request-id': requestId }
    if (body !== undefined) headers['content-type'] = 'application/json'
    const response = await hono.request(
      `${IN_PROCESS_ORIGIN}${CART_PATH}${path}`,
      { method, headers, body: body === undefined ? undefined : JSON.stringify(body) },
      env,
    )
    const json = (await response.json().catch(() => ({}))) as Record<string, unknown>
    if (response.status !== 200) throw new RouteAnswerError(response.status, json)
    return json as T
  }
  const cart = async (method: string, path: string, body?: unknown) =>
    (await call<{ cart: WireCart }>(method, path, body)).cart

  return {
    get: () => cart('GET', ''),
    addTo: (body) => cart('POST', '/add-to-cart', body),
    update: (body) => cart('PATCH', '', body),
    removeLineItems: (body) => cart('POST', '/remove-line-items', body),
    updateLineItemQuantity: (body) => cart('POST', '/update-line-items-quantity', body),
    removeCoupon: () => cart('POST', '/remove-coupon', {}),
    estimateTotals: (body) => call('POST', '/estimate-totals', body),
    delete: async () => {
      await call('DELETE', '')
    },
  }
}
