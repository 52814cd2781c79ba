import type { Api } from '../../http/api.ts'
import { renderDashboardPage } from '../dashboard-layout.tsx'
import { createDashboardRoutes } from '../owner-routes.ts'
import type { DashboardDeps } from '../session/owner-session.ts'
import { type PaymentProviderStatus, PaymentSetupPage } from './payment-setup-page.tsx'

/** The payment setup page: the app's one list of providers, as each describes its own setup. */
export function registerPaymentSetupPages(api: Api, deps: DashboardDeps) {
  const { page } = createDashboardRoutes(api, deps)
  page(
    {
      path: '/dashboard/setup/payments',
      operationId: 'dashboardPaymentSetup',
      summary:
        'The payment providers on: mode (test or live), the webhook URL to register, and whether a signed webhook arrived',
    },
    async (owner) => {
      const providers: PaymentProviderStatus[] = await Promise.all(
        deps.payments.providers.map(async (provider) => ({
          id: provider.id,
          title: provider.title,
          mode: provider.setup?.mode,
          notificationUrl: provider.setup?.notificationUrl,
          lastSignedNotification: provider.setup?.lastSignedNotification
            ? ((await provider.setup.lastSignedNotification()) ?? null)
            : undefined,
        })),
      )
      return renderDashboardPage(<PaymentSetupPage owner={owner} providers={providers} />, deps)
    },
  )
}
