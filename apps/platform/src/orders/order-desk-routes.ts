import type { Context } from 'hono'
import { z } from 'zod'
import type { Api } from '../http/api.ts'
import type { MerchantCaller } from '../http/caller.ts'
import { ApplicationError, invalidField } from '../http/errors.ts'
import { Id, IdParam } from '../http/validation.ts'
import { parseScaledDecimal } from '../money/decimal-text.ts'
import { fractionDigits } from '../money/money.ts'
import {
  addOrderNote,
  cancelOrder,
  markOrderPaid,
  type OrderDeskDeps,
  refundOrder,
  shipOrder,
} from './order-actions.ts'
import { findOrder } from './order-store.ts'
import { OrderSchema, toWireOrder } from './order-wire.ts'

const OrderResponse = z.object({ order: OrderSchema })
const deskCall = {
  tag: 'Orders (merchant)',
  auth: 'merchant',
  permission: 'orders',
  params: IdParam,
  response: OrderResponse,
  cacheControl: 'private, no-store',
} as const

const Amount = z
  .string()
  .regex(/^\d{1,13}(\.\d{1,3})?$/, 'must be a decimal amount like "12.50"')
  .describe("in the order's currency; left out, what the buyer paid for the chosen units, tax included")

const ShipBody = z.strictObject({
  carrier: z.string().max(200),
  trackingNumber: z.string().max(200),
  trackingUrl: z.string().max(1000).optional(),
  lineItems: z
    .array(z.strictObject({ id: Id, quantity: z.number() }))
    .max(300)
    .optional()
    .describe('the units of each line that left; left out, every unit not yet shipped'),
})
const CancelBody = z.strictObject({ reason: z.string().max(1000).optional() })
const RefundBody = z.strictObject({
  amount: Amount.optional(),
  lineItems: z
    .array(z.strictObject({ id: Id, quantity: z.number(), restock: z.boolean().default(false) }))
    .max(300)
    .optional()
    .describe('the units refunded per line, and whether they go back in stock'),
  reason: z.string().max(1000).optional(),
})
const NoteBody = z.strictObject({ text: z.string().max(4000) })
const MarkPaidBody = z.strictObject({})

/** `"12.5"` in a currency of 2 fraction digits is `1250`: the dashboard's own digit-moving reading. */
function toMinorAmount(amount: string, currency: string): number {
  const reading = parseScaledDecimal(amount, fractionDigits(currency))
  if ('problem' in reading) throw invalidField('amount', `${reading.problem} in ${currency}`, 'FORMAT')
  return reading.value as number
}

/**
 * The order desk's actions for a merchant's server (an API key with `orders`): the same domain functions
 * the dashboard's order page calls, so every rule (the state machine, stock, mails, webhooks, idempotent
 * refunds) holds alike. Each answers the order as it is after the action.
 */
export function registerOrderDeskRoutes(api: Api, deps: OrderDeskDeps & { clock: () => Date }) {
  const { db, clock } = deps

  async function orderOf(caller: MerchantCaller, orderId: string) {
    const order = await findOrder(db, { siteId: caller.siteId }, orderId)
    if (!order) throw new ApplicationError('ORDER_NOT_FOUND', `There is no order ${orderId}`, { id: orderId })
    return { order: toWireOrder(order, caller.site) }
  }

  api.route(
    {
      ...deskCall,
      method: 'get',
      path: '/ecom/v1/merchant/orders/:id',
      operationId: 'getOrder',
      summary: 'One of the site’s orders',
    },
    ({ params, caller }) => orderOf(caller, params.id),
  )

  api.route(
    {
      ...deskCall,
      method: 'post',
      path: '/ecom/v1/merchant/orders/:id/ship',
      operationId: 'shipOrder',
      summary: 'Records a shipment with carrier and tracking number; mails the buyer; `order.fulfilled`',
      body: ShipBody,
    },
    async ({ params, body, caller }) => {
      const lines = body.lineItems?.map((line) => ({ lineId: line.id, quantity: line.quantity }))
      await shipOrder(deps, caller, { orderId: params.id, ...body, lines }, clock())
      return orderOf(caller, params.id)
    },
  )

  api.route(
    {
      ...deskCall,
      method: 'post',
      path: '/ecom/v1/merchant/orders/:id/cancel',
      operationId: 'cancelOrder',
      summary:
        'Cancels an order nothing of which shipped; stock goes back; mails the buyer; `order.canceled`',
      body: CancelBody,
    },
    async ({ params, body, caller }) => {
      await cancelOrder(deps, caller, { orderId: params.id, reason: body.reason }, clock())
      return orderOf(caller, params.id)
    },
  )

  api.route(
    {
      ...deskCall,
      method: 'post',
      path: '/ecom/v1/merchant/orders/:id/refund',
      operationId: 'refundOrder',
      summary:
        'Refunds all or part through the payment provider, once per `Idempotency-Key` header (required); mails the buyer; `order.refunded`',
      body: RefundBody,
    },
    async ({ params, body, caller }, c: Context) => {
      const key = c.req.header('idempotency-key')
      if (!key)
        throw invalidField(
          'Idempotency-Key',
          'is required: a retried refund must not refund twice',
          'REQUIRED_FIELD',
        )
      const { order } = await orderOf(caller, params.id)
      await refundOrder(
        deps,
        caller,
        {
          orderId: params.id,
          idempotencyKey: key,
          amountMinor: body.amount === undefined ? undefined : toMinorAmount(body.amount, order.currency),
          lines: body.lineItems?.map((line) => ({
            lineId: line.id,
            quantity: line.quantity,
            restock: line.restock,
          })),
          reason: body.reason,
        },
        clock(),
      )
      return orderOf(caller, params.id)
    },
  )

  api.route(
    {
      ...deskCall,
      method: 'post',
      path: '/ecom/v1/merchant/orders/:id/mark-as-paid',
      operationId: 'markOrderPaid',
      summary:
        'Marks the rest of the order paid outside Aisle (in person, or the rest after a deposit); `order.paid`; an order paid in full is left as it is',
      body: MarkPaidBody,
    },
    async ({ params, caller }) => {
      await markOrderPaid(deps, caller, { orderId: params.id }, clock())
      return orderOf(caller, params.id)
    },
  )

  api.route(
    {
      ...deskCall,
      method: 'post',
      path: '/ecom/v1/merchant/orders/:id/notes',
      operationId: 'addOrderNote',
      summary: "Adds the merchant's note to the order's timeline (the buyer never sees it)",
      body: NoteBody,
    },
    async ({ params, body, caller }) => {
      await addOrderNote(deps, caller, { orderId: params.id, text: body.text }, clock())
      return orderOf(caller, params.id)
    },
  )
}
