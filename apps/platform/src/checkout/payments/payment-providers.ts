import { offlineProvider, type PaymentProvider } from '../payment-provider.ts'
import { createStripeProvider, STRIPE_PROVIDER_ID, type StripeSettings } from '../stripe/stripe-provider.ts'
import {
  createTestProvider,
  type TestProvider,
  type TestProviderDeps,
} from '../test-provider/test-provider.ts'
import type { TestProviderMode } from '../test-provider/test-provider-mode.ts'

/** The platform's ways to pay, and the test provider among them (its own pages need it) when it is on. */
export interface PaymentProviders {
  /** In the order checkouts offer them; every page, refund and notification takes this one list. */
  providers: readonly PaymentProvider[]
  testProvider: TestProvider | undefined
}

/**
 * The platform's payment providers (decisions 054, 061): Stripe when its keys are set, the built-in test
 * card provider unless its mode is `off`, then pay later (offline). A production platform without Stripe
 * and without the test provider takes orders to be paid later only.
 */
export function createPaymentProviders(
  mode: TestProviderMode,
  deps: TestProviderDeps & {
    stripe?: StripeSettings | undefined
    /** Where a provider posts its notifications: `/payments/v1/notifications/:providerId`. */
    notificationUrl: (providerId: string) => string
  },
): PaymentProviders {
  const stripe = deps.stripe
    ? [
        createStripeProvider(deps.stripe, {
          db: deps.db,
          clock: deps.clock,
          notificationUrl: deps.notificationUrl(STRIPE_PROVIDER_ID),
        }),
      ]
    : []
  if (mode === 'off') return { providers: [...stripe, offlineProvider], testProvider: undefined }
  // The test provider runs in this process: it tells its word through `tell`, not the notification route.
  const testProvider = createTestProvider(deps)
  return { providers: [...stripe, testProvider, offlineProvider], testProvider }
}
