import { HTTPException } from 'hono/http-exception'
import { z } from 'zod'
import type { CommerceSettings } from '../../checkout/commerce-settings.ts'
import type { Api } from '../../http/api.ts'
import { type FieldViolation, ValidationError } from '../../http/errors.ts'
import { seeOther } from '../dashboard-layout.tsx'
import { withNotice } from '../notices.ts'
import type { DashboardDeps } from '../session/owner-session.ts'
import {
  applySetupForm,
  createSetupRoutes,
  removeAt,
  replaceAt,
  withTax,
} from './commerce-setup-page-routes.tsx'
import { readFeeForm, toFeeRows } from './fee-setup-form.ts'
import { toFormFieldViolations } from './setup-violations.ts'
import { readTaxRegionForm, readTaxSettingsForm, toTaxRegionFormValues } from './tax-setup-form.ts'
import { FeesPage, TaxPage, TaxRegionPage } from './tax-setup-pages.tsx'

const CountryParam = z.object({ country: z.string().regex(/^[A-Z]{2}$/, 'must be an ISO-3166 alpha-2 code') })

const taxRegionNotFound = () =>
  new HTTPException(404, { message: 'The site has no tax region for this country.' })

function indexOfTaxRegion(settings: CommerceSettings, country: string): number {
  const index = settings.tax.regions.findIndex((region) => region.country === country)
  if (index < 0) throw taxRegionNotFound()
  return index
}

/** Tax settings (calculation, shipping taxed), tax regions with their jurisdictions, additional fees. */
export function registerTaxSetupPages(api: Api, deps: DashboardDeps) {
  const { settingsOf, currencyOf, render, update, savedOrRefused, getPage, postForm } = createSetupRoutes(
    api,
    deps,
  )

  // Tax

  getPage('/dashboard/setup/tax', 'dashboardTax', 'Tax settings and tax regions', async (owner, notice) =>
    render(<TaxPage owner={owner} tax={(await settingsOf(owner)).tax} violations={[]} notice={notice} />),
  )

  postForm(
    '/dashboard/setup/tax',
    'dashboardSaveTaxSettings',
    'Save the tax settings (form: calculation, isShippingTaxed, isAutoTaxDeactivated)',
    async (owner, form) => {
      const { reading, violations } = await applySetupForm(
        deps,
        owner,
        (current) => ({
          tax: readTaxSettingsForm(form, current.tax),
          violations: [],
          toFormViolations: (refused: readonly FieldViolation[]) =>
            toFormFieldViolations(refused, 'tax', [
              [/^(calculation|isShippingTaxed|isAutoTaxDeactivated)$/, (match) => match[1]!],
            ]),
        }),
        (current, read) => ({ ...current, tax: read.tax }),
      )
      return savedOrRefused(violations, '/dashboard/setup/tax', () => (
        <TaxPage owner={owner} tax={reading.tax} violations={violations} />
      ))
    },
  )

  getPage(
    '/dashboard/setup/tax/new',
    'dashboardNewTaxRegion',
    'The form of a new tax region',
    async (owner) =>
      render(<TaxRegionPage owner={owner} isNew values={toTaxRegionFormValues(undefined)} violations={[]} />),
  )

  postForm(
    '/dashboard/setup/tax/regions',
    'dashboardCreateTaxRegion',
    'Create a tax region (form: country, isManual, isShippingTaxed, jurisdiction rows jur-N-*)',
    async (owner, form) => {
      const { reading, violations } = await applySetupForm(
        deps,
        owner,
        (current) => {
          const read = readTaxRegionForm(form, undefined)
          const index = current.tax.regions.length
          return { ...read, toFormViolations: (refused) => read.toFormViolations(refused, index) }
        },
        (current, read) => {
          if (current.tax.regions.some((region) => region.country === read.region.country))
            throw new ValidationError([
              { field: 'country', description: 'already has a tax region', violatedRule: 'VALIDATION' },
            ])
          return withTax(current, { regions: [...current.tax.regions, read.region] })
        },
      )
      return savedOrRefused(violations, `/dashboard/setup/tax/regions/${reading.region.country}`, () => (
        <TaxRegionPage owner={owner} isNew values={reading.values} violations={violations} />
      ))
    },
  )

  getPage(
    '/dashboard/setup/tax/regions/:country',
    'dashboardTaxRegion',
    'Edit a tax region: its jurisdictions and rates',
    async (owner, notice, params) => {
      const settings = await settingsOf(owner)
      const region = settings.tax.regions[indexOfTaxRegion(settings, params.country)]
      return render(
        <TaxRegionPage
          owner={owner}
          isNew={false}
          values={toTaxRegionFormValues(region)}
          violations={[]}
          notice={notice}
        />,
      )
    },
    CountryParam,
  )

  postForm(
    '/dashboard/setup/tax/regions/:country',
    'dashboardUpdateTaxRegion',
    'Save a tax region',
    async (owner, form, params) => {
      const { reading, violations } = await applySetupForm(
        deps,
        owner,
        (current) => {
          const index = indexOfTaxRegion(current, params.country)
          const read = readTaxRegionForm(form, current.tax.regions[index])
          return { ...read, index, toFormViolations: (refused) => read.toFormViolations(refused, index) }
        },
        (current, read) =>
          withTax(current, { regions: replaceAt(current.tax.regions, read.index, read.region) }),
      )
      return savedOrRefused(violations, `/dashboard/setup/tax/regions/${params.country}`, () => (
        <TaxRegionPage owner={owner} isNew={false} values={reading.values} violations={violations} />
      ))
    },
    CountryParam,
  )

  postForm(
    '/dashboard/setup/tax/regions/:country/delete',
    'dashboardDeleteTaxRegion',
    'Delete a tax region: no tax is collected there any more',
    async (owner, _form, params) => {
      await update(owner, (current) =>
        withTax(current, {
          regions: removeAt(current.tax.regions, indexOfTaxRegion(current, params.country)),
        }),
      )
      return seeOther(withNotice('/dashboard/setup/tax', 'tax-region-deleted'))
    },
    CountryParam,
  )

  // Additional fees

  getPage(
    '/dashboard/setup/fees',
    'dashboardFees',
    'Additional fees: handling and insurance',
    async (owner, notice) =>
      render(
        <FeesPage
          owner={owner}
          rows={toFeeRows((await settingsOf(owner)).additionalFees, currencyOf(owner))}
          violations={[]}
          notice={notice}
        />,
      ),
  )

  postForm(
    '/dashboard/setup/fees',
    'dashboardSaveFees',
    'Save the additional fees (form: fee rows fee-N-*)',
    async (owner, form) => {
      const { reading, violations } = await applySetupForm(
        deps,
        owner,
        () => readFeeForm(form, currencyOf(owner)),
        (current, read) => ({ ...current, additionalFees: read.fees }),
      )
      return savedOrRefused(violations, '/dashboard/setup/fees', () => (
        <FeesPage owner={owner} rows={reading.rows} violations={violations} />
      ))
    },
  )
}
