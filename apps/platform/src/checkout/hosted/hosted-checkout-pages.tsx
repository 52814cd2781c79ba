import type { TotalsEstimate } from '../../carts/pricing/totals-estimate.ts'
import type { FieldViolation } from '../../http/errors.ts'
import { formatMoney } from '../../money/money.ts'
import { Document } from '../../pages/document.tsx'
import { CsrfField, Field } from '../../pages/form-controls.tsx'
import type { Site } from '../../sites/site-store.ts'
import type { CheckoutRow } from '../checkout-store.ts'
import type { PaymentProvider } from '../payment-provider.ts'
import {
  type AddressFieldName,
  type CheckoutFormValues,
  toShippingChoiceValue,
} from './hosted-checkout-form.ts'

const addressLabels: Record<AddressFieldName, [label: string, autoComplete?: string]> = {
  country: ['Country (2-letter code, e.g. US)', 'country'],
  subdivision: ['State or region (code, e.g. US-NY)', 'address-level1'],
  city: ['City', 'address-level2'],
  postalCode: ['Postal code', 'postal-code'],
  addressLine: ['Address', 'address-line1'],
  addressLine2: ['Address line 2', 'address-line2'],
  'streetAddress.name': ['Street name'],
  'streetAddress.number': ['Street number'],
  'streetAddress.apt': ['Apartment'],
  formattedAddress: ['Address as one line'],
  'geocode.latitude': ['Latitude'],
  'geocode.longitude': ['Longitude'],
  'vatId.id': ['Tax id (VAT, CPF or CNPJ)'],
  'vatId.type': ['Tax id type'],
}
const mainFields: AddressFieldName[] = [
  'addressLine',
  'addressLine2',
  'city',
  'postalCode',
  'subdivision',
  'country',
]
const moreFields: AddressFieldName[] = [
  'streetAddress.name',
  'streetAddress.number',
  'streetAddress.apt',
  'formattedAddress',
  'geocode.latitude',
  'geocode.longitude',
  'vatId.id',
]

function AddressFields(props: {
  prefix: 'shipping' | 'billing'
  values: CheckoutFormValues
  errors: ReadonlyMap<string, string>
}) {
  const name = (field: AddressFieldName) => `${props.prefix}.${field}`
  const field = (one: AddressFieldName) => {
    const [label, autoComplete] = addressLabels[one]
    return (
      <Field
        key={one}
        label={label}
        name={name(one)}
        defaultValue={props.values[name(one)]}
        error={props.errors.get(name(one))}
        autoComplete={autoComplete && `${props.prefix} ${autoComplete}`}
      />
    )
  }
  const vatType = name('vatId.type')
  return (
    <>
      <div className="grid">{mainFields.map(field)}</div>
      <details>
        <summary>More address fields</summary>
        <div className="grid">
          {moreFields.map(field)}
          <div className="field">
            <label htmlFor={`field-${vatType}`}>{addressLabels['vatId.type'][0]}</label>
            <select
              id={`field-${vatType}`}
              name={vatType}
              defaultValue={props.values[vatType] ?? 'UNSPECIFIED'}
            >
              <option value="UNSPECIFIED">Unspecified</option>
              <option value="CPF">CPF</option>
              <option value="CNPJ">CNPJ</option>
            </select>
          </div>
        </div>
      </details>
    </>
  )
}

function Summary(props: { totals: TotalsEstimate; names: ReadonlyMap<string, string>; site: Site }) {
  const money = (minor: number) => formatMoney(minor, props.site.currency, props.site.locale)
  const { priceSummary } = props.totals
  const rows: [string, number][] = [
    ['Subtotal', priceSummary.subtotal],
    ['Discount', -priceSummary.discount],
    ['Shipping', priceSummary.shipping],
    ['Tax', priceSummary.tax],
    ['Fees', priceSummary.additionalFees],
  ]
  return (
    <section aria-labelledby="summary-title">
      <h2 id="summary-title">Order summary</h2>
      <table>
        <tbody>
          {props.totals.lineItems.map((line) => (
            <tr key={line.id}>
              <td>
                {props.names.get(line.id)} × {line.quantity}
              </td>
              <td className="number">{money(line.discountedPrice)}</td>
            </tr>
          ))}
          {rows
            .filter(([label, amount]) => amount !== 0 || label === 'Subtotal' || label === 'Shipping')
            .map(([label, amount]) => (
              <tr key={label}>
                <th scope="row">{label}</th>
                <td className="number">{money(amount)}</td>
              </tr>
            ))}
          <tr>
            <th scope="row">Total</th>
            <td className="number" data-total={priceSummary.total}>
              <strong>{money(priceSummary.total)}</strong>
            </td>
          </tr>
        </tbody>
      </table>
    </section>
  )
}

export interface CheckoutPageProps {
  checkout: CheckoutRow
  site: Site
  totals: TotalsEstimate
  names: ReadonlyMap<string, string>
  providers: readonly PaymentProvider[]
  csrfToken: string
  values: CheckoutFormValues
  violations?: readonly FieldViolation[]
  /** Why the last "Place order" did not place it. */
  problem?: string | undefined
  notice?: string | undefined
  /** The shop's cart page (the redirect session's `cartPageUrl`): "Back to cart" leads there. */
  cartPageUrl?: string | undefined
}

