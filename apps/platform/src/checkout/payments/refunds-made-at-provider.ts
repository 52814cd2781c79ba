import { randomUUID } from 'node:crypto'
import type { MerchantCaller } from '../../http/caller.ts'
import { ApiError } from '../../http/errors.ts'
import type { Logger } from '../../log.ts'
import { refundOrder } from '../../orders/order-actions.ts'
import type { OrderRefunds } from '../../orders/order-refunds.ts'
import { findOrderByCheckout } from '../../orders/order-store.ts'
import { getSite } from '../../sites/site-store.ts'
import { voidRefundedTickets } from '../../ticketed-events/ticketed-event-store.ts'
import { freeCanceledOrder } from '../free-canceled-order.ts'
import {
  type PaymentProvider,
  type ProviderPayment,
  providerTitles,
  type RefundAtProvider,
} from '../payment-provider.ts'
import type { PaymentDeps } from './payment-deps.ts'
import { claimRefund, findPayment, listRefunds, settleRefund } from './payment-store.ts'

/**
 * The order desk's refunds for money the provider has already given back (a refund made on its own
 * dashboard): nothing is asked of the provider; the payment's books record the refund under the provider's
 * refund id, once (the key is that id), and the order desk's `refundOrder` records it on the order.
 */
function orderRefundsMadeAtProvider(
  deps: PaymentDeps,
  made: RefundAtProvider,
  paymentId: string,
): OrderRefunds {
  return {
    providerTitle: providerTitles(deps.providers),
    async refund(request) {
      const claim = await claimRefund(
        deps.db,
        {
          id: randomUUID(),
          paymentId,
          amountMinor: request.amountMinor,
          idempotencyKey: `made-at-provider:${made.providerRefundId}`,
        },
        deps.clock(),
      )
      if (claim.kind === 'not-refundable' || claim.kind === 'too-large')
        return {
          status: 'DECLINED',
          reason: 'The payment’s books leave less to refund than the provider gave back',
        }
      const settled = await settleRefund(
        deps.db,
        claim.refund.id,
        { status: 'SUCCEEDED', providerRefundId: made.providerRefundId },
        deps.clock(),
      )
      return { status: 'REFUNDED', refundId: (settled ?? claim.refund).id }
    },
  }
}

/**
 * Records on the order the refunds a provider made that the platform did not ask for (decision 067: a
 * merchant refunded on Stripe's dashboard), through the order desk's own `refundOrder`, as an amount with
 * the provider's words and date. A refund the platform asked for is known by the platform's id the provider
 * keeps with it, or by the provider's refund id once settled, and is left alone: the desk records it. Each
 * is recorded once, whatever number of notifications tell it (the order desk's key is the provider's refund
 * id). Answers how many it recorded; one the order cannot take (refunded in full already) is logged.
 */
export async function recordRefundsMadeAtProvider(
  deps: PaymentDeps & { logger: Logger },
  provider: PaymentProvider,
  state: ProviderPayment,
): Promise<number> {
  if (!state.refunds?.length) return 0
  const payment = await findPayment(deps.db, state.reference)
  if (!payment || payment.provider !== provider.id || payment.provider_payment_id !== state.providerPaymentId)
    return 0
  const known = await listRefunds(deps.db, payment.id)
  const isKnown = (made: RefundAtProvider) =>
    known.some(
      (refund) => refund.provider_refund_id === made.providerRefundId || refund.id === made.platformRefundId,
    )
  const order = payment.checkout_id ? await findOrderByCheckout(deps.db, payment.checkout_id) : undefined
  if (!order || order.payment.paymentId !== payment.id) return 0
  // The provider acts on the order as an app of the site: the timeline and the webhooks name it.
  const caller: MerchantCaller = {
    kind: 'merchant',
    siteId: order.site_id,
    site: await getSite(deps.db, order.site_id),
    apiKeyId: provider.id,
    permissions: ['orders'],
  }
  let recorded = 0
  for (const made of state.refunds) {
    if (isKnown(made)) continue
    const now = deps.clock()
    try {
      const result = await refundOrder(
        {
          db: deps.db,
          refunds: orderRefundsMadeAtProvider(deps, made, payment.id),
          linesRefunded: voidRefundedTickets,
          orderCanceled: freeCanceledOrder,
        },
        caller,
        {
          orderId: order.id,
          idempotencyKey: `${provider.id}:${made.providerRefundId}`,
          amountMinor: made.amountMinor,
          reason: made.description,
        },
        // When the provider gave the money back, never later than now (a late notification keeps its date).
        made.createdDate < now ? made.createdDate : now,
      )
      if (!result.isReplay) recorded += 1
    } catch (error) {
      if (!(error instanceof ApiError)) throw error
      deps.logger.warn('a refund made at the payment provider could not be recorded on its order', {
        orderId: order.id,
        provider: provider.id,
        providerRefundId: made.providerRefundId,
        error,
      })
    }
  }
  return recorded
}
