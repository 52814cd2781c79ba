import { countryNameOf } from '../../addresses/address-format.ts'
import { countryOptions, EU_COUNTRY_CODES } from '../../addresses/countries.ts'
import { subdivisionsOf } from '../../addresses/subdivisions.ts'
import type { FieldViolation } from '../../http/errors.ts'
import { parseScaledDecimal } from '../../money/decimal-text.ts'
import { formatMoney, fractionDigits } from '../../money/money.ts'
import { toFormErrors } from '../catalogue/product-form.ts'
import { Checkbox, CsrfField, DashboardForm, Field, Select } from '../dashboard-layout.tsx'
import { countText, timeZoneText } from '../kit/dashboard-words.ts'
import { DataTable } from '../kit/data-table.tsx'
import { PageHeader } from '../kit/page-header.tsx'
import { bindRows, FormProblems } from '../kit/record-form.tsx'
import type { Owner } from '../session/owner-session.ts'
import { EntryCard, hasProblemUnder, SetupPage } from './setup-fields.tsx'
import {
  type DestinationRowValues,
  EU_GROUP,
  EXTRA_TIERS,
  type OptionRowValues,
  type RegionFormValues,
  type ShippingRegion,
} from './shipping-setup-form.ts'

const rateChoices = [
  { value: 'FLAT', label: 'One price for any order' },
  { value: 'WEIGHT_TIERS', label: 'By the parcel’s weight' },
]
const pickupMethodChoices = [
  { value: 'STORE_PICKUP', label: 'In your shop (store pickup)' },
  { value: 'PICKUP_POINT', label: 'At a pickup point (a locker or a partner’s counter)' },
]
const rowNouns = { opt: 'Shipping option', dest: 'Part of a country' }
const optionLabels = { countries: 'Countries', options: 'Shipping options', name: 'Name', id: 'Region id' }

/** Labels of the weight tier fields a refusal names: `opt-0-tier-1-price` is "Shipping option 1, tier 2 price". */
function tierLabels(violations: readonly FieldViolation[], noun: string): Record<string, string> {
  const labels: Record<string, string> = {}
  for (const { field } of violations) {
    const match = /^opt-(\d+)-tier-(\d+)-(weight|price)$/.exec(field)
    if (match)
      labels[field] =
        `${noun} ${Number(match[1]) + 1}, weight tier ${Number(match[2]) + 1} ${match[3] === 'weight' ? 'up to' : 'price'}`
    if (/^opt-\d+-tiers$/.test(field))
      labels[field] = `${noun} ${Number(field.split('-')[1]) + 1} prices by weight`
  }
  return labels
}

/** Where the site's prices and weights are counted: its currency, locale and weight unit. */
interface ShopUnits {
  currency: string
  locale: string
  weightUnit: string
}

const unitsOf = (owner: Owner): ShopUnits => ({
  currency: owner.session.site.currency,
  locale: owner.session.site.locale,
  weightUnit: owner.session.site.weightUnit.toLowerCase(),
})

/** Typed money (`5.99`) in the shop's words (`$5.99`); text that is no amount as it was typed. */
function moneyText(typed: string, units: ShopUnits): string {
  const read = parseScaledDecimal(typed, fractionDigits(units.currency))
  if (!('value' in read) || read.value === undefined) return typed
  return read.value === 0 ? 'free' : formatMoney(read.value, units.currency, units.locale)
}

/** A state or province by name where the country's list has it ("New York" for `US-NY`), else its code. */
const subdivisionName = (country: string, code: string) =>
  subdivisionsOf(country).find(([listed]) => listed === code)?.[1] ?? code

/** A country by name; `*` is anywhere. */
const placeName = (code: string, locale: string) => (code === '*' ? 'Anywhere' : countryNameOf(code, locale))

