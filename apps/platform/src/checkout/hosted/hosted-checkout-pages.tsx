import { formatAddress } from '../../addresses/address-format.ts'
import { PostalAddress } from '../../addresses/postal-address.tsx'
import { REGION_REQUIRED, subdivisionsOf } from '../../addresses/subdivisions.ts'
import type { TotalsEstimate } from '../../carts/pricing/totals-estimate.ts'
import type { FieldViolation } from '../../http/errors.ts'
import { formatMoney } from '../../money/money.ts'
import { LineSummary, type LineSummaryItem, orderLineSummary } from '../../orders/line-summary.tsx'
import { hasShippableLines } from '../../orders/order-state.ts'
import type { OrderWithLines } from '../../orders/order-store.ts'
import { breakdownOfOrder, toTotalsBreakdown } from '../../orders/totals-breakdown.ts'
import { TotalsBreakdownRows } from '../../orders/totals-breakdown-rows.tsx'
import { Document } from '../../pages/document.tsx'
import { CsrfField, Field } from '../../pages/form-controls.tsx'
import { useShopBrand } from '../../pages/shop-frame.tsx'
import type { HeldMembership } from '../../plans/plan-rules.ts'
import type { CheckoutPhoneRule, Site } from '../../sites/site-store.ts'
import type { CheckoutRow } from '../checkout-store.ts'
import type { PaymentProvider } from '../payment-provider.ts'
import { PaymentMethodChoices } from '../payments/payment-method-choices.tsx'
import { toWireTotals } from '../totals-wire.ts'
import { checkoutScript } from './checkout-script.ts'
import { type CheckoutFormValues, planFieldName, toShippingChoiceValue } from './hosted-checkout-form.ts'

/** A country for the country list: its code and its name in the shopper's language. */
export interface CountryChoice {
  code: string
  name: string
}

/** A member's saved address, offered on the page. */
export interface SavedAddressChoice {
  id: string
  label: string
  /** The shipping fields it fills in (`country`, `city`, …). */
  fields: Record<string, string>
}

type Prefix = 'shipping' | 'billing'

/** The region field of an address: a list for countries that have one here, else optional free text. */
export function RegionField(props: {
  prefix: Prefix
  values: CheckoutFormValues
  error?: string | undefined
}) {
  const name = `${props.prefix}.subdivision`
  const country = props.values[`${props.prefix}.country`] ?? ''
  const regions = subdivisionsOf(country)
  const id = `field-${name}`
  const label = REGION_REQUIRED.has(country) ? 'State or province' : 'State or region (optional)'
  if (regions.length === 0)
    return (
      <Field
        label={label}
        name={name}
        defaultValue={props.values[name]}
        error={props.error}
        autoComplete={`${props.prefix} address-level1`}
      />
    )
  const value = props.values[name] ?? ''
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        name={name}
        defaultValue={regions.some(([code]) => code === value) ? value : ''}
        autoComplete={`${props.prefix} address-level1`}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${id}-error` : undefined}
      >
        <option value="">Choose…</option>
        {regions.map(([code, regionName]) => (
          <option key={code} value={code}>
            {regionName}
          </option>
        ))}
      </select>
      {props.error && (
        <div className="error-text" id={`${id}-error`}>
          {props.error}
        </div>
      )}
    </div>
  )
}

/** Text as React writes it in HTML (the same five characters escaped the same way). */
function escapeHtml(text: string): string {
  return text.replace(/["&'<>]/g, (character) => HTML_ESCAPES[character] as string)
}

const HTML_ESCAPES: Record<string, string> = {
  '"': '&quot;',
  '&': '&amp;',
  "'": '&#x27;',
  '<': '&lt;',
  '>': '&gt;',
}

/**
 * The `<option>`s of a country list (the ones a shop ships to first, for a shipping address), as the
 * HTML React would write for them, kept per list (one per locale) and choice: 249 countries were 249
 * React elements per address on every hosted checkout page (decision 102).
 */
function countryOptionsHtml(
  countries: readonly CountryChoice[],
  selected: string,
  shipped: readonly CountryChoice[] | undefined,
): string {
  const key = `${selected}\u0000${shipped?.map((country) => country.code).join(',') ?? ''}`
  let kept = countryOptionsByList.get(countries)
  const known = kept?.get(key)
  if (known !== undefined) return known
  const options = (list: readonly CountryChoice[]) =>
    list
      .map(
        (country) =>
          `<option value="${escapeHtml(country.code)}"${country.code === selected ? ' selected=""' : ''}>${escapeHtml(country.name)}</option>`,
      )
      .join('')
  const html =
    `<option value=""${selected === '' ? ' selected=""' : ''}>Choose…</option>` +
    (shipped
      ? `<optgroup label="We ship to">${options(shipped)}</optgroup><optgroup label="All countries">${options(countries)}</optgroup>`
      : options(countries))
  if (!kept) {
    kept = new Map()
    countryOptionsByList.set(countries, kept)
  }
  // A choice per country and per shop's countries: past a bound, a new one is not kept.
  if (kept.size < 2_000) kept.set(key, html)
  return html
}

const countryOptionsByList = new WeakMap<readonly CountryChoice[], Map<string, string>>()

/** The country of an address: its options written once per list and choice (`countryOptionsHtml`). */
export function CountryField(props: {
  prefix: Prefix
  values: CheckoutFormValues
  error?: string | undefined
  countries: readonly CountryChoice[]
  shipTo: ReadonlySet<string>
}) {
  const name = `${props.prefix}.country`
  const id = `field-${name}`
  const shipped = props.countries.filter((country) => props.shipTo.has(country.code))
  const grouped = props.prefix === 'shipping' && shipped.length > 0 && shipped.length < props.countries.length
  return (
    <div className="field">
      <label htmlFor={id}>Country or region</label>
      <select
        id={id}
        name={name}
        data-country=""
        autoComplete={`${props.prefix} country`}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${id}-error` : undefined}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: every text in it is escaped as React escapes it
        dangerouslySetInnerHTML={{
          __html: countryOptionsHtml(
            props.countries,
            props.values[name] ?? '',
            grouped ? shipped : undefined,
          ),
        }}
      />
      {props.error && (
        <div className="error-text" id={`${id}-error`}>
          {props.error}
        </div>
      )}
    </div>
  )
}

