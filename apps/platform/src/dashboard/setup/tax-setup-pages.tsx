import { countryNameOf } from '../../addresses/address-format.ts'
import { countryOptions } from '../../addresses/countries.ts'
import { CommerceSettingsSchema } from '../../checkout/commerce-settings.ts'
import type { FieldViolation } from '../../http/errors.ts'
import { formatPercent, parseScaledDecimal } from '../../money/decimal-text.ts'
import { formatMoney, fractionDigits } from '../../money/money.ts'
import { toFormErrors } from '../catalogue/product-form.ts'
import { Checkbox, CsrfField, DashboardForm, Field, Select } from '../dashboard-layout.tsx'
import { DataTable } from '../kit/data-table.tsx'
import { PageHeader } from '../kit/page-header.tsx'
import { PageSection } from '../kit/page-section.tsx'
import { bindRows, FormProblems } from '../kit/record-form.tsx'
import type { Owner } from '../session/owner-session.ts'
import { type FeeRowValues, isNewFeeRow } from './fee-setup-form.ts'
import { EntryCard, hasProblemUnder, SetupPage, toChoices } from './setup-fields.tsx'
import type { TaxRegion, TaxRegionFormValues, TaxSettings } from './tax-setup-form.ts'

const taxSchema = CommerceSettingsSchema.shape.tax.shape
const jurisdictionTypeChoices = toChoices(
  taxSchema.regions.element.shape.jurisdictions.element.shape.type.options,
)
const feeSchema = CommerceSettingsSchema.shape.additionalFees.element.shape
const chargeTypeChoices = toChoices(feeSchema.chargeType.options)
const calculationChoices = [
  { value: 'MANUAL', label: 'Manual: the rates of the regions below' },
  { value: 'AUTO', label: 'Automatic: the tax calculator' },
]
const overrideChoices = (follow: string) => [
  { value: '', label: follow },
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
]

function describeRates(region: TaxRegion): string {
  return region.jurisdictions
    .map((jurisdiction) => `${jurisdiction.name} ${formatPercent(jurisdiction.rateBasisPoints)} %`)
    .join(', ')
}

/** The site's tax settings and its tax regions. */
export function TaxPage(props: {
  owner: Owner
  tax: TaxSettings
  violations: readonly FieldViolation[]
  notice?: string | undefined
}) {
  const { owner, tax } = props
  const errors = toFormErrors(props.violations)
  return (
    <SetupPage owner={owner} title="Tax" part="tax" notice={props.notice}>
      <PageHeader title="Tax" description="How tax is charged, and where." />
      <DashboardForm
        action="/dashboard/setup/tax"
        label="Tax settings"
        csrfToken={owner.session.csrfToken}
        submitLabel="Save tax settings"
      >
        <FormProblems
          violations={props.violations}
          labels={{ 'tax.calculation': 'Calculation', calculation: 'Calculation' }}
        />
        <Select
          label="How tax is calculated"
          name="calculation"
          options={calculationChoices}
          defaultValue={tax.calculation}
          error={errors.calculation ?? errors['tax.calculation']}
          hint="A buyer in a country without a region below pays no tax."
        />
        <Checkbox label="Shipping is taxed" name="isShippingTaxed" defaultChecked={tax.isShippingTaxed} />
        <Checkbox
          label="The automatic calculator is off: charge the manual rates below instead"
          name="isAutoTaxDeactivated"
          defaultChecked={tax.isAutoTaxDeactivated ?? false}
        />
      </DashboardForm>
      <PageSection
        id="tax-regions"
        title="Tax regions"
        actions={
          <a className="button primary" href="/dashboard/setup/tax/new">
            New tax region
          </a>
        }
      >
        <DataTable
          label="Tax regions"
          rows={tax.regions}
          rowKey={(region) => region.country}
          empty="No tax regions: no tax is collected."
          columns={[
            {
              header: 'Country',
              cell: (region) => (
                <a href={`/dashboard/setup/tax/regions/${region.country}`}>
                  {countryNameOf(region.country, owner.session.site.locale)}
                </a>
              ),
            },
            {
              header: 'How it is calculated',
              cell: (region) =>
                region.isManual ? 'Manual rates in this region' : 'As the shop’s setting above',
            },
            { header: 'Jurisdictions', cell: (region) => describeRates(region) },
          ]}
        />
      </PageSection>
    </SetupPage>
  )
}