/** "9 countries: Austria, Belgium, France, Germany, Ireland and 4 more". */
export function countriesSummary(countries: readonly string[], locale: string, shown = 5): string {
  if (countries.length === 0) return 'No countries yet.'
  const names = countries.map((code) => placeName(code, locale)).sort((a, b) => a.localeCompare(b, locale))
  const listed = names.slice(0, shown)
  const rest = names.length - listed.length
  const list = rest > 0 ? `${listed.join(', ')} and ${rest} more` : new Intl.ListFormat('en').format(listed)
  return `${countText(countries.length, 'country', 'countries')}: ${list}`
}

/** One line of an option in words: "$5.99, free over $75.00, 3-5 business days"; "Free, 1 Front St, Brooklyn". */
function optionSummary(row: OptionRowValues, units: ShopUnits): string {
  const prices = row.tiers.map((tier) => tier.price).filter((price) => price.trim() !== '')
  const range = [prices[0], prices.length > 1 ? prices.at(-1) : undefined]
    .filter((price): price is string => price !== undefined)
    .map((price) => moneyText(price, units))
    .join(' to ')
  const rate =
    row.rateType === 'FLAT' ? moneyText(row.price, units) : range ? `by weight, ${range}` : 'by weight'
  return [
    rate,
    row.freeOverSubtotal.trim() && `free over ${moneyText(row.freeOverSubtotal, units)}`,
    row.deliveryTime.trim(),
    [row.addressLine, row.city].filter((part) => part.trim() !== '').join(', '),
  ]
    .filter(Boolean)
    .join(', ')
    .replace(/^./, (first) => first.toUpperCase())
}

/**
 * Search as you type over the country list (progressive enhancement: without it the whole list shows and
 * the search box stays hidden). A name matches by the start of one of its words, accents aside: "aland" finds Åland Islands, "guin" Guinea and Papua New Guinea.
 */
const countryFilterScript = `
const plain = (text) => text.normalize('NFD').replace(/[\\u0300-\\u036f]/g, '').toLowerCase()
for (const input of document.querySelectorAll('.country-filter')) {
  input.hidden = false
  const list = input.parentElement.querySelector('.country-list')
  input.addEventListener('input', () => {
    const words = plain(input.value.trim())
    for (const item of list.querySelectorAll('.check, hr'))
      item.style.display = words === '' || (item.tagName === 'LABEL' && (' ' + plain(item.textContent.trim())).includes(' ' + words)) ? '' : 'none'
  })
  input.addEventListener('keydown', (event) => { if (event.key === 'Enter') event.preventDefault() })
}`

/** The countries a region ships to whole: a summary, and behind "Change" every country by name. */
function CountryPicker(props: {
  countries: readonly string[]
  /** Whether the region ships to parts of some country (the rows below the picker). */
  hasParts: boolean
  locale: string
  error?: string | undefined
}) {
  const ticked = new Set(props.countries)
  const everyCountry = countryOptions(props.locale)
  const chosen = everyCountry.filter((country) => ticked.has(country.code))
  const others = everyCountry.filter((country) => !ticked.has(country.code))
  const box = (code: string, name: string) => (
    <Checkbox key={code} label={name} name="countries" value={code} defaultChecked={ticked.has(code)} />
  )
  return (
    <div className="country-picker">
      <p className="destination-summary" id="countries-summary">
        {props.countries.length === 0 && props.hasParts
          ? 'No whole countries: only the parts of countries below.'
          : countriesSummary(props.countries, props.locale)}
      </p>
      {props.error && (
        <p className="error-text" id="field-countries-error">
          {props.error}
        </p>
      )}
      <details open={(props.countries.length === 0 && !props.hasParts) || Boolean(props.error)}>
        <summary className="button">
          {props.countries.length === 0 ? 'Choose countries' : 'Change countries'}
        </summary>
        <div className="country-shortcuts">
          <Checkbox
            label={`All ${EU_COUNTRY_CODES.length} EU countries`}
            name="countryGroup"
            value={EU_GROUP}
          />
          {box('*', 'Anywhere (every country not in another region)')}
        </div>
        <input
          type="search"
          className="country-filter"
          placeholder="Search countries"
          aria-label="Search countries"
          aria-controls="country-list"
          hidden
        />
        <fieldset className="country-list" id="country-list">
          <legend>Countries</legend>
          {chosen.map((country) => box(country.code, country.name))}
          {chosen.length > 0 && <hr />}
          {others.map((country) => box(country.code, country.name))}
        </fieldset>
      </details>
    </div>
  )
}

