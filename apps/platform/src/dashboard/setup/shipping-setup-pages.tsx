import { countryNameOf } from '../../addresses/address-format.ts'
import { CommerceSettingsSchema } from '../../checkout/commerce-settings.ts'
import type { FieldViolation } from '../../http/errors.ts'
import { toFormErrors } from '../catalogue/product-form.ts'
import { Checkbox, CsrfField, DashboardForm, Field, Select } from '../dashboard-layout.tsx'
import { timeZoneText } from '../kit/dashboard-words.ts'
import { DataTable } from '../kit/data-table.tsx'
import { PageHeader } from '../kit/page-header.tsx'
import { FormProblems } from '../kit/record-form.tsx'
import type { Owner } from '../session/owner-session.ts'
import { SetupPage, TextArea, toChoices } from './setup-fields.tsx'
import type { OptionRowValues, RegionFormValues, ShippingRegion } from './shipping-setup-form.ts'

const optionSchema =
  CommerceSettingsSchema.shape.shipping.shape.regions.element.shape.carrierServiceOptions.element.shape
    .shippingOptions.element.shape
const rateChoices = [
  { value: 'FLAT', label: 'Flat rate' },
  { value: 'WEIGHT_TIERS', label: 'By weight' },
]
const pickupMethodChoices = toChoices(optionSchema.pickup.unwrap().shape.method.options)
const rowNouns = { opt: 'Option', dest: 'Destination' }

/** One shipping option: carrier, code, title and rate; then either delivery times or a pickup address. */
function OptionRow(props: {
  row: OptionRowValues
  index: number
  errors: Record<string, string>
  currency: string
  isPickup: boolean
}) {
  const { row, index, errors, currency } = props
  const name = (field: string) => `opt-${index}-${field}`
  const field = (label: string, key: keyof OptionRowValues, hint?: string) => (
    <Field
      label={label}
      name={name(key)}
      defaultValue={String(row[key])}
      error={errors[name(key)]}
      hint={hint}
    />
  )
  return (
    <fieldset>
      <legend>{row.was ? `Option ${index + 1}: ${row.title}` : `New option (${index + 1})`}</legend>
      <input type="hidden" name={name('was')} value={row.was} />
      <div className="grid">
        {field('Carrier', 'carrierId', 'Options of one carrier are offered together')}
        {field('Code', 'code', 'Shoppers’ carts choose the option by it')}
        {field('Title', 'title')}
        <Select
          label="Rate"
          name={name('rateType')}
          options={rateChoices}
          defaultValue={row.rateType}
          error={errors[name('rateType')]}
        />
        {field(`Price (${currency})`, 'price', 'For a flat rate')}
        <TextArea
          label={`Weight tiers (${currency})`}
          name={name('tiers')}
          defaultValue={row.tiers}
          error={errors[name('tiers')]}
          hint="By weight: one tier a line, “5 = 24.99” for up to 5 weight units"
        />
        {field('Delivery time', 'deliveryTime', 'e.g. 3-5 business days')}
        {props.isPickup ? (
          <>
            <Select
              label="Pickup kind"
              name={name('method')}
              options={pickupMethodChoices}
              defaultValue={row.method}
              error={errors[name('method')]}
            />
            {field('Country', 'country', 'ISO code, e.g. US')}
            {field('Subdivision', 'subdivision', 'e.g. US-NY')}
            {field('City', 'city')}
            {field('Postal code', 'postalCode')}
            {field('Address line', 'addressLine')}
            {field('Address line 2', 'addressLine2')}
            {field('Instructions', 'instructions', 'Shown to the buyer')}
          </>
        ) : (
          <>
            {field(`Free over subtotal (${currency})`, 'freeOverSubtotal', 'Empty: never free')}
            {field(`Delivery slot from (${timeZoneText()})`, 'slotFrom', '2026-12-24 09:00')}
            {field(`Delivery slot to (${timeZoneText()})`, 'slotTo', '2026-12-24 12:00')}
          </>
        )}
      </div>
      {row.was && <Checkbox label="Remove this option" name={name('remove')} />}
    </fieldset>
  )
}

/** The option rows of a form, with the form-wide problem of the options (e.g. none left). */
function OptionRows(props: {
  rows: readonly OptionRowValues[]
  errors: Record<string, string>
  currency: string
  isPickup: boolean
}) {
  return (
    <>
      {props.errors.options && <p className="error-text">{props.errors.options}</p>}
      {props.rows.map((row, index) => (
        <OptionRow
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional form fields
          key={index}
          row={row}
          index={index}
          errors={props.errors}
          currency={props.currency}
          isPickup={props.isPickup}
        />
      ))}
    </>
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
              region.destinations
                .map((d) =>
                  d.subdivisions?.length
                    ? `${countryNameOf(d.country, locale)} (${d.subdivisions.join(', ')})`
                    : countryNameOf(d.country, locale),
                )
                .join(', '),
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
  const currency = owner.session.site.currency
  const path = `/dashboard/setup/shipping/regions/${encodeURIComponent(values.id)}`
  const title = props.isNew ? 'New shipping region' : `Shipping region ${values.name || values.id}`
  return (
    <SetupPage owner={owner} title={title} part="shipping" notice={props.notice}>
      <p>
        <a href="/dashboard/setup/shipping">All shipping regions</a>
      </p>
      <PageHeader title={title} />
      <DashboardForm
        action={props.isNew ? '/dashboard/setup/shipping' : path}
        label="Shipping region"
        csrfToken={owner.session.csrfToken}
        submitLabel={props.isNew ? 'Create region' : 'Save region'}
      >
        <FormProblems
          violations={props.violations}
          labels={{ id: 'Region id', name: 'Name' }}
          rows={rowNouns}
        />
        <div className="grid">
          {props.isNew ? (
            <Field
              label="Region id"
              name="id"
              defaultValue={values.id}
              error={errors.id}
              hint="A short name for the API, e.g. us-east"
              required
            />
          ) : (
            <p>
              Region id: <code>{values.id}</code>
            </p>
          )}
          <Field label="Name" name="name" defaultValue={values.name} error={errors.name} required />
        </div>
        <fieldset>
          <legend>Destinations</legend>
          <p className="hint">
            A country (ISO code, or * for anywhere), optionally only some subdivisions (US-NY) or postal code
            prefixes, comma-separated. Empty a row to remove it.
          </p>
          {errors.destinations && <p className="error-text">{errors.destinations}</p>}
          <div className="grid">
            {values.destinations.map((destination, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional form fields
              <div key={index}>
                <Field
                  label={`Destination ${index + 1} country`}
                  name={`dest-${index}-country`}
                  defaultValue={destination.country}
                  error={errors[`dest-${index}-country`]}
                />
                <Field
                  label="Subdivisions"
                  name={`dest-${index}-subdivisions`}
                  defaultValue={destination.subdivisions}
                  error={errors[`dest-${index}-subdivisions`]}
                />
                <Field
                  label="Postal code prefixes"
                  name={`dest-${index}-postalCodePrefixes`}
                  defaultValue={destination.postalCodePrefixes}
                  error={errors[`dest-${index}-postalCodePrefixes`]}
                />
              </div>
            ))}
          </div>
        </fieldset>
        <h2>Carrier service options</h2>
        <OptionRows rows={values.options} errors={errors} currency={currency} isPickup={false} />
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
        <FormProblems violations={props.violations} labels={{}} rows={rowNouns} />
        <OptionRows rows={props.rows} errors={errors} currency={owner.session.site.currency} isPickup />
      </DashboardForm>
    </SetupPage>
  )
}
