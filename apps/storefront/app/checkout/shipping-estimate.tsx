import { useEffect, useId, useRef } from 'react'
import { type FetcherWithComponents, useFetcher } from 'react-router'
import { CART_ACTION_PATH } from '../cart/cart-edit'
import { useHydrated } from '../rendering/use-hydrated'
import { listCountries } from './countries'
import type { EstimateNotice } from './estimate-notices'
import {
  SHIPPING_ADDRESS_INTENT,
  SHIPPING_OPTION_INTENT,
  type ShippingAddressField,
  type ShippingAddressValues,
  type ShippingFormResult,
  type ShippingIntent,
} from './shipping-form'
import type { ShippingOptionView, TotalsBreakdown } from './totals-breakdown'

export interface ShippingEstimateProps {
  /** The saved address, as the form's fields show it (blank when none). */
  address: ShippingAddressValues
  breakdown: TotalsBreakdown | undefined
  /** Why there is no estimate, in the shopper's words. */
  problem: string | undefined
  /** The action's answer to a shipping form posted without JavaScript. */
  result: ShippingFormResult | undefined
}

/** The fetcher keys of the two forms: the cart page reads them to fade totals that are about to change. */
export const SHIPPING_FETCHER_KEYS = ['cart-shipping-address', 'cart-shipping-option'] as const

type ShippingFetcher = FetcherWithComponents<ShippingFormResult>

function answerOf(fetcher: ShippingFetcher, result: ShippingFormResult | undefined, intent: ShippingIntent) {
  const answer = fetcher.state === 'idle' ? (fetcher.data ?? result) : undefined
  return answer?.intent === intent ? answer : undefined
}

/**
 * The shipping and tax estimate: an address form (country, state or region, city, postal code) and, once the
 * platform offers options for that address, a choice of shipping option with price and delivery time or
 * pickup place; then what the shopper should know about the estimate. Both are plain forms posted to the
 * cart's action, so they work without JavaScript; once hydrated they go through fetchers, and picking an
 * option updates the totals at once, with no reload. Refusals mark the fields and say why in a live region.
 */