/**
 * The states or provinces of a narrowed country: tick boxes by name where `subdivisionsOf` lists the
 * country's, else codes typed comma-separated (a new row, whose country is chosen in the same post).
 */
function SubdivisionsField(props: {
  country: string
  name: string
  value: string
  error?: string | undefined
}) {
  const regions = subdivisionsOf(props.country)
  const ticked = new Set(
    props.value
      .split(',')
      .map((code) => code.trim())
      .filter(Boolean),
  )
  if (regions.length === 0 || [...ticked].some((code) => !regions.some(([listed]) => listed === code)))
    return (
      <Field
        label="States or provinces"
        name={props.name}
        defaultValue={props.value}
        error={props.error}
        hint="Codes, comma-separated: US-NY, US-NJ"
      />
    )
  return (
    <fieldset className="country-list subdivision-list">
      <legend>States or provinces</legend>
      {props.error && (
        <p className="error-text" id={`field-${props.name}-error`}>
          {props.error}
        </p>
      )}
      {[...regions]
        // The ticked ones first, as in the country list: a long list keeps them in view.
        .sort(([a], [b]) => Number(ticked.has(b)) - Number(ticked.has(a)))
        .map(([code, regionName]) => (
          <Checkbox
            key={code}
            label={regionName}
            name={props.name}
            value={code}
            defaultChecked={ticked.has(code)}
          />
        ))}
    </fieldset>
  )
}

/** A country narrowed to some states or postal codes: its rows, then one empty one, behind a summary. */
function NarrowedCountries(props: {
  rows: readonly DestinationRowValues[]
  locale: string
  errors: Record<string, string>
}) {
  const countries = countryOptions(props.locale)
  const used = props.rows.filter((row) => row.country !== '')
  const hasError = hasProblemUnder(props.errors, 'dest-')
  return (
    <details className="narrowed" open={hasError}>
      <summary>
        Only parts of a country
        {used.length > 0 && `: ${used.map((row) => placeName(row.country, props.locale)).join(', ')}`}
      </summary>
      <p className="hint">
        Ship to some states or postal codes of a country only: postal codes by their start, comma-separated
        (10, 11 for those starting so). Choose no country to remove a row.
      </p>
      {props.rows.map((row, index) => {
        const name = (field: string) => `dest-${index}-${field}`
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional form fields
          <div className="grid" key={index}>
            <Select
              label="Country"
              name={name('country')}
              options={[
                { value: '', label: 'No country' },
                ...(row.country !== '' && !countries.some((country) => country.code === row.country)
                  ? [{ value: row.country, label: row.country }]
                  : []),
                ...countries.map((country) => ({ value: country.code, label: country.name })),
              ]}
              defaultValue={row.country}
              error={props.errors[name('country')]}
            />
            <SubdivisionsField
              country={row.country}
              name={name('subdivisions')}
              value={row.subdivisions}
              error={props.errors[name('subdivisions')]}
            />
            <Field
              label="Postal codes starting with"
              name={name('postalCodePrefixes')}
              defaultValue={row.postalCodePrefixes}
              error={props.errors[name('postalCodePrefixes')]}
            />
          </div>
        )
      })}
    </details>
  )
}