function AddressFields(props: {
  prefix: Prefix
  values: CheckoutFormValues
  errors: ReadonlyMap<string, string>
  countries: readonly CountryChoice[]
  shipTo: ReadonlySet<string>
  /** How the shop asks for the phone (the billing address asks for none). */
  phone: CheckoutPhoneRule
}) {
  const { prefix, values, errors } = props
  const name = (field: string) => `${prefix}.${field}`
  /** A text field of the address, as wide as its place: a name is required and sits in the grid. */
  const field = (key: string, label: string, autoComplete: string, isName = false) => (
    <Field
      label={label}
      name={name(key)}
      defaultValue={values[name(key)]}
      error={errors.get(name(key))}
      autoComplete={`${prefix} ${autoComplete}`}
      className="wide"
      required={isName || undefined}
    />
  )
  const text = (key: string, label: string, autoComplete: string) => field(key, label, autoComplete)
  const required = (key: string, label: string, autoComplete: string) => field(key, label, autoComplete, true)
  return (
    <>
      <div className="grid">
        {required('firstName', 'First name', 'given-name')}
        {required('lastName', 'Last name', 'family-name')}
      </div>
      {text('company', 'Company (optional)', 'organization')}
      <CountryField
        prefix={prefix}
        values={values}
        error={errors.get(name('country'))}
        countries={props.countries}
        shipTo={props.shipTo}
      />
      {text('addressLine', 'Street and number', 'address-line1')}
      {text('addressLine2', 'Apartment, suite, etc. (optional)', 'address-line2')}
      <div className="grid address-grid">
        {text('postalCode', 'Postal code', 'postal-code')}
        {text('city', 'City', 'address-level2')}
        <div data-fragment={`region-${prefix}`}>
          <RegionField prefix={prefix} values={values} error={errors.get(name('subdivision'))} />
        </div>
      </div>
      {props.phone !== 'HIDDEN' && (
        <Field
          label={props.phone === 'REQUIRED' ? 'Phone' : 'Phone (optional)'}
          name={name('phone')}
          type="tel"
          defaultValue={values[name('phone')]}
          error={errors.get(name('phone'))}
          autoComplete={`${prefix} tel`}
          hint="For the carrier, if they need to reach you about the delivery."
          className="wide"
          required={props.phone === 'REQUIRED'}
        />
      )}
    </>
  )
}

