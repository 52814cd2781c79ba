import { setDisplayCurrencies } from '../../catalogue/set-display-currencies.ts'
import type { Api } from '../../http/api.ts'
import type { FieldViolation } from '../../http/errors.ts'
import { ValidationError } from '../../http/errors.ts'
import type { FormFields } from '../../pages/form-fields.ts'
import type { DisplayCurrency } from '../../sites/display-currencies/display-currencies.ts'
import { listDisplayCurrencies } from '../../sites/display-currencies/display-currency-store.ts'
import { toFormErrors } from '../catalogue/product-form.ts'
import { CsrfField, Field } from '../dashboard-layout.tsx'
import { PageHeader } from '../kit/page-header.tsx'
import { FormProblems } from '../kit/record-form.tsx'
import type { DashboardDeps, Owner } from '../session/owner-session.ts'
import { createSetupRoutes } from './commerce-setup-page-routes.tsx'
import { SetupPage } from './setup-fields.tsx'

/** Empty rows under the site's currencies, to add new ones without JavaScript. */
const EXTRA_ROWS = 2

/** A row of the form as typed: a currency code and its rate, as text. */
export interface CurrencyRowValues {
  code: string
  rate: string
}

const toRows = (currencies: readonly DisplayCurrency[]): CurrencyRowValues[] => [
  ...currencies.map((c) => ({ code: c.currency, rate: String(c.rate) })),
  ...Array.from({ length: EXTRA_ROWS }, () => ({ code: '', rate: '' })),
]

/**
 * Reads the rows of the form (`cur-N-code`, `cur-N-rate`): blank rows are skipped; a rate that is no
 * number is the form's own problem. `rowOf` maps the input's index back to the form's row.
 */
export function readCurrencyForm(form: FormFields) {
  const rows: CurrencyRowValues[] = []
  const input: { currency: string; rate: number }[] = []
  const rowOf: number[] = []
  const violations: FieldViolation[] = []
  for (let index = 0; form.names().includes(`cur-${index}-code`); index++) {
    const row = { code: form.text(`cur-${index}-code`).trim(), rate: form.text(`cur-${index}-rate`).trim() }
    rows.push(row)
    if (row.code === '' && row.rate === '') continue
    if (!/^\d+(?:\.\d+)?$/.test(row.rate)) {
      violations.push({
        field: `cur-${index}-rate`,
        description: 'must be a number such as 0.92',
        violatedRule: 'FORMAT',
      })
    }
    input.push({ currency: row.code, rate: Number(row.rate) })
    rowOf.push(index)
  }
  const toRowViolations = (refused: readonly FieldViolation[]) =>
    refused.map((violation) => {
      const match = /^currencies\[(\d+)\]\.(currency|rate)$/.exec(violation.field)
      const row = match ? rowOf[Number(match[1])] : undefined
      if (!match || row === undefined) return violation
      return { ...violation, field: `cur-${row}-${match[2] === 'currency' ? 'code' : 'rate'}` }
    })
  return { rows, input, violations, toRowViolations }
}

/** The display currencies page: the currencies shoppers may pick, each with its rate. */
export function CurrencySetupPage(props: {
  owner: Owner
  rows: readonly CurrencyRowValues[]
  violations: readonly FieldViolation[]
  notice?: string | undefined
}) {
  const { owner } = props
  const errors = toFormErrors(props.violations)
  const own = owner.session.site.currency
  return (
    <SetupPage owner={owner} title="Display currencies" part="currencies" notice={props.notice}>
      <PageHeader
        title="Display currencies"
        description={`Shoppers may see prices in these currencies too, converted at your rates. Orders are still paid in ${own}; the checkout says so. A rate is how much one ${own} is in the currency (EUR 0.92: ${own} 1.00 shows as €0.92). Empty a row to remove its currency.`}
      />
      <form method="post" action="/dashboard/setup/currencies" aria-label="Display currencies">
        <CsrfField token={owner.session.csrfToken} />
        <FormProblems violations={props.violations} labels={{}} rows={{ cur: 'Currency' }} />
        {errors.currencies && <p className="error-text">{errors.currencies}</p>}
        {props.rows.map((row, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional form fields
          <fieldset key={index}>
            <legend>{row.code ? `Currency ${index + 1}: ${row.code}` : `New currency (${index + 1})`}</legend>
            <div className="grid">
              <Field
                label="Code"
                name={`cur-${index}-code`}
                defaultValue={row.code}
                error={errors[`cur-${index}-code`]}
                hint="ISO 4217, e.g. EUR"
              />
              <Field
                label={`Rate (1 ${own} =)`}
                name={`cur-${index}-rate`}
                defaultValue={row.rate}
                error={errors[`cur-${index}-rate`]}
              />
            </div>
          </fieldset>
        ))}
        <div className="actions">
          <button type="submit" className="primary">
            Save display currencies
          </button>
        </div>
      </form>
    </SetupPage>
  )
}

/** The display currencies of the store setup: `/dashboard/setup/currencies`. */
export function registerCurrencySetupPages(api: Api, deps: DashboardDeps) {
  const { render, getPage, postForm, savedOrRefused } = createSetupRoutes(api, deps)

  getPage(
    '/dashboard/setup/currencies',
    'dashboardDisplayCurrencies',
    'Display currencies: what shoppers may see prices in, and the rates',
    async (owner, notice) =>
      render(
        <CurrencySetupPage
          owner={owner}
          rows={toRows(await listDisplayCurrencies(deps.db, owner.session.siteId))}
          violations={[]}
          notice={notice}
        />,
      ),
  )

  postForm(
    '/dashboard/setup/currencies',
    'dashboardSaveDisplayCurrencies',
    'Save the display currencies (form: rows cur-N-code, cur-N-rate)',
    async (owner, form) => {
      const reading = readCurrencyForm(form)
      let violations = reading.violations
      if (violations.length === 0) {
        try {
          await setDisplayCurrencies(deps.db, owner.session.site, reading.input)
        } catch (error) {
          if (!(error instanceof ValidationError)) throw error
          violations = reading.toRowViolations(error.fieldViolations)
        }
      }
      return savedOrRefused(violations, '/dashboard/setup/currencies', () => (
        <CurrencySetupPage owner={owner} rows={reading.rows} violations={violations} />
      ))
    },
  )
}