/** An option's weight tiers as rows: up to a weight, a price. */
function TierRows(props: {
  row: OptionRowValues
  index: number
  errors: Record<string, string>
  units: ShopUnits
}) {
  const { index, errors, units } = props
  // A refused form's trailing empty rows are not drawn twice: they hold no value and no problem.
  const typed = [...props.row.tiers]
  while (typed.length > 0 && `${typed.at(-1)!.weight}${typed.at(-1)!.price}`.trim() === '') typed.pop()
  const rows = [...typed, ...Array.from({ length: EXTRA_TIERS }, () => ({ weight: '', price: '' }))]
  const error = errors[`opt-${index}-tiers`]
  return (
    <fieldset className="tiers">
      <legend>Prices by weight</legend>
      <p className="hint">
        The first row whose weight holds the parcel sets its price. Empty a row to remove it.
      </p>
      {error && (
        <p className="error-text" id={`field-opt-${index}-tiers-error`}>
          {error}
        </p>
      )}
      {rows.map((tier, at) => {
        const bound = bindRows(tier, errors, `opt-${index}-tier-${at}-`)
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional form fields
          <div className="tier-row" key={at}>
            <Field label={`Up to (${units.weightUnit})`} {...bound('weight')} />
            <Field label={`Price (${units.currency})`} {...bound('price')} />
          </div>
        )
      })}
    </fieldset>
  )
}

/** A pickup option's place: how it is collected, then its address as the dashboard's addresses read. */
function PickupPlace(props: {
  row: OptionRowValues
  index: number
  errors: Record<string, string>
  locale: string
}) {
  const { row, index, errors } = props
  const name = (field: string) => `opt-${index}-${field}`
  const bound = bindRows(row, errors, `opt-${index}-`)
  const regions = subdivisionsOf(row.country)
  const countries = countryOptions(props.locale)
  return (
    <>
      <fieldset className="pickup-method">
        <legend>Where the buyer collects it</legend>
        {pickupMethodChoices.map((choice) => (
          <label className="check" key={choice.value}>
            <input
              type="radio"
              name={name('method')}
              value={choice.value}
              defaultChecked={row.method === choice.value}
            />{' '}
            {choice.label}
          </label>
        ))}
        {errors[name('method')] && <p className="error-text">{errors[name('method')]}</p>}
      </fieldset>
      <div className="grid">
        <Select
          label="Country or region"
          {...bound('country')}
          options={[
            { value: '', label: 'Choose…' },
            ...(row.country !== '' && !countries.some((country) => country.code === row.country)
              ? [{ value: row.country, label: row.country }]
              : []),
            ...countries.map((country) => ({ value: country.code, label: country.name })),
          ]}
        />
        <Field label="Address" {...bound('addressLine')} />
        <Field label="Apartment, suite, etc. (optional)" {...bound('addressLine2')} />
        <Field label="City" {...bound('city')} />
        {regions.length > 0 ? (
          <Select
            label="State or province"
            {...bound('subdivision')}
            options={[
              { value: '', label: 'Choose…' },
              ...regions.map(([code, label]) => ({ value: code, label })),
            ]}
          />
        ) : (
          <Field label="State or region (optional)" {...bound('subdivision')} />
        )}
        <Field label="Postal code" {...bound('postalCode')} />
      </div>
      <Field
        label="Instructions for the buyer (optional)"
        {...bound('instructions')}
        hint="e.g. Ask at the counter; bring the order e-mail"
        className="wide"
      />
    </>
  )
}

