import { z } from 'zod'
import type { Api } from '../http/api.ts'
import type { FormFields } from '../pages/form-fields.ts'
import { type DashboardDeps, type Owner, requireOwner, requireOwnerForm } from './session/owner-session.ts'

/**
 * What every dashboard route shares: an HTML answer, no API auth (the owner's session cookie instead),
 * pages for the signed-in owner, and form posts behind the same-site and CSRF checks.
 */

const Html = z.string().describe('an HTML page')
/** The part of a route definition every dashboard page shares. */
export const dashboardPage = { tag: 'Dashboard', auth: 'none', response: Html } as const
/** The `?notice=` a page shows after a redirect. */
export const NoticeQuery = z.object({ notice: z.string().max(40).optional() })

interface DashboardRoute<P extends z.ZodType | undefined, Q extends z.ZodType | undefined> {
  path: string
  operationId: string
  summary: string
  params?: P
  query?: Q
}

/** What a route's optional schema parses to: `undefined` without one. */
export type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined

/**
 * Registers dashboard routes on `api`: `page` (GET, for the signed-in owner) and `form` (POST, after the
 * same-site and CSRF checks). Each handler gets the owner and the parsed `params` and `query`.
 *
 * @example
 * ```ts
 * const { page, form } = createDashboardRoutes(api, deps)
 * page({ path: '/dashboard/things', operationId, summary, query: NoticeQuery }, (owner, { query }) => …)
 * ```
 */
export function createDashboardRoutes(api: Api, deps: DashboardDeps) {
  return {
    page<P extends z.ZodType | undefined = undefined, Q extends z.ZodType | undefined = undefined>(
      route: DashboardRoute<P, Q>,
      handler: (owner: Owner, input: { params: Parsed<P>; query: Parsed<Q> }) => Promise<Response>,
    ) {
      api.route({ ...dashboardPage, method: 'get', ...route } as DashboardRouteDefinition, async (input, c) =>
        handler(await requireOwner(c, deps), input as { params: Parsed<P>; query: Parsed<Q> }),
      )
    },
    form<P extends z.ZodType | undefined = undefined>(
      route: Omit<DashboardRoute<P, undefined>, 'query'>,
      handler: (owner: Owner, form: FormFields, input: { params: Parsed<P> }) => Promise<Response>,
    ) {
      api.route(
        { ...dashboardPage, method: 'post', ...route } as DashboardRouteDefinition,
        async (input, c) => {
          const { owner, form } = await requireOwnerForm(c, deps)
          return handler(owner, form, input as { params: Parsed<P> })
        },
      )
    },
  }
}

type DashboardRouteDefinition = Parameters<Api['route']>[0] & typeof dashboardPage