/** The order summary: lines, totals, and the total to pay; rendered again as the shopper types. */
export function SummaryTable(props: {
  totals: TotalsEstimate
  /** Each line's name, options, SKU and picture, by cart line id. */
  lines: ReadonlyMap<string, LineSummaryItem>
  site: Site
}) {
  const money = (minor: number) => formatMoney(minor, props.site.currency, props.site.locale)
  const breakdown = toTotalsBreakdown(toWireTotals(props.totals, props.site), {
    currency: props.site.currency,
    locale: props.site.locale,
    awaitingAddress: !props.totals.shippingInfo.selectedCarrierServiceOption,
  })
  return (
    <table className="summary-table">
      <tbody>
        {props.totals.lineItems.map((line) => (
          <tr key={line.id}>
            <td>
              <LineSummary line={props.lines.get(line.id) ?? { name: '' }} thumbnail>
                <span className="muted">
                  × {line.quantity}
                  {line.membershipQuantity !== undefined &&
                    ` · ${
                      line.membershipQuantity < line.quantity
                        ? `${line.membershipQuantity} of ${line.quantity} paid by your plan`
                        : 'paid by your plan'
                    }`}
                </span>
              </LineSummary>
            </td>
            <td className="number">{money(line.discountedPrice)}</td>
          </tr>
        ))}
        <TotalsBreakdownRows breakdown={breakdown} />
      </tbody>
    </table>
  )
}

/** The shipping choices for the address as typed. */
export function ShippingOptions(props: { totals: TotalsEstimate; site: Site }) {
  const options = props.totals.shippingInfo.carrierServiceOptions.flatMap(
    (carrier) => carrier.shippingOptions,
  )
  const selected = props.totals.shippingInfo.selectedCarrierServiceOption
  const money = (minor: number) => formatMoney(minor, props.site.currency, props.site.locale)
  if (options.length === 0)
    return <p className="muted">Choose your country and enter your address to see the delivery options.</p>
  return (
    <>
      {options.map((option) => (
        <label key={toShippingChoiceValue(option)} className="check option">
          <input
            type="radio"
            name="shippingOption"
            value={toShippingChoiceValue(option)}
            defaultChecked={selected?.code === option.code && selected.carrierId === option.carrierId}
          />
          <span className="option-title">
            {option.title}
            {option.logistics.deliveryTime && (
              <span className="muted"> · {option.logistics.deliveryTime}</span>
            )}
            {option.logistics.pickupDetails && (
              <span className="muted block" data-pickup-address>
                {formatAddress(option.logistics.pickupDetails.address, { locale: props.site.locale }).join(
                  ', ',
                )}
              </span>
            )}
          </span>
          <span className="number">
            {option.cost.totalPrice === 0 ? 'Free' : money(option.cost.totalPrice)}
          </span>
        </label>
      ))}
    </>
  )
}

/** The place-order button with the total it places, and the total it was shown with. */
export function PlaceOrderButton(props: { totals: TotalsEstimate; site: Site }) {
  const total = props.totals.priceSummary.total
  return (
    <>
      <input type="hidden" name="expectedTotal" value={String(total)} />
      <button type="submit" className="primary place">
        Place order · {formatMoney(total, props.site.currency, props.site.locale)}
      </button>
    </>
  )
}

/**
 * The plan choice of each line a held membership may pay (decision 051): a radio per membership that
 * covers it ("use my plan", with its sessions left: each pays one unit) and "pay normally", checked as
 * `values` say.
 */