/** One shipping option's fields: title and price; then either delivery times or where it is collected. */
function OptionFields(props: {
  row: OptionRowValues
  index: number
  errors: Record<string, string>
  units: ShopUnits
  isPickup: boolean
}) {
  const { row, index, errors, units } = props
  const name = (field: string) => `opt-${index}-${field}`
  const bound = bindRows(row, errors, `opt-${index}-`)
  return (
    <div className="option-fields">
      <input type="hidden" name={name('was')} value={row.was} />
      <input type="hidden" name={name('carrierId')} value={row.carrierId} />
      <div className="grid">
        <Field
          label="Title"
          {...bound('title')}
          hint={
            props.isPickup
              ? 'What buyers see, e.g. Pickup in Brooklyn'
              : 'What shoppers see, e.g. Standard, Express'
          }
        />
        <Field
          label="Delivery time (optional)"
          {...bound('deliveryTime')}
          hint={props.isPickup ? 'e.g. Ready in 2 hours' : 'e.g. 3-5 business days'}
        />
        <Select label="How it’s priced" {...bound('rateType')} options={rateChoices} />
        <div className="flat-price">
          <Field label={`Price (${units.currency})`} {...bound('price')} hint="0 for free" />
        </div>
        {!props.isPickup && (
          <Field
            label={`Free over (${units.currency}, optional)`}
            {...bound('freeOverSubtotal')}
            hint="Free when the order’s subtotal reaches it"
          />
        )}
      </div>
      <TierRows row={row} index={index} errors={errors} units={units} />
      {props.isPickup ? (
        <PickupPlace row={row} index={index} errors={errors} locale={units.locale} />
      ) : (
        <details
          className="slot"
          open={Boolean(row.slotFrom || row.slotTo || errors[name('slotFrom')] || errors[name('slotTo')])}
        >
          <summary>Deliver in a set time slot</summary>
          <div className="grid">
            <Field label={`From (${timeZoneText()})`} {...bound('slotFrom')} hint="e.g. 2026-12-24 09:00" />
            <Field label={`To (${timeZoneText()})`} {...bound('slotTo')} hint="e.g. 2026-12-24 12:00" />
          </div>
        </details>
      )}
      {row.was && <Checkbox label="Remove this option" name={name('remove')} />}
    </div>
  )
}

/**
 * The options of a form: each saved one as a line in words that opens to its fields, then "Add a
 * shipping option" opening one empty block. Both are `<details>`: no script needed. A row with a
 * problem is shown open.
 */
function OptionRows(props: {
  rows: readonly OptionRowValues[]
  errors: Record<string, string>
  units: ShopUnits
  isPickup: boolean
}) {
  const isTouched = (row: OptionRowValues) =>
    row.title.trim() !== '' || row.price.trim() !== '' || row.tiers.some((tier) => tier.weight || tier.price)
  return (
    <div className="option-list">
      {props.errors.options && (
        <p className="error-text" id="field-options-error">
          {props.errors.options}
        </p>
      )}
      {props.rows.map((row, index) => (
        <EntryCard
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional form fields
          key={index}
          saved={
            row.was
              ? { title: row.title || 'Untitled option', summary: optionSummary(row, props.units) }
              : undefined
          }
          addLabel={props.isPickup ? 'Add a pickup location' : 'Add a shipping option'}
          isOpen={hasProblemUnder(props.errors, `opt-${index}-`) || (!row.was && isTouched(row))}
        >
          <OptionFields
            row={row}
            index={index}
            errors={props.errors}
            units={props.units}
            isPickup={props.isPickup}
          />
        </EntryCard>
      ))}
    </div>
  )
}

/** The site's shipping regions, each with where it ships and its options. */
export function ShippingRegionsPage(props: {
  owner: Owner
  regions: readonly ShippingRegion[]
  notice?: string | undefined
}) {
  const locale = props.owner.session.site.locale
  return (
    <SetupPage owner={props.owner} title="Shipping regions" part="shipping" notice={props.notice}>
      <PageHeader
        title="Shipping regions"
        description="A shipping address gets the options of the first region that covers it."
        actions={
          <a className="button primary" href="/dashboard/setup/shipping/new">
            New region
          </a>
        }
      />
      <DataTable
        label="Shipping regions"
        rows={props.regions}
        rowKey={(region) => region.id}
        empty="No shipping regions: nothing can be shipped yet."
        columns={[
          {
            header: 'Region',
            cell: (region) => (
              <a href={`/dashboard/setup/shipping/regions/${encodeURIComponent(region.id)}`}>{region.name}</a>
            ),
          },
          {
            header: 'Destinations',
            cell: (region) =>
              region.destinations.some((d) => d.subdivisions?.length || d.postalCodePrefixes?.length)
                ? region.destinations
                    .map((d) =>
                      d.subdivisions?.length
                        ? `${placeName(d.country, locale)} (${d.subdivisions.map((code) => subdivisionName(d.country, code)).join(', ')})`
                        : placeName(d.country, locale),
                    )
                    .join(', ')
                : countriesSummary(
                    region.destinations.map((d) => d.country),
                    locale,
                    3,
                  ),
          },
          {
            header: 'Options',
            cell: (region) =>
              region.carrierServiceOptions
                .flatMap((carrier) => carrier.shippingOptions.map((option) => option.title))
                .join(', '),
          },
        ]}
      />
    </SetupPage>
  )
}

