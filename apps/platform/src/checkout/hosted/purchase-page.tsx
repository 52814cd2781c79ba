import type { ContactDetails } from '../../carts/contact-info.ts'
import { isEmailAddress } from '../../mail/email-address.ts'
import { Field } from '../../pages/form-controls.tsx'
import type { FormFields } from '../../pages/form-fields.ts'
import type { CheckoutCallbacks } from '../checkout-store.ts'
import type { PaymentProvider } from '../payment-provider.ts'
import type { PaymentDeps } from '../payments/payment-deps.ts'
import { startPayment } from '../payments/start-payment.ts'
import { checkoutPaymentUrls, HOSTED_CHECKOUT_PATH } from './hosted-checkout-routes.tsx'

// What the hosted pages that sell one purchase as a checkout of its own (a booking's slot, an event's
// tickets: `openPurchaseCheckout`) share: the buyer's fields, their check, the session's callbacks, and
// paying the checkout.

const PHONE = /^\+?[0-9 ().-]{5,30}$/

/** A purchase form's fields as typed, and the words beside those that are wrong, by field name. */
export interface PurchaseForm {
  values: Record<string, string>
  errors: Record<string, string>
}

/**
 * The buyer's first and last name and e-mail (and an optional phone, `withPhone`) from the form, trimmed,
 * with the words beside each one that is missing or malformed.
 */
export function readBuyer(
  form: FormFields,
  options: { withPhone?: boolean } = {},
): PurchaseForm & { email: string; contact: ContactDetails } {
  const names = ['firstName', 'lastName', 'email', ...(options.withPhone ? ['phone'] : [])]
  const values: Record<string, string> = Object.fromEntries(
    names.map((name) => [name, form.text(name).trim()]),
  )
  const errors: Record<string, string> = {}
  if (!values.firstName) errors.firstName = 'Enter your first name.'
  if (!values.lastName) errors.lastName = 'Enter your last name.'
  if (!isEmailAddress(values.email ?? '')) errors.email = 'Enter an e-mail address, like ada@example.com.'
  if (values.phone && !PHONE.test(values.phone))
    errors.phone = 'Enter a phone number: digits, spaces, ( ) - . and a leading +.'
  return {
    values,
    errors,
    email: values.email ?? '',
    contact: {
      firstName: values.firstName,
      lastName: values.lastName,
      ...(values.phone ? { phone: values.phone } : {}),
    },
  }
}

/** The buyer's fields of a purchase page: first and last name, e-mail (with `emailHint`), and a phone. */
export function BuyerFields(props: {
  form: PurchaseForm
  emailHint?: string | undefined
  withPhone?: boolean
}) {
  const { values, errors } = props.form
  return (
    <>
      <Field
        label="First name"
        name="firstName"
        required
        autoComplete="given-name"
        defaultValue={values.firstName}
        error={errors.firstName}
      />
      <Field
        label="Last name"
        name="lastName"
        required
        autoComplete="family-name"
        defaultValue={values.lastName}
        error={errors.lastName}
      />
      <Field
        label="E-mail"
        name="email"
        type="email"
        required
        autoComplete="email"
        {...(props.emailHint ? { hint: props.emailHint } : {})}
        defaultValue={values.email}
        error={errors.email}
      />
      {props.withPhone && (
        <Field
          label="Phone (optional)"
          name="phone"
          type="tel"
          autoComplete="tel"
          defaultValue={values.phone}
          error={errors.phone}
        />
      )}
    </>
  )
}

/** The session's thank-you and post-flow URLs, which a purchase's checkout goes on to once paid. */
export function purchaseCallbacks(callbacks: {
  thankYouPageUrl?: string
  postFlowUrl?: string
}): CheckoutCallbacks {
  return {
    ...(callbacks.thankYouPageUrl ? { thankYouPageUrl: callbacks.thankYouPageUrl } : {}),
    ...(callbacks.postFlowUrl ? { postFlowUrl: callbacks.postFlowUrl } : {}),
  }
}

/**
 * Pays a purchase's checkout with the provider chosen: the provider's page to go to, or (paid at once,
 * or nothing to pay) the hosted checkout's return, which places the order and goes on to the thank-you
 * page; `refused` when the payment settled the checkout as neither placed nor pending. `cancelPath` is the
 * purchase page the provider's cancel comes back to.
 */
export async function payPurchase(
  payments: PaymentDeps,
  request: {
    siteId: string
    currency: string
    checkoutId: string
    totalMinor: number
    provider: PaymentProvider
    paymentKey: string
    cancelPath: string
  },
): Promise<{ kind: 'go'; location: string } | { kind: 'refused' }> {
  const started = await startPayment(
    payments,
    checkoutPaymentUrls(payments.publicUrl, request.checkoutId, request.cancelPath),
    {
      siteId: request.siteId,
      purpose: { kind: 'checkout', checkoutId: request.checkoutId },
      provider: request.provider,
      amountMinor: request.totalMinor,
      currency: request.currency,
      idempotencyKey: request.paymentKey,
    },
  )
  if (started.kind === 'redirect') return { kind: 'go', location: started.url }
  if (
    started.kind === 'confirmed' &&
    started.confirmation.kind !== 'placed' &&
    started.confirmation.kind !== 'pending'
  )
    return { kind: 'refused' }
  return { kind: 'go', location: `${HOSTED_CHECKOUT_PATH}/${request.checkoutId}/payment-return` }
}