export function PlanChoices(props: {
  totals: TotalsEstimate
  /** Each line's name, options, SKU and picture, by cart line id. */
  lines: ReadonlyMap<string, LineSummaryItem>
  memberships: readonly HeldMembership[]
  values: CheckoutFormValues
}) {
  const eligible = props.totals.membershipOptions.eligibleMemberships
  const lineIds = [...new Set(eligible.flatMap((membership) => membership.lineItemIds))]
  if (lineIds.length === 0) return null
  const sessionsOf = (id: string, lineId: string) => {
    const left = props.memberships.find((membership) => membership.id === id)?.sessionsLeft
    if (left === null || left === undefined) return 'unlimited sessions'
    // A session pays one unit: a line of more units than sessions left is paid in part.
    const quantity = props.totals.lineItems.find((line) => line.id === lineId)?.quantity ?? 0
    const part = left < quantity ? `: pays for ${left} of the ${quantity}` : ''
    return `${left} session${left === 1 ? '' : 's'} left${part}`
  }
  return (
    <fieldset>
      <legend>Your plans</legend>
      <input type="hidden" name="plansShown" value="1" />
      {lineIds.map((lineId) => {
        const name = planFieldName(lineId)
        const chosen = props.values[name] ?? ''
        return (
          <div
            key={lineId}
            className="field plan-choice"
            role="radiogroup"
            aria-label={props.lines.get(lineId)?.name}
          >
            <p className="option-title">{props.lines.get(lineId)?.name}</p>
            {eligible
              .filter((membership) => membership.lineItemIds.includes(lineId))
              .map((membership) => (
                <label key={membership.id} className="check option">
                  <input
                    type="radio"
                    name={name}
                    value={membership.id}
                    defaultChecked={chosen === membership.id}
                  />
                  <span>
                    Use my plan {membership.name} ({sessionsOf(membership.id, lineId)})
                  </span>
                </label>
              ))}
            <label className="check option">
              <input type="radio" name={name} value="" defaultChecked={chosen === ''} />
              <span>Pay normally</span>
            </label>
          </div>
        )
      })}
    </fieldset>
  )
}

export interface CheckoutPageProps {
  checkout: CheckoutRow
  site: Site
  totals: TotalsEstimate
  /** Each line's name, options, SKU and picture, by cart line id. */
  lines: ReadonlyMap<string, LineSummaryItem>
  /** The buyer's memberships (their sessions left beside the plan choice). */
  memberships: readonly HeldMembership[]
  providers: readonly PaymentProvider[]
  csrfToken: string
  /** A fresh key for this page's payment attempt: a retried post of this form pays once. */
  paymentKey: string
  values: CheckoutFormValues
  countries: readonly CountryChoice[]
  shipTo: ReadonlySet<string>
  savedAddresses: readonly SavedAddressChoice[]
  /** A signed-in member, who may save the address to their account. */
  canSaveAddress: boolean
  violations?: readonly FieldViolation[] | undefined
  /** Why the last "Place order" did not place it. */
  problem?: string | undefined
  notice?: string | undefined
  /** The shop's cart page (the redirect session's `cartPageUrl`): "Back to cart" leads there. */
  cartPageUrl?: string | undefined
}

/**
 * The one-page hosted checkout: contact, shipping address, delivery, billing and payment in one form,
 * with the summary beside it (sticky on wide screens, folded on phones). Without script, "Place order"
 * re-renders with the totals of what was typed when they differ from the ones shown, and places the
 * order on the next press; with script, the totals follow the typing.
 */