/** A shipping region's form: new (`isNew`) or stored, with deleting a stored one. */
export function ShippingRegionPage(props: {
  owner: Owner
  isNew: boolean
  values: RegionFormValues
  violations: readonly FieldViolation[]
  notice?: string | undefined
}) {
  const { owner, values } = props
  const errors = toFormErrors(props.violations)
  const units = unitsOf(owner)
  const path = `/dashboard/setup/shipping/regions/${encodeURIComponent(values.id)}`
  const title = props.isNew ? 'New shipping region' : values.name || 'Shipping region'
  return (
    <SetupPage
      owner={owner}
      title={title}
      part="shipping"
      notice={props.notice}
      scripts={[countryFilterScript]}
    >
      <p>
        <a href="/dashboard/setup/shipping">All shipping regions</a>
      </p>
      <PageHeader
        title={title}
        description="Where this region ships, and the options a shopper there chooses from."
      />
      <DashboardForm
        action={props.isNew ? '/dashboard/setup/shipping' : path}
        label="Shipping region"
        csrfToken={owner.session.csrfToken}
        submitLabel={props.isNew ? 'Create region' : 'Save region'}
      >
        <FormProblems
          violations={props.violations}
          labels={{ ...optionLabels, ...tierLabels(props.violations, rowNouns.opt) }}
          rows={rowNouns}
        />
        <Field
          label="Name"
          name="name"
          defaultValue={values.name}
          error={errors.name}
          hint="For you, e.g. Domestic, Europe"
          required
        />
        {props.isNew && errors.id && (
          <Field
            label="Region id"
            name="id"
            defaultValue={values.id}
            error={errors.id}
            hint="Made from the name"
          />
        )}
        <fieldset>
          <legend>Countries</legend>
          <CountryPicker
            countries={values.countries}
            hasParts={values.destinations.some((row) => row.country !== '')}
            locale={units.locale}
            error={errors.countries}
          />
          <NarrowedCountries rows={values.destinations} locale={units.locale} errors={errors} />
        </fieldset>
        <h2>Shipping options</h2>
        <OptionRows rows={values.options} errors={errors} units={units} isPickup={false} />
      </DashboardForm>
      {!props.isNew && (
        <form method="post" action={`${path}/delete`}>
          <CsrfField token={owner.session.csrfToken} />
          <button type="submit" className="danger" data-confirm={`Delete the region ${values.name}?`}>
            Delete region
          </button>
        </form>
      )}
    </SetupPage>
  )
}

/** Pickup locations: options a buyer collects from a store or a pickup point, wherever they live. */
export function PickupPage(props: {
  owner: Owner
  rows: readonly OptionRowValues[]
  violations: readonly FieldViolation[]
  notice?: string | undefined
}) {
  const { owner } = props
  const errors = toFormErrors(props.violations)
  return (
    <SetupPage owner={owner} title="Pickup locations" part="pickup" notice={props.notice}>
      <PageHeader
        title="Pickup locations"
        description="Offered beside the region’s delivery options, to every address."
      />
      <DashboardForm
        action="/dashboard/setup/pickup"
        label="Pickup locations"
        csrfToken={owner.session.csrfToken}
        submitLabel="Save pickup locations"
      >
        <FormProblems
          violations={props.violations}
          labels={{ ...optionLabels, ...tierLabels(props.violations, 'Pickup location') }}
          rows={{ opt: 'Pickup location' }}
        />
        <OptionRows rows={props.rows} errors={errors} units={unitsOf(owner)} isPickup />
      </DashboardForm>
    </SetupPage>
  )
}
