import type { Logger } from '../../log.ts'
import type { PaymentProvider, ProviderPayment } from '../payment-provider.ts'
import { confirmPayment } from './confirm-payment.ts'
import type { PaymentDeps } from './payment-deps.ts'
import { recordRefundsMadeAtProvider } from './refunds-made-at-provider.ts'

/**
 * Acts on a provider's own word about a payment (not the shopper's return): records its outcome and places
 * the order or grants the plan (`confirmPayment`), then records the refunds the merchant made on the
 * provider's dashboard (decision 067). The notification route calls it once a notification is verified; the
 * built-in test provider, which runs in this process, calls it directly (decision 103). Answers whether the
 * payment was one the platform knows.
 */
export async function actOnProviderWord(
  deps: PaymentDeps & { logger: Logger },
  provider: PaymentProvider,
  state: ProviderPayment,
): Promise<boolean> {
  const confirmation = await confirmPayment(deps, provider, state)
  await recordRefundsMadeAtProvider(deps, provider, state)
  return confirmation.kind !== 'unknown'
}