export function CheckoutPage(props: CheckoutPageProps) {
  const { checkout, totals, values, site } = props
  const errors = new Map(
    (props.violations ?? []).map((violation) => [violation.field, violation.description]),
  )
  const base = `/_checkout/${checkout.id}`
  const money = (minor: number) => formatMoney(minor, site.currency, site.locale)
  const brand = useShopBrand()
  const summary = <SummaryTable totals={totals} lines={props.lines} site={site} />
  return (
    <Document title={`Checkout · ${site.name}`} scripts={[checkoutScript]}>
      <header className="checkout-header">
        {/* A shop's frame (decision 087) names it above; unbranded, the page names it here. */}
        {brand ? <span>Checkout</span> : <strong className="shop-name">{site.name}</strong>}
        {props.cartPageUrl && <a href={props.cartPageUrl}>Back to cart</a>}
      </header>
      <main id="main" className="checkout">
        <details className="summary-fold">
          <summary>
            <span>Order summary</span>
            <strong data-fragment="fold-total">{money(totals.priceSummary.total)}</strong>
          </summary>
          <div data-fragment="summary">{summary}</div>
        </details>
        <div className="checkout-cols">
          <div className="checkout-main">
            <h1>Checkout</h1>
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
                <strong>Some details need a look:</strong> see the marked fields below.
              </div>
            )}
            {totals.violations.map((violation) => (
              <p key={`${violation.code}${violation.lineItemId ?? ''}`} className="warning">
                {violation.description}
              </p>
            ))}
            <form
              method="post"
              action={`${base}/place-order`}
              data-checkout=""
              data-estimate={`${base}/estimate`}
              noValidate
            >
              <CsrfField token={props.csrfToken} />
              <input type="hidden" name="paymentKey" value={props.paymentKey} />
              <fieldset>
                <legend>Contact</legend>
                <Field
                  label="E-mail"
                  name="email"
                  type="email"
                  autoComplete="email"
                  className="wide"
                  defaultValue={values.email}
                  error={errors.get('email')}
                  hint="For the order confirmation and delivery updates."
                  required
                />
              </fieldset>
              <fieldset>
                <legend>Shipping address</legend>
                {props.savedAddresses.length > 0 && (
                  <div className="field saved-addresses">
                    <label htmlFor="field-savedAddress">Use a saved address</label>
                    <select
                      id="field-savedAddress"
                      name="savedAddress"
                      data-saved-addresses=""
                      defaultValue=""
                    >
                      <option value="">Choose…</option>
                      {props.savedAddresses.map((saved) => (
                        <option key={saved.id} value={saved.id} data-address={JSON.stringify(saved.fields)}>
                          {saved.label}
                        </option>
                      ))}
                    </select>
                    <noscript>
                      <button type="submit" formAction={base} name="useSavedAddress" value="1">
                        Use this address
                      </button>
                    </noscript>
                  </div>
                )}
                <AddressFields
                  prefix="shipping"
                  values={values}
                  errors={errors}
                  countries={props.countries}
                  shipTo={props.shipTo}
                  phone={site.checkoutPhone}
                />
                {props.canSaveAddress && (
                  <label className="check">
                    <input type="checkbox" name="saveAddress" defaultChecked={values.saveAddress === 'on'} />
                    Save this address to my account
                  </label>
                )}
              </fieldset>
              <PlanChoices
                totals={totals}
                lines={props.lines}
                memberships={props.memberships}
                values={values}
              />
              <fieldset>
                <legend>Delivery</legend>
                <div data-fragment="shipping-options">
                  <ShippingOptions totals={totals} site={site} />
                </div>
              </fieldset>
              <fieldset>
                <legend>Billing address</legend>
                <label className="check">
                  <input
                    type="checkbox"
                    name="billingSameAsShipping"
                    defaultChecked={values.billingSameAsShipping === 'on'}
                  />
                  Same as the shipping address and name
                </label>
                <div data-billing-fields="">
                  <p className="muted no-js-only">Fill these in only when the billing address is another.</p>
                  <AddressFields
                    prefix="billing"
                    values={values}
                    errors={errors}
                    countries={props.countries}
                    shipTo={props.shipTo}
                    phone="HIDDEN"
                  />
                </div>
              </fieldset>
              <PaymentMethodChoices
                legend="Payment"
                providers={props.providers}
                chosen={values.paymentMethod}
              />
              <div className="actions place-actions">
                <span data-fragment="place">
                  <PlaceOrderButton totals={totals} site={site} />
                </span>
                <noscript>
                  <button type="submit" formAction={base}>
                    Update totals
                  </button>
                </noscript>
              </div>
              <p className="muted small" data-estimate-status="" aria-live="polite">
                Card payments continue on the payment provider’s page; the shop never sees your card number.
              </p>
            </form>
          </div>
          <aside className="summary-side" aria-labelledby="summary-title">
            <h2 id="summary-title">Order summary</h2>
            <div data-fragment="summary">{summary}</div>
          </aside>
        </div>
      </main>
    </Document>
  )
}

/**
 * The confirmation page for whoever holds only its bare address (not the buyer's signed link): that the
 * order is placed, with nothing of the buyer's (no e-mail, name, address or phone).
 */
