import type { Context } from 'hono'
import { getCookie } from 'hono/cookie'
import { z } from 'zod'
import type { Api, AppEnv } from '../../http/api.ts'
import { toClientNetwork } from '../../http/client-address.ts'
import { normalizeEmail } from '../../mail/email-address.ts'
import { CSRF_FIELD, createCsrfToken, isCsrfTokenValid } from '../../pages/csrf.ts'
import { renderDashboardPage, seeOther } from '../dashboard-layout.tsx'
import { createDashboardRoutes } from '../owner-routes.ts'
import { findLastShopBrand, LAST_SHOP_COOKIE, lastShopCookie } from './last-shop.ts'
import { LoginPage, type LoginProblem } from './login-page.tsx'
import { startLoginAttempt } from './login-throttle.ts'
import { type DashboardDeps, dashboardCookie, isHttps, SESSION_COOKIE } from './owner-session.ts'
import { createSession, findSession, revokeSession, SESSION_LIFETIME_SECONDS } from './session-store.ts'
import { findSiteUserByCredentials } from './site-user-store.ts'

/** Holds the sign-in form's token until the form comes back (login CSRF: a double-submitted cookie). */
const LOGIN_COOKIE = 'aisle_dashboard_login'
const LOGIN_FORM_SECONDS = 60 * 60
const HOME = '/dashboard/home'

/** Where to go after signing in: a dashboard path only, never another site (`//evil`, `/\evil`). */
export function safeReturnTo(value: string | undefined): string {
  if (!value || value.length > 2_000 || /[\\\s]|\/\//.test(value)) return HOME
  return /^\/dashboard(?:$|[/?])/.test(value) ? value : HOME
}

/** Sign-in and sign-out of site owners, and the dashboard's front door. */
export function registerLoginRoutes(api: Api, deps: DashboardDeps) {
  const { db, clock, publicUrl } = deps
  const { page, form: postForm, signInPage, signInForm } = createDashboardRoutes(api, deps)

  /** The sign-in page, in the brand of the shop this browser last signed in to (else Aisle's own). */
  async function loginPage(
    c: Context<AppEnv>,
    options: { returnTo: string; email?: string; problem?: LoginProblem; notice?: string; status?: number },
  ) {
    const brand = await findLastShopBrand(db, getCookie(c, LAST_SHOP_COOKIE), publicUrl)
    const loginToken = createCsrfToken()
    const response = renderDashboardPage(
      <LoginPage
        loginToken={loginToken}
        returnTo={options.returnTo}
        email={options.email}
        problem={options.problem}
        notice={options.notice}
      />,
      deps,
      options.status,
      { brand },
    )
    response.headers.append(
      'set-cookie',
      dashboardCookie(LOGIN_COOKIE, loginToken, LOGIN_FORM_SECONDS, isHttps(c, publicUrl)),
    )
    return response
  }

  page(
    {
      path: '/dashboard',
      operationId: 'dashboardHome',
      summary: 'The dashboard: its home page (sales, orders to ship, low stock), or the sign-in page',
    },
    async () => seeOther(HOME),
  )

  signInPage(
    {
      path: '/dashboard/login',
      operationId: 'dashboardLoginPage',
      summary: 'The sign-in page of site owners',
      query: z.object({ next: z.string().max(2_000).optional(), notice: z.enum(['signed-out']).optional() }),
    },
    async ({ query }, c) => {
      const returnTo = safeReturnTo(query.next)
      const sessionId = getCookie(c, SESSION_COOKIE)
      if (sessionId && (await findSession(db, sessionId, clock()))) return seeOther(returnTo)
      return loginPage(c, {
        returnTo,
        notice: query.notice === 'signed-out' ? 'You have signed out.' : undefined,
      })
    },
  )

  signInForm(
    {
      path: '/dashboard/login',
      operationId: 'dashboardLogin',
      summary:
        'Sign a site owner in (form: email, password, csrf); 10 failures per e-mail and address, or 20 per e-mail, in 15 minutes answer 429',
    },
    async (form, c) => {
      const returnTo = safeReturnTo(form.text('next'))
      const email = normalizeEmail(form.text('email')).slice(0, 320)
      if (!isCsrfTokenValid(getCookie(c, LOGIN_COOKIE) ?? '', form.text(CSRF_FIELD)))
        return loginPage(c, { returnTo, email, problem: 'expired-form', status: 403 })
      const attempt = await startLoginAttempt(
        db,
        { email, ip: toClientNetwork(c.get('clientAddress')) },
        clock(),
      )
      if (!attempt.allowed) {
        const response = await loginPage(c, { returnTo, email, problem: 'too-many-attempts', status: 429 })
        response.headers.set('retry-after', String(attempt.retryAfterSeconds))
        return response
      }
      const user = await findSiteUserByCredentials(db, deps.passwordHasher, {
        email,
        password: form.text('password'),
      })
      await attempt.finish(user !== undefined)
      if (!user) return loginPage(c, { returnTo, email, problem: 'wrong-credentials', status: 401 })
      const { sessionId } = await createSession(db, user, clock())
      const secure = isHttps(c, publicUrl)
      return seeOther(returnTo, [
        dashboardCookie(SESSION_COOKIE, sessionId, SESSION_LIFETIME_SECONDS, secure),
        dashboardCookie(LOGIN_COOKIE, '', 0, secure),
        lastShopCookie(user.siteId, secure),
      ])
    },
  )

  postForm(
    {
      path: '/dashboard/logout',
      operationId: 'dashboardLogout',
      summary: 'Sign out: the session is revoked (form: csrf)',
    },
    async (owner, _form, _input, c) => {
      await revokeSession(db, owner.sessionId, clock())
      return seeOther('/dashboard/login?notice=signed-out', [
        dashboardCookie(SESSION_COOKIE, '', 0, isHttps(c, publicUrl)),
      ])
    },
  )
}