export function ShippingEstimate({ address, breakdown, problem, result }: ShippingEstimateProps) {
  const headingId = useId()
  const notices: EstimateNotice[] = problem
    ? [{ severity: 'warning', message: problem }]
    : (breakdown?.notices ?? [])
  return (
    <section className="shipping-estimate" aria-labelledby={headingId}>
      <h2 id={headingId} className="coupon-heading">
        Shipping and tax
      </h2>
      <AddressForm address={address} hasAddress={breakdown?.hasAddress ?? false} result={result} />
      {breakdown && breakdown.options.length > 0 ? (
        <OptionsForm options={breakdown.options} result={result} />
      ) : null}
      <div className="estimate-notices" aria-live="polite">
        {notices.length > 0 ? (
          <ul>
            {notices.map((notice) => (
              <li key={notice.message} className={notice.severity === 'error' ? 'form-error' : undefined}>
                {notice.message}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </section>
  )
}

const fieldOrder: ShippingAddressField[] = ['country', 'subdivision', 'city', 'postalCode']

interface AddressFormProps {
  address: ShippingAddressValues
  hasAddress: boolean
  result: ShippingFormResult | undefined
}

function AddressForm({ address, hasAddress, result }: AddressFormProps) {
  const fetcher = useFetcher<ShippingFormResult>({ key: SHIPPING_FETCHER_KEYS[0] })
  const isHydrated = useHydrated()
  const formRef = useRef<HTMLFormElement>(null)
  const messageId = useId()
  const answer = answerOf(fetcher, result, SHIPPING_ADDRESS_INTENT)
  const refused = answer && !answer.ok ? answer : undefined
  const fieldErrors = refused?.fieldErrors ?? {}
  const values = refused?.values ?? address
  const isEstimating = fetcher.state === 'submitting'

  // A refused address puts focus on the first field to fix (a page without JavaScript shows it marked).
  useEffect(() => {
    if (!refused || !isHydrated) return
    const first = fieldOrder.find((field) => refused.fieldErrors?.[field])
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus()
  }, [refused, isHydrated])

  return (
    <fetcher.Form ref={formRef} method="post" action={CART_ACTION_PATH} className="shipping-address">
      <input type="hidden" name="intent" value={SHIPPING_ADDRESS_INTENT} />
      <fieldset aria-describedby={messageId}>
        <legend>Your address</legend>
        <AddressField label="Country" name="country" error={fieldErrors.country}>
          {(props) => (
            <select {...props} defaultValue={values.country} autoComplete="country" required>
              <option value="">Choose your country</option>
              {listCountries().map((country) => (
                <option key={country.code} value={country.code}>
                  {country.name}
                </option>
              ))}
            </select>
          )}
        </AddressField>
        <div className="shipping-address-row">
          <AddressField
            label="State or region"
            hint="code, such as NY"
            name="subdivision"
            error={fieldErrors.subdivision}
          >
            {(props) => (
              <input
                {...props}
                type="text"
                defaultValue={values.subdivision}
                autoComplete="address-level1"
                maxLength={10}
              />
            )}
          </AddressField>
          <AddressField label="Postal code" name="postalCode" error={fieldErrors.postalCode}>
            {(props) => (
              <input
                {...props}
                type="text"
                defaultValue={values.postalCode}
                autoComplete="postal-code"
                maxLength={20}
              />
            )}
          </AddressField>
        </div>
        <AddressField label="City" name="city" error={fieldErrors.city}>
          {(props) => (
            <input
              {...props}
              type="text"
              defaultValue={values.city}
              autoComplete="address-level2"
              maxLength={100}
            />
          )}
        </AddressField>
      </fieldset>
      <button type="submit" className="button button-secondary">
        {isEstimating ? 'Estimating…' : hasAddress ? 'Update estimate' : 'Estimate shipping'}
      </button>
      <p id={messageId} className="form-message form-error" aria-live="polite">
        {refused?.message}
      </p>
    </fetcher.Form>
  )
}

interface ControlProps {
  id: string
  name: ShippingAddressField
  'aria-invalid': true | undefined
  'aria-describedby': string | undefined
}

interface AddressFieldProps {
  label: string
  hint?: string
  name: ShippingAddressField
  error: string | undefined
  children: (props: ControlProps) => React.ReactNode
}

/** A labelled field of the address form, with its hint and, when refused, its error as its description. */
function AddressField({ label, hint, name, error, children }: AddressFieldProps) {
  const id = useId()
  const hintId = `${id}-hint`
  const errorId = `${id}-error`
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ')
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        {hint ? (
          // The hint is the field's description, not part of its name.
          <span className="field-hint" aria-hidden="true">
            {' '}
            (<span id={hintId}>{hint}</span>)
          </span>
        ) : null}
      </label>
      {children({
        id,
        name,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy || undefined,
      })}
      {error ? (
        <p id={errorId} className="form-message form-error">
          {error}
        </p>
      ) : null}
    </div>
  )
}

interface OptionsFormProps {
  options: readonly ShippingOptionView[]
  result: ShippingFormResult | undefined
}

/**
 * The shipping options as radio buttons: once hydrated, picking one posts it at once (the totals update in
 * place, the choice shows as made while it is on its way); without JavaScript, "Update totals" posts it.
 * Each option's name is its title and price; its delivery time or pickup place is its description.
 */
function OptionsForm({ options, result }: OptionsFormProps) {
  const fetcher = useFetcher<ShippingFormResult>({ key: SHIPPING_FETCHER_KEYS[1] })
  const id = useId()
  const answer = answerOf(fetcher, result, SHIPPING_OPTION_INTENT)
  const pending = fetcher.formData?.get('shippingOption')
  const checked = typeof pending === 'string' ? pending : options.find((option) => option.isSelected)?.value
  return (
    <fetcher.Form method="post" action={CART_ACTION_PATH} className="shipping-options">
      <input type="hidden" name="intent" value={SHIPPING_OPTION_INTENT} />
      <fieldset>
        <legend>Shipping method</legend>
        {options.map((option, index) => {
          const inputId = `${id}-${index}`
          const detail = [
            option.pickupAddress && `Pick up at ${option.pickupAddress}.`,
            option.delivery,
            option.instructions,
          ]
            .filter(Boolean)
            .join(' ')
          return (
            <div key={option.value} className="shipping-option">
              <input
                id={inputId}
                type="radio"
                name="shippingOption"
                value={option.value}
                checked={checked === option.value}
                onChange={(event) => {
                  // The radio is checked by now, so the form's data carries it.
                  if (event.currentTarget.form) fetcher.submit(event.currentTarget.form)
                }}
                aria-describedby={detail ? `${inputId}-detail` : undefined}
              />
              <label htmlFor={inputId} className="shipping-option-label">
                <span className="shipping-option-title">{option.title}</span>{' '}
                <span className="shipping-option-price">{option.price}</span>
              </label>
              {detail ? (
                <span id={`${inputId}-detail`} className="shipping-option-detail">
                  {detail}
                </span>
              ) : null}
            </div>
          )
        })}
      </fieldset>
      <button type="submit" className="link-button">
        Update totals
      </button>
      <p className="form-message form-error" aria-live="polite">
        {answer && !answer.ok ? answer.message : null}
      </p>
    </fetcher.Form>
  )
}