export function OrderPlacedPage(props: { site: Site }) {
  return (
    <Document title={`Order placed · ${props.site.name}`}>
      <header className="checkout-header">
        <strong className="shop-name">{props.site.name}</strong>
      </header>
      <main id="main" className="checkout confirmation">
        <h1>Your order is placed</h1>
        <p className="notice" role="status" data-order-placed="">
          Thank you. Sign in to your account, or check your e-mail, for the order's details.
        </p>
      </main>
    </Document>
  )
}

/** The hosted confirmation page: number, lines, addresses, payment, delivery estimate, what comes next. */
export function ThankYouPage(props: {
  site: Site
  order: OrderWithLines
  /** The shopper's language, for country names. */
  locale: string
  deliveryTime: string | undefined
}) {
  const { site } = props
  const { order, lines } = props.order
  const money = (minor: number) => formatMoney(minor, site.currency, site.locale)
  const payment = order.payment
  const paid = payment.status === 'PAID'
  // An order of booked slots only ships nothing and has no addresses (decisions 065, 101): it speaks of the booking.
  const isBooking = !order.shipping_address && !hasShippableLines(lines)
  return (
    <Document title={`Thank you · ${site.name}`}>
      <header className="checkout-header">
        <strong className="shop-name">{site.name}</strong>
      </header>
      <main id="main" className="checkout confirmation">
        <h1>{isBooking ? 'Thank you, you are booked' : 'Thank you, your order is placed'}</h1>
        <p className="notice" role="status">
          Order number <strong data-order-number={order.number}>{order.number}</strong>. A confirmation goes
          to {order.email}.
        </p>
        <div className="checkout-cols">
          <div>
            <h2>What happens next</h2>
            {isBooking ? (
              <ol className="next-steps" data-booking-next-steps="">
                <li>
                  The confirmation e-mail has your booking's time and place, a calendar file to add it to your
                  calendar, and a link to cancel it while the shop's policy allows.
                </li>
                {!paid && <li>You pay {site.name} when you come.</li>}
                <li>Questions? Reply to the confirmation e-mail and quote your order number.</li>
              </ol>
            ) : (
              <ol className="next-steps">
                <li>
                  {site.name} prepares your order{paid ? '' : ' and tells you how to pay'}.
                </li>
                <li>
                  When it ships, you get an e-mail with the carrier and tracking number
                  {props.deliveryTime ? ` (delivery: ${props.deliveryTime})` : ''}.
                </li>
                <li>Questions? Reply to the confirmation e-mail and quote your order number.</li>
              </ol>
            )}
            <div className="grid">
              {!isBooking && (
                <section>
                  <h2>Shipping to</h2>
                  <PostalAddress
                    address={order.shipping_address}
                    contactDetails={order.shipping_contact}
                    locale={props.locale}
                  />
                  {order.shipping_option?.title && (
                    <p>
                      {order.shipping_option.title}
                      {props.deliveryTime && <span className="muted"> · {props.deliveryTime}</span>}
                    </p>
                  )}
                </section>
              )}
              {order.billing_address && (
                <section>
                  <h2>Billing address</h2>
                  <PostalAddress
                    address={order.billing_address}
                    contactDetails={order.billing_contact}
                    locale={props.locale}
                  />
                </section>
              )}
              <section>
                <h2>Payment</h2>
                <p data-payment-status={order.payment_status}>
                  {paid
                    ? `Paid ${money(Number(order.total_minor))}${payment.cardLast4 ? ` by card ending ${payment.cardLast4}` : ''}`
                    : `${isBooking ? 'To pay when you come' : 'To pay later'}: ${money(Number(order.total_minor))}`}
                </p>
              </section>
            </div>
          </div>
          <aside className="summary-side">
            <h2>{isBooking ? 'Your booking' : 'Your order'}</h2>
            <table className="summary-table">
              <tbody>
                {lines.map((line) => (
                  <tr key={line.id}>
                    <td>
                      <LineSummary line={orderLineSummary(line)} thumbnail>
                        <span className="muted">× {line.quantity}</span>
                      </LineSummary>
                    </td>
                    <td className="number">{money(Number(line.total_minor))}</td>
                  </tr>
                ))}
                <TotalsBreakdownRows breakdown={breakdownOfOrder(props.order, site.locale)} />
              </tbody>
            </table>
          </aside>
        </div>
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
