import { timeText } from '../kit/dashboard-words.ts'
import { DataTable } from '../kit/data-table.tsx'
import { PageHeader } from '../kit/page-header.tsx'
import type { Owner } from '../session/owner-session.ts'
import { SetupPage } from './setup-fields.tsx'

/** One payment provider as the setup page shows it: never a key, only what the key says. */
export interface PaymentProviderStatus {
  id: string
  title: string
  mode: 'test' | 'live' | undefined
  /** The URL to register for the provider's signed notifications (Stripe's webhook endpoint). */
  notificationUrl: string | undefined
  /** When a signed notification last arrived; null when none ever did; undefined when it has none. */
  lastSignedNotification: Date | null | undefined
}

function modeWords(mode: PaymentProviderStatus['mode']): string {
  if (mode === 'live') return 'Live: real money'
  if (mode === 'test') return 'Test: no money moves'
  return 'No provider: the buyer pays the shop directly'
}

/** The platform's ways to pay as set up by its operator: which are on, in which mode, and their webhooks. */
export function PaymentSetupPage(props: { owner: Owner; providers: readonly PaymentProviderStatus[] }) {
  const hasStripe = props.providers.some((provider) => provider.id === 'stripe')
  return (
    <SetupPage owner={props.owner} title="Payments" part="payments">
      <PageHeader
        title="Payments"
        description="The ways to pay the checkout offers, in this order. They are set by whoever runs the platform, in its settings; keys are never shown here."
      />
      <DataTable
        label="Payment providers"
        rows={props.providers}
        rowKey={(provider) => provider.id}
        empty="No ways to pay are set up."
        columns={[
          {
            header: 'Provider',
            cell: (provider) => provider.title,
          },
          { header: 'Mode', cell: (provider) => modeWords(provider.mode) },
          {
            header: 'Webhook',
            cell: (provider) =>
              provider.notificationUrl ? (
                <>
                  <p>
                    Register <code>{provider.notificationUrl}</code>
                  </p>
                  <p className="hint">
                    {provider.lastSignedNotification
                      ? `Last signed webhook arrived ${timeText(provider.lastSignedNotification)}.`
                      : 'No signed webhook has arrived yet: check the URL and the signing secret.'}
                  </p>
                </>
              ) : (
                <span className="hint">None needed</span>
              ),
          },
        ]}
      />
      {hasStripe ? null : (
        <p className="hint">
          Stripe is off: card payments through Stripe start when the platform's operator sets its keys.
        </p>
      )}
    </SetupPage>
  )
}