/** A tax region's form: its country, overrides and jurisdictions with their rates. */
export function TaxRegionPage(props: {
  owner: Owner
  isNew: boolean
  values: TaxRegionFormValues
  violations: readonly FieldViolation[]
  notice?: string | undefined
}) {
  const { owner, values } = props
  const errors = toFormErrors(props.violations)
  const path = `/dashboard/setup/tax/regions/${values.country}`
  const countryName = countryNameOf(values.country, owner.session.site.locale)
  const title = props.isNew ? 'New tax region' : `Tax region: ${countryName}`
  return (
    <SetupPage owner={owner} title={title} part="tax" notice={props.notice}>
      <p>
        <a href="/dashboard/setup/tax">Tax settings and regions</a>
      </p>
      <PageHeader title={title} />
      <DashboardForm
        action={props.isNew ? '/dashboard/setup/tax/regions' : path}
        label="Tax region"
        csrfToken={owner.session.csrfToken}
        submitLabel={props.isNew ? 'Create tax region' : 'Save tax region'}
      >
        <FormProblems
          violations={props.violations}
          labels={{ country: 'Country' }}
          rows={{ jur: 'Jurisdiction' }}
        />
        <div className="grid">
          {props.isNew ? (
            <Select
              label="Country"
              name="country"
              options={[
                { value: '', label: 'Choose a country' },
                ...countryOptions(owner.session.site.locale).map((country) => ({
                  value: country.code,
                  label: country.name,
                })),
              ]}
              defaultValue={values.country}
              error={errors.country}
            />
          ) : (
            <p>Country: {countryName}</p>
          )}
          <Select
            label="Manual rates here"
            name="isManual"
            options={overrideChoices('As the shop is set')}
            defaultValue={values.isManual}
            error={errors.isManual}
            hint="Yes: this region uses its own rates even when the shop calculates tax automatically"
          />
          <Select
            label="Shipping taxed here"
            name="isShippingTaxed"
            options={overrideChoices('As the shop is set')}
            defaultValue={values.isShippingTaxed}
            error={errors.isShippingTaxed}
          />
        </div>
        <h2>Jurisdictions</h2>
        <p className="hint">
          Each adds its rate where it applies: a whole country, a state (US-NY), a county or city, or a
          special district. Rates in percent with at most two decimals, e.g. 4.5.
        </p>
        {errors.jurisdictions && <p className="error-text">{errors.jurisdictions}</p>}
        {values.jurisdictions.map((row, index) => {
          const name = (field: string) => `jur-${index}-${field}`
          const bound = bindRows(row, errors, `jur-${index}-`)
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional form fields
            <fieldset key={index}>
              <legend>
                {row.was ? `Jurisdiction ${index + 1}: ${row.was}` : `New jurisdiction (${index + 1})`}
              </legend>
              <input type="hidden" name={name('was')} value={row.was} />
              <div className="grid">
                <Field label="Name" {...bound('name')} />
                <Select label="Type" {...bound('type')} options={jurisdictionTypeChoices} />
                <Field label="Rate (%)" {...bound('rate')} />
                <Field
                  label="Subdivision"
                  {...bound('subdivision')}
                  hint="e.g. US-NY; empty for the whole country"
                />
                <Field label="City" {...bound('city')} />
                <Field label="Postal code prefixes" {...bound('postalCodePrefixes')} />
              </div>
              {row.was && <Checkbox label="Remove this jurisdiction" name={name('remove')} />}
            </fieldset>
          )
        })}
      </DashboardForm>
      {!props.isNew && (
        <form method="post" action={`${path}/delete`}>
          <CsrfField token={owner.session.csrfToken} />
          <button type="submit" className="danger" data-confirm={`Delete the tax region of ${countryName}?`}>
            Delete tax region
          </button>
        </form>
      )}
    </SetupPage>
  )
}

/** A fee in words: "$1.00, only when delivered" or "1.5 % of the subtotal". */
function feeSummary(row: FeeRowValues, currency: string, locale: string): string {
  const digits = fractionDigits(currency)
  const amount = parseScaledDecimal(row.amount, digits)
  const value =
    row.valueType === 'PERCENTAGE'
      ? `${row.percent} % of the subtotal`
      : 'value' in amount && amount.value !== undefined
        ? formatMoney(amount.value, currency, locale)
        : row.amount
  return [value, row.isDeliveryOnly && 'only when delivered'].filter(Boolean).join(', ')
}

/**
 * Additional fees: handling and insurance, flat or a percentage of the subtotal. Each saved fee is a
 * line in words that opens to its fields; "Add a fee" opens one empty block (decision 099).
 */
export function FeesPage(props: {
  owner: Owner
  rows: readonly FeeRowValues[]
  violations: readonly FieldViolation[]
  notice?: string | undefined
}) {
  const { owner } = props
  const errors = toFormErrors(props.violations)
  const { currency, locale } = owner.session.site
  return (
    <SetupPage owner={owner} title="Additional fees" part="fees" notice={props.notice}>
      <PageHeader title="Additional fees" description="Handling and insurance, charged beside shipping." />
      <DashboardForm
        action="/dashboard/setup/fees"
        label="Additional fees"
        csrfToken={owner.session.csrfToken}
        submitLabel="Save fees"
      >
        <FormProblems violations={props.violations} labels={{}} rows={{ fee: 'Fee' }} />
        {errors.fees && <p className="error-text">{errors.fees}</p>}
        {props.rows.map((row, index) => {
          const name = (field: string) => `fee-${index}-${field}`
          const bound = bindRows(row, errors, `fee-${index}-`)
          return (
            <EntryCard
              // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional form fields
              key={index}
              saved={
                row.code
                  ? { title: row.name || 'Untitled fee', summary: feeSummary(row, currency, locale) }
                  : undefined
              }
              addLabel="Add a fee"
              isOpen={hasProblemUnder(errors, `fee-${index}-`) || (!row.code && !isNewFeeRow(row))}
            >
              <div className="option-fields">
                <input type="hidden" name={name('code')} value={row.code} />
                <div className="grid">
                  <Field label="Name" {...bound('name')} hint="What shoppers see, e.g. Handling" />
                  <Select label="Kind of fee" {...bound('chargeType')} options={chargeTypeChoices} />
                  <Select
                    label="How it’s charged"
                    {...bound('valueType')}
                    options={[
                      { value: 'FLAT', label: 'A set amount' },
                      { value: 'PERCENTAGE', label: 'A percentage of the subtotal' },
                    ]}
                  />
                  <div className="fee-amount">
                    <Field label={`Amount (${currency})`} {...bound('amount')} />
                  </div>
                  <div className="fee-percent">
                    <Field label="Percentage (%)" {...bound('percent')} hint="e.g. 1.5" />
                  </div>
                </div>
                <Checkbox
                  label="Only when the order is delivered (not picked up)"
                  name={name('isDeliveryOnly')}
                  defaultChecked={row.isDeliveryOnly}
                />
                {row.code && <Checkbox label="Remove this fee" name={name('remove')} />}
              </div>
            </EntryCard>
          )
        })}
      </DashboardForm>
    </SetupPage>
  )
}