/** The hosted checkout: contact and addresses, shipping choice with live totals, payment, place order. */
export function CheckoutPage(props: CheckoutPageProps) {
  const { checkout, totals, values } = props
  const errors = new Map(
    (props.violations ?? []).map((violation) => [violation.field, violation.description]),
  )
  const base = `/_checkout/${checkout.id}`
  const options = totals.shippingInfo.carrierServiceOptions.flatMap((carrier) => carrier.shippingOptions)
  const selected = totals.shippingInfo.selectedCarrierServiceOption
  const money = (minor: number) => formatMoney(minor, props.site.currency, props.site.locale)
  const isReady = Boolean(checkout.email && checkout.shipping_address && checkout.billing_address)
  return (
    <Document title={`Checkout · ${props.site.name}`}>
      <main id="main">
        <h1>Checkout · {props.site.name}</h1>
        {props.cartPageUrl && (
          <p>
            <a href={props.cartPageUrl}>Back to cart</a>
          </p>
        )}
        {props.notice && (
          <p className="notice" role="status">
            {props.notice}
          </p>
        )}
        {props.problem && (
          <div className="problem" role="alert">
            {props.problem}
          </div>
        )}
        {errors.size > 0 && (
          <div className="problem" role="alert">
            <strong>Please correct the marked fields.</strong>
          </div>
        )}
        {totals.violations.map((violation) => (
          <p key={`${violation.code}${violation.lineItemId ?? ''}`} className="warning">
            {violation.description}
          </p>
        ))}
        <div className="cols">
          <div>
            <form method="post" action={base} noValidate>
              <CsrfField token={props.csrfToken} />
              <fieldset>
                <legend>Contact</legend>
                <Field
                  label="E-mail"
                  name="email"
                  type="email"
                  autoComplete="email"
                  defaultValue={values.email}
                  error={errors.get('email')}
                  required
                />
              </fieldset>
              <fieldset>
                <legend>Shipping address</legend>
                <AddressFields prefix="shipping" values={values} errors={errors} />
              </fieldset>
              <fieldset>
                <legend>Billing address</legend>
                <label className="check">
                  <input
                    type="checkbox"
                    name="billingSameAsShipping"
                    defaultChecked={values.billingSameAsShipping === 'on'}
                  />{' '}
                  Same as the shipping address
                </label>
                <AddressFields prefix="billing" values={values} errors={errors} />
              </fieldset>
              <fieldset>
                <legend>Shipping</legend>
                {options.length === 0 && (
                  <p className="muted">Enter your address to see the shipping options.</p>
                )}
                {options.map((option) => (
                  <label key={toShippingChoiceValue(option)} className="check">
                    <input
                      type="radio"
                      name="shippingOption"
                      value={toShippingChoiceValue(option)}
                      defaultChecked={
                        selected?.code === option.code && selected.carrierId === option.carrierId
                      }
                    />{' '}
                    {option.title} · {money(option.cost.totalPrice)}
                    {option.logistics.deliveryTime && (
                      <span className="muted"> ({option.logistics.deliveryTime})</span>
                    )}
                  </label>
                ))}
              </fieldset>
              <div className="actions">
                <button type="submit">Save and update totals</button>
              </div>
            </form>
          </div>
          <div>
            <Summary totals={totals} names={props.names} site={props.site} />
            <form method="post" action={`${base}/place-order`}>
              <CsrfField token={props.csrfToken} />
              <input type="hidden" name="expectedTotal" value={String(totals.priceSummary.total)} />
              <fieldset>
                <legend>Payment</legend>
                {props.providers.map((provider, index) => (
                  <label key={provider.id} className="check">
                    <input
                      type="radio"
                      name="paymentMethod"
                      value={provider.id}
                      defaultChecked={index === 0}
                    />{' '}
                    {provider.title}
                  </label>
                ))}
                <p className="muted">
                  Card payments: the number is sent to the payment provider and never stored. Test cards: 4242
                  4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined.
                </p>
                <Field label="Card number" name="cardNumber" autoComplete="cc-number" />
                <div className="grid">
                  <Field label="Expiry (MM/YY)" name="cardExpiry" autoComplete="cc-exp" />
                  <Field label="CVC" name="cardCvc" autoComplete="cc-csc" />
                </div>
              </fieldset>
              <div className="actions">
                <button type="submit" className="primary" disabled={!isReady}>
                  Place order · {money(totals.priceSummary.total)}
                </button>
              </div>
              {!isReady && <p className="muted">Save your e-mail and addresses first.</p>}
            </form>
          </div>
        </div>
      </main>
    </Document>
  )
}

/** The hosted thank-you page. */
export function ThankYouPage(props: { site: Site; orderNumber: string; email: string; totalMinor: number }) {
  return (
    <Document title={`Thank you · ${props.site.name}`}>
      <main id="main">
        <h1>Thank you for your order</h1>
        <p>
          Your order number is <strong data-order-number={props.orderNumber}>{props.orderNumber}</strong>.
        </p>
        <p>
          Total {formatMoney(props.totalMinor, props.site.currency, props.site.locale)}. A confirmation goes
          to {props.email}.
        </p>
      </main>
    </Document>
  )
}

/** A hosted checkout page that can only say something. */
export function CheckoutMessagePage(props: { title: string; message: string }) {
  return (
    <Document title={props.title}>
      <main id="main">
        <h1>{props.title}</h1>
        <p>{props.message}</p>
      </main>
    </Document>
  )
}
