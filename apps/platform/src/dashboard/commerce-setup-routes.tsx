import type { ReactElement } from 'react'
import { z } from 'zod'
import {
  type CommerceSettings,
  CommerceSettingsSchema,
  getCommerceSettings,
  updateCommerceSettings,
} from '../checkout/commerce-settings.ts'
import type { Api } from '../http/api.ts'
import { type FieldViolation, ValidationError } from '../http/errors.ts'
import type { FormFields } from '../pages/form-fields.ts'
import { renderDashboardPage } from './dashboard-layout.tsx'
import { noticeText } from './notices.ts'
import { type DashboardDeps, type Owner, requireOwner, requireOwnerForm } from './owner-session.ts'
import { violationsOf, withSchemaViolations } from './setup-violations.ts'

/**
 * What the store setup's pages share (shipping, pickup, tax, fees): they edit parts of the setup behind
 * `/ecom/v1/commerce-settings`, each change validated with the API's schema, and counting for the next
 * totals estimate.
 */

const Html = z.string().describe('an HTML page')
/** The route definition every setup page shares. */
export const setupPage = { tag: 'Dashboard', auth: 'none', response: Html } as const
export const NoticeQuery = z.object({ notice: z.string().max(40).optional() })

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
  return {
    settingsOf: (owner: Owner) => getCommerceSettings(deps.db, owner.session.siteId),
    currencyOf: (owner: Owner) => owner.session.site.currency,
    render: (element: ReactElement, status?: number) => renderDashboardPage(element, deps, status),
    /** A page with an optional `?notice=`, for the signed-in owner. */
    getPage(
      path: string,
      operationId: string,
      summary: string,
      handler: (owner: Owner, notice: string | undefined) => Promise<Response>,
    ) {
      api.route(
        { ...setupPage, method: 'get', path, operationId, summary, query: NoticeQuery },
        async ({ query }, c) => handler(await requireOwner(c, deps), noticeText(query.notice)),
      )
    },
    /** A form post, after the same-site and CSRF checks. */
    postForm(
      path: string,
      operationId: string,
      summary: string,
      handler: (owner: Owner, form: FormFields) => Promise<Response>,
    ) {
      api.route({ ...setupPage, method: 'post', path, operationId, summary }, async (_input, c) => {
        const { owner, form } = await requireOwnerForm(c, deps)
        return handler(owner, form)
      })
    },
  }
}
