import type { ReactElement } from 'react'
import type { z } from 'zod'
import {
  type CommerceSettings,
  CommerceSettingsSchema,
  getCommerceSettings,
  updateCommerceSettings,
} from '../../checkout/commerce-settings.ts'
import type { Api } from '../../http/api.ts'
import { type FieldViolation, ValidationError } from '../../http/errors.ts'
import type { FormFields } from '../../pages/form-fields.ts'
import { renderDashboardPage, seeOther } from '../dashboard-layout.tsx'
import { noticeText, withNotice } from '../notices.ts'
import { createDashboardRoutes, NoticeQuery, type Parsed } from '../owner-routes.ts'
import type { DashboardDeps, Owner } from '../session/owner-session.ts'
import { violationsOf, withSchemaViolations } from './setup-violations.ts'

/**
 * What the store setup's pages share (shipping, pickup, tax, fees): they edit parts of the setup behind
 * `/ecom/v1/commerce-settings`, each change validated with the API's schema, and counting for the next
 * totals estimate.
 */

/** What reading a setup form gives: its problems, and the setup's violations named by its fields. */
export interface SetupReading {
  violations: FieldViolation[]
  toFormViolations(violations: readonly FieldViolation[]): FieldViolation[]
}

/**
 * Applies a submitted setup form in one locked read-change-validate-write (`updateCommerceSettings`,
 * the API's schema). `read` reads the form over the current setup; `apply` puts it in. Answers the
 * violations by form field when anything is refused (nothing is stored then), or none.
 */
export async function applySetupForm<R extends SetupReading>(
  deps: DashboardDeps,
  owner: Owner,
  read: (current: CommerceSettings) => R,
  apply: (current: CommerceSettings, reading: R) => CommerceSettings,
): Promise<{ reading: R; violations: FieldViolation[] }> {
  let reading: R | undefined
  try {
    await updateCommerceSettings(
      deps.db,
      owner.session.siteId,
      (current) => {
        reading = read(current)
        if (reading.violations.length === 0) return apply(current, reading)
        throw new ValidationError(
          withSchemaViolations(
            reading.violations,
            reading.toFormViolations(checkSetup(current, reading, apply)),
          ),
        )
      },
      deps.clock(),
    )
    return { reading: reading!, violations: [] }
  } catch (error) {
    if (!(error instanceof ValidationError) || !reading) throw error
    return { reading, violations: reading.toFormViolations(error.fieldViolations) }
  }
}

/** What the API's schema (or `apply` itself) says about a form's setup that will not be stored. */
function checkSetup<R extends SetupReading>(
  current: CommerceSettings,
  reading: R,
  apply: (current: CommerceSettings, reading: R) => CommerceSettings,
): FieldViolation[] {
  try {
    return violationsOf(CommerceSettingsSchema, apply(current, reading))
  } catch (error) {
    if (error instanceof ValidationError) return error.fieldViolations
    throw error
  }
}

export const replaceAt = <T,>(items: readonly T[], index: number, item: T): T[] =>
  items.map((existing, at) => (at === index ? item : existing))

export const removeAt = <T,>(items: readonly T[], index: number): T[] => items.filter((_, at) => at !== index)

export const withShipping = (
  settings: CommerceSettings,
  shipping: Partial<CommerceSettings['shipping']>,
) => ({
  ...settings,
  shipping: { ...settings.shipping, ...shipping },
})
export const withTax = (settings: CommerceSettings, tax: Partial<CommerceSettings['tax']>) => ({
  ...settings,
  tax: { ...settings.tax, ...tax },
})

/** The helpers of a setup page's routes: reading the setup, rendering, and GET and form POST routes. */
export function createSetupRoutes(api: Api, deps: DashboardDeps) {
  const render = (element: ReactElement, status?: number) => renderDashboardPage(element, deps, status)
  const routes = createDashboardRoutes(api, deps)
  return {
    settingsOf: (owner: Owner) => getCommerceSettings(deps.db, owner.session.siteId),
    currencyOf: (owner: Owner) => owner.session.site.currency,
    render,
    /** Changes the setup in one locked read-change-write, without a form to read (e.g. a deletion). */
    update: (owner: Owner, change: (current: CommerceSettings) => CommerceSettings) =>
      updateCommerceSettings(deps.db, owner.session.siteId, change, deps.clock()),
    /** The answer to a saved form: back to `savedPath` with the `saved` notice, or the form again with a 400. */
    savedOrRefused(
      violations: readonly FieldViolation[],
      savedPath: string,
      refusedPage: () => ReactElement,
    ) {
      return violations.length === 0 ? seeOther(withNotice(savedPath, 'saved')) : render(refusedPage(), 400)
    },
    /** A page with an optional `?notice=` (and the path's `params`, when given), for the signed-in owner. */
    getPage<P extends z.ZodType | undefined = undefined>(
      path: string,
      operationId: string,
      summary: string,
      handler: (owner: Owner, notice: string | undefined, params: Parsed<P>) => Promise<Response>,
      params?: P,
    ) {
      routes.page({ path, operationId, summary, params, query: NoticeQuery }, (owner, input) =>
        handler(owner, noticeText(input.query.notice), input.params),
      )
    },
    /** A form post (with the path's `params`, when given), after the same-site and CSRF checks. */
    postForm<P extends z.ZodType | undefined = undefined>(
      path: string,
      operationId: string,
      summary: string,
      handler: (owner: Owner, form: FormFields, params: Parsed<P>) => Promise<Response>,
      params?: P,
    ) {
      routes.form({ path, operationId, summary, params }, (owner, form, input) =>
        handler(owner, form, input.params),
      )
    },
  }
}
