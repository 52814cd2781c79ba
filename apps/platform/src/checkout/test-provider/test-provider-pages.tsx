import { formatMoney } from '../../money/money.ts'
import { Document } from '../../pages/document.tsx'
import { CsrfField, Field } from '../../pages/form-controls.tsx'
import type { TestProviderPaymentRow } from './test-provider-store.ts'

function amountOf(payment: TestProviderPaymentRow): string {
  return formatMoney(Number(payment.amount_minor), payment.currency, 'en-US')
}

/** The test provider's card page: the one page whose form carries a card number. */
export function TestCardPage(props: {
  payment: TestProviderPaymentRow
  action: string
  csrfToken: string
  errors: ReadonlyMap<string, string>
  values: Readonly<Record<string, string>>
}) {
  const { payment, errors, values } = props
  return (
    <Document title="Pay by card · Aisle test provider">
      <main className="narrow provider">
        <p className="muted">Aisle test payments · no real money moves</p>
        <h1>Pay {amountOf(payment)}</h1>
        {errors.size > 0 && (
          <p className="problem" role="alert">
            Please check the card details.
          </p>
        )}
        <form method="post" action={props.action} noValidate>
          <CsrfField token={props.csrfToken} />
          <Field
            label="Card number"
            name="cardNumber"
            autoComplete="cc-number"
            className="wide"
            defaultValue={values.cardNumber}
            error={errors.get('cardNumber')}
            hint="4242 4242 4242 4242 is paid · 4000 0025 0000 3155 asks you to approve · 4000 0000 0000 0002 is declined"
          />
          <div className="grid">
            <Field
              label="Expiry (MM/YY)"
              name="cardExpiry"
              autoComplete="cc-exp"
              defaultValue={values.cardExpiry}
              error={errors.get('cardExpiry')}
            />
            <Field
              label="CVC"
              name="cardCvc"
              autoComplete="cc-csc"
              defaultValue={values.cardCvc}
              error={errors.get('cardCvc')}
            />
          </div>
          <div className="actions">
            <button type="submit" className="primary place">
              Pay {amountOf(payment)}
            </button>
          </div>
        </form>
        <form method="post" action={`${props.action}/cancel`}>
          <CsrfField token={props.csrfToken} />
          <button type="submit">Cancel and return to the shop</button>
        </form>
      </main>
    </Document>
  )
}

/** The extra authentication step (3-D Secure style): the shopper approves the payment, or not. */
export function TestAuthenticationPage(props: {
  payment: TestProviderPaymentRow
  action: string
  csrfToken: string
}) {
  return (
    <Document title="Approve the payment · Aisle test provider">
      <main className="narrow provider">
        <p className="muted">Aisle test payments · your bank’s check</p>
        <h1>Approve the payment</h1>
        <p>
          Your bank asks you to approve a payment of <strong>{amountOf(props.payment)}</strong> with the card
          ending {props.payment.card_last4}.
        </p>
        <form method="post" action={props.action}>
          <CsrfField token={props.csrfToken} />
          <div className="actions">
            <button type="submit" name="decision" value="approve" className="primary">
              Approve
            </button>
            <button type="submit" name="decision" value="refuse">
              Refuse
            </button>
          </div>
        </form>
      </main>
    </Document>
  )
}
