import type { Context } from 'hono'
import { getCookie } from 'hono/cookie'
import { z } from 'zod'
import type { Api, AppEnv } from '../http/api.ts'
import type { MerchantCaller } from '../http/caller.ts'
import { CSRF_FIELD, isCrossSiteRequest, isCsrfTokenValid } from '../pages/csrf.ts'
import { type FormFields, readForm } from '../pages/form-fields.ts'
import { apiKeyPermissions } from '../sites/api-key-store.ts'
import { inShopTimeZone } from './kit/dashboard-words.ts'
import {
  DASHBOARD_PATH,
  type DashboardDeps,
  FormRefused,
  type Owner,
  ownOrigins,
  SESSION_COOKIE,
  SignInRequired,
} from './session/owner-session.ts'
import { findSession } from './session/session-store.ts'

/**
 * The one way to declare a dashboard route: an HTML answer, no API auth (the owner's session cookie
 * instead), pages for the signed-in owner, and form posts behind the same-site and CSRF checks.
 */

const Html = z.string().describe('an HTML page')
/** The part of a route definition every dashboard route shares. */
const dashboardRoute = { tag: 'Dashboard', auth: 'none', response: Html } as const
/** The `?notice=` a page shows after a redirect. */
export const NoticeQuery = z.object({ notice: z.string().max(40).optional() })

interface DashboardRoute<P extends z.ZodType | undefined, Q extends z.ZodType | undefined> {
  path: string
  operationId: string
  summary: string
  params?: P
  query?: Q
}

interface DashboardFormRoute<P extends z.ZodType | undefined> extends DashboardRoute<P, undefined> {
  query?: undefined
  /**
   * The form may carry files: the content types the route documents. Its body reads as any form; the
   * upload body limit comes by path (`isDashboardUpload` in dashboard-routes.ts).
   */
  upload?: readonly string[]
}

/** What a route's optional schema parses to: `undefined` without one. */
export type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined

/** The route's parsed path and query. */
export interface PageInput<P, Q> {
  params: Parsed<P>
  query: Parsed<Q>
}

/** The route's parsed path. */
export interface FormInput<P> {
  params: Parsed<P>
}

/** What the route needs of the dashboard: the session store, and the origin forms may come from. */
type RouteDeps = Pick<DashboardDeps, 'db' | 'clock' | 'publicUrl'>

/**
 * Registers dashboard routes on `api`: `page` (GET, for the signed-in owner) and `form` (POST, after the
 * same-site and CSRF checks), and for the sign-in page itself, which has no owner yet, `signInPage` (GET)
 * and `signInForm` (POST, after the same-site check; the form checks its own token). Each handler gets
 * the parsed `params` and `query` and, last, Hono's context (cookies, the request id, a streamed answer).
 *
 * @example
 * ```ts
 * const { page, form } = createDashboardRoutes(api, deps)
 * page({ path: '/dashboard/things', operationId, summary, query: NoticeQuery }, (owner, { query }) => …)
 * ```
 */
export function createDashboardRoutes(api: Api, deps: RouteDeps) {
  function register(
    method: 'get' | 'post',
    route: object,
    handler: (c: Context<AppEnv>, input: never) => Promise<Response>,
  ) {
    api.route({ ...dashboardRoute, method, ...route } as DashboardRouteDefinition, (input, c) =>
      handler(c, input as never),
    )
  }
  return {
    page<P extends z.ZodType | undefined = undefined, Q extends z.ZodType | undefined = undefined>(
      route: DashboardRoute<P, Q>,
      handler: (owner: Owner, input: PageInput<P, Q>, c: Context<AppEnv>) => Promise<Response>,
    ) {
      register('get', route, async (c, input: PageInput<P, Q>) => {
        const owner = await requireOwner(c, deps)
        return inShopTimeZone(owner.session.site.timeZone, () => handler(owner, input, c))
      })
    },
    form<P extends z.ZodType | undefined = undefined>(
      route: DashboardFormRoute<P>,
      handler: (owner: Owner, form: FormFields, input: FormInput<P>, c: Context<AppEnv>) => Promise<Response>,
    ) {
      register('post', route, async (c, input: FormInput<P>) => {
        const { owner, form } = await requireOwnerForm(c, deps)
        return inShopTimeZone(owner.session.site.timeZone, () => handler(owner, form, input, c))
      })
    },
    signInPage<Q extends z.ZodType | undefined = undefined>(
      route: DashboardRoute<undefined, Q>,
      handler: (input: PageInput<undefined, Q>, c: Context<AppEnv>) => Promise<Response>,
    ) {
      register('get', route, (c, input: PageInput<undefined, Q>) => handler(input, c))
    },
    signInForm(
      route: DashboardRoute<undefined, undefined>,
      handler: (form: FormFields, c: Context<AppEnv>) => Promise<Response>,
    ) {
      register('post', route, async (c) => {
        assertSameSite(c, deps.publicUrl)
        return handler(await readForm(c), c)
      })
    },
  }
}

type DashboardRouteDefinition = Parameters<Api['route']>[0] & typeof dashboardRoute

/**
 * Refuses a state-changing request that comes from another site (Fetch Metadata, else `Origin`).
 *
 * @throws FormRefused
 */
function assertSameSite(c: Context<AppEnv>, publicUrl: string): void {
  if (isCrossSiteRequest(c.req.raw.headers, ownOrigins(c, publicUrl)))
    throw new FormRefused('The form was posted from another site')
}

/**
 * The signed-in site owner of this request, from the session cookie.
 *
 * @throws SignInRequired when there is no live session: the sign-in page comes back here.
 */
async function requireOwner(c: Context<AppEnv>, deps: RouteDeps): Promise<Owner> {
  const sessionId = getCookie(c, SESSION_COOKIE) ?? ''
  const session = sessionId ? await findSession(deps.db, sessionId, deps.clock()) : undefined
  if (!session) {
    const url = new URL(c.req.url)
    throw new SignInRequired(c.req.method === 'GET' ? `${url.pathname}${url.search}` : DASHBOARD_PATH)
  }
  const caller: MerchantCaller = {
    kind: 'merchant',
    siteId: session.siteId,
    site: session.site,
    apiKeyId: '',
    siteUserId: session.siteUserId,
    permissions: apiKeyPermissions,
  }
  return { session, sessionId, caller }
}

/**
 * The signed-in site owner of a form post and the form, after the checks against cross-site request
 * forgery: the post comes from the dashboard's own origin and carries the session's synchroniser token.
 * A multipart body (an upload) reads as a form like any other.
 *
 * @throws FormRefused for a cross-site post or a missing or wrong token.
 * @throws SignInRequired when there is no live session.
 */
async function requireOwnerForm(
  c: Context<AppEnv>,
  deps: RouteDeps,
): Promise<{ owner: Owner; form: FormFields }> {
  assertSameSite(c, deps.publicUrl)
  const owner = await requireOwner(c, deps)
  const form = await readForm(c)
  if (!isCsrfTokenValid(owner.session.csrfToken, form.text(CSRF_FIELD)))
    throw new FormRefused('The form did not carry this session’s token')
  return { owner, form }
}
