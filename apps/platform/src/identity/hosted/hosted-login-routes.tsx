import type { Context } from 'hono'
import { z } from 'zod'
import type { Api, AppEnv } from '../../http/api.ts'
import { createAuthorizationCode } from '../../oauth/authorization-code-store.ts'
import { renderWebMessageResponse } from '../../oauth/web-message-response.ts'
import { createCsrfToken } from '../../pages/csrf.ts'
import { HOSTED_PAGE_ROUTE, SessionQuery } from '../../redirects/hosted/hosted-redirect-pages.tsx'
import { brandOfSessionToken, sessionBrandOf } from '../../redirects/hosted/redirect-session-brand.ts'
import { HOSTED_PAGE_PATHS } from '../../redirects/redirect-session-routes.ts'
import {
  findRedirectSession,
  type RedirectSession,
  type StoredAuthorizationRequest,
  spendRedirectSession,
} from '../../redirects/redirect-session-store.ts'
import { toAuthorizationResponseUrl } from '../../redirects/redirect-uri.ts'
import { getSite } from '../../sites/site-store.ts'
import { captchaCspOf } from '../captcha/captcha-field.tsx'
import { checkHostedCaptcha, hostedCaptchaOf } from '../captcha/hosted-captcha.ts'
import type { IdentityDeps } from '../identity-deps.ts'
import { spendSessionToken } from '../identity-token-store.ts'
import { findMemberByCredentials, toAuthState } from '../members/member-authentication.ts'
import { findMemberById } from '../members/member-store.ts'
import { formCookie, hostedSessionCookie, isHttps, readHostedSessionCookie } from './hosted-cookies.ts'
import { readHostedForm } from './hosted-form.ts'
import {
  AccountChooserPage,
  hostedRedirect,
  LoginPage,
  type LoginProblem,
  MessagePage,
  renderHostedError,
  renderHostedPage,
} from './hosted-pages.tsx'
import {
  continuePendingSignIn,
  HOSTED_FORGOT_PASSWORD_PATH,
  HOSTED_SIGN_UP_PATH,
  withSession,
} from './hosted-pending.tsx'
import { createHostedSession, findHostedSession, revokeHostedSession } from './hosted-session-store.ts'
import { signOutBrowser } from './sign-out-browser.ts'

const page = { ...HOSTED_PAGE_ROUTE, query: SessionQuery } as const
// `account` answers the account chooser of prompt select_account: `current` or `other`.
const AuthorizeQuery = z.object({ session: z.string().optional(), account: z.string().optional() })

const UNUSABLE = 'This link has expired or was already used. Go back to the shop and try again.'

/** A member the request proves for a redirect session, and the cookies that proof sets. */
export interface SignedIn {
  memberId: string
  hostedSessionIdHash: string
  setCookies: string[]
}

function authorizationRequestOf(session: RedirectSession): StoredAuthorizationRequest {
  return session.input as unknown as StoredAuthorizationRequest
}

/** Where the page's answer goes after the form: its origin must be allowed as a CSP form target. */
function returnOrigin(session: RedirectSession): string | undefined {
  const target =
    session.kind === 'auth' ? authorizationRequestOf(session).redirectUri : session.callbacks.postFlowUrl
  return target ? new URL(target).origin : undefined
}

/**
 * The authorization response in the request's response mode: a redirect to the registered URI with it
 * in the query or fragment, or the `web_message` page that posts it to that URI's origin.
 */
function answerAuthorization(
  request: StoredAuthorizationRequest,
  params: Record<string, string>,
  status: 302 | 303,
  setCookies: readonly string[] = [],
): Response {
  if (request.responseMode !== 'web_message') {
    const location = toAuthorizationResponseUrl(request.redirectUri, params, request.responseMode)
    return hostedRedirect(location, status, setCookies)
  }
  const page = renderWebMessageResponse(request.redirectUri, params)
  for (const cookie of setCookies) page.headers.append('set-cookie', cookie)
  return page
}

/**
 * The hosted pages of redirect sessions: `/_auth/authorize` (auth: a code for the redirect URI),
 * `/_auth/login` (login: back to `postFlowUrl`) and `/_auth/logout`. A browser already signed in (the
 * hosted-login cookie) or bringing a direct login's session token is not asked again; otherwise the
 * login form is shown, which works without JavaScript and sets the cookie.
 */
export function registerHostedLoginRoutes(api: Api, deps: IdentityDeps) {
  const { db, clock, publicUrl } = deps
  const authentication = { db, hasher: deps.hasher }

  /** The unusable link's page, in the brand of the shop its token names (spent or expired too). */
  async function unusable(token: string | undefined): Promise<Response> {
    return renderHostedError(400, UNUSABLE, await brandOfSessionToken(db, token, publicUrl))
  }

  /** A session's shop, for a message page about it: its icon and brand (decision 100). */
  async function shopOf(session: RedirectSession) {
    return { siteId: session.siteId, brand: await sessionBrandOf(db, session, publicUrl) }
  }

  async function findLiveSession(kind: RedirectSession['kind'], token: string | undefined) {
    const session = token ? await findRedirectSession(db, token, clock()) : undefined
    return session?.kind === kind ? session : undefined
  }

  // A direct login's session token decides alone: an invalid one is no login, whatever the cookie says.
  async function findSignedIn(c: Context<AppEnv>, session: RedirectSession): Promise<SignedIn | undefined> {
    const now = clock()
    if (session.memberSessionTokenHash) {
      const memberId = await spendSessionToken(db, session.memberSessionTokenHash, session, now)
      if (!memberId) return undefined
      const created = await createHostedSession(db, { siteId: session.siteId, memberId }, now)
      const cookie = hostedSessionCookie(session.siteId, created.sessionId, isHttps(c, publicUrl))
      return { memberId, hostedSessionIdHash: created.idHash, setCookies: [cookie] }
    }
    const cookie = readHostedSessionCookie(c, session.siteId)
    const hosted = cookie ? await findHostedSession(db, cookie, session.siteId, now) : undefined
    return hosted && { memberId: hosted.memberId, hostedSessionIdHash: hosted.idHash, setCookies: [] }
  }

  /** Ends a session for a signed-in member: a code to the redirect URI (auth), or back to `postFlowUrl`. */
  async function complete(
    session: RedirectSession,
    signedIn: SignedIn,
    status: 302 | 303,
  ): Promise<Response> {
    const now = clock()
    if (session.kind === 'auth') {
      const request = authorizationRequestOf(session)
      const code = await db.transaction(async (tx) => {
        if (!(await spendRedirectSession(tx, session.id, now))) return undefined
        return createAuthorizationCode(
          tx,
          {
            siteId: session.siteId,
            clientId: session.clientId,
            memberId: signedIn.memberId,
            redirectUri: request.redirectUri,
            isRedirectUriGiven: request.isRedirectUriGiven,
            codeChallenge: request.codeChallenge,
            visitorId: session.creator.role === 'visitor' ? session.creator.id : undefined,
            hostedSessionIdHash: signedIn.hostedSessionIdHash,
            redirectSessionId: session.id,
          },
          now,
        )
      })
      if (!code) return renderHostedError(400, UNUSABLE, await shopOf(session))
      return answerAuthorization(request, { code, state: request.state }, status, signedIn.setCookies)
    }
    if (!(await spendRedirectSession(db, session.id, now)))
      return renderHostedError(400, UNUSABLE, await shopOf(session))
    const target = session.callbacks.postFlowUrl
    if (target) return hostedRedirect(target, status, signedIn.setCookies)
    return renderHostedPage(<MessagePage title="Signed in" message="You are signed in." />, {
      setCookies: signedIn.setCookies,
      ...(await shopOf(session)),
    })
  }

  /** `prompt: none` without a session: no page, the error to the redirect URI (OIDC Core §3.1.2.6). */
  async function loginRequired(session: RedirectSession): Promise<Response> {
    const request = authorizationRequestOf(session)
    if (!(await spendRedirectSession(db, session.id, clock())))
      return renderHostedError(400, UNUSABLE, await shopOf(session))
    const error = { error: 'login_required', error_description: 'The member is not signed in' }
    return answerAuthorization(request, { ...error, state: request.state }, 302)
  }

  /** Signs the browser in for a member: a new hosted-login session (the old one revoked) in the cookie. */
  async function signIn(c: Context<AppEnv>, session: RedirectSession, memberId: string): Promise<SignedIn> {
    const now = clock()
    const secure = isHttps(c, publicUrl)
    const previous = readHostedSessionCookie(c, session.siteId)
    if (previous) await revokeHostedSession(db, previous, now)
    const created = await createHostedSession(db, { siteId: session.siteId, memberId }, now)
    const setCookies = [
      hostedSessionCookie(session.siteId, created.sessionId, secure),
      formCookie('', secure),
    ]
    return { memberId, hostedSessionIdHash: created.idHash, setCookies }
  }

  /** The account chooser for the member the browser's cookie signs in, or `undefined` when none does. */
  async function accountChooser(c: Context<AppEnv>, session: RedirectSession, token: string) {
    const cookie = readHostedSessionCookie(c, session.siteId)
    const hosted = cookie ? await findHostedSession(db, cookie, session.siteId, clock()) : undefined
    const member = hosted && (await findMemberById(db, session.siteId, hosted.memberId))
    if (!member) return undefined
    const site = await getSite(db, session.siteId)
    const path = HOSTED_PAGE_PATHS[session.kind as 'auth']
    const href = (account: string) => `${path}?${new URLSearchParams({ session: token, account })}`
    return renderHostedPage(
      <AccountChooserPage
        siteName={site.name}
        email={member.login_email}
        continueHref={href('current')}
        otherAccountHref={href('other')}
      />,
      { siteId: session.siteId, brand: await sessionBrandOf(db, session, publicUrl) },
    )
  }

  async function loginForm(
    c: Context<AppEnv>,
    session: RedirectSession,
    token: string,
    options: { status?: number; email?: string; problem?: LoginProblem } = {},
  ) {
    const site = await getSite(db, session.siteId)
    const captcha = await hostedCaptchaOf(deps, session.siteId)
    const csrfToken = createCsrfToken()
    const kind = session.kind as 'auth' | 'login'
    const action = `${HOSTED_PAGE_PATHS[kind]}?${new URLSearchParams({ session: token })}`
    const origin = returnOrigin(session)
    return renderHostedPage(
      <LoginPage
        siteName={site.name}
        action={action}
        csrfToken={csrfToken}
        email={options.email}
        problem={options.problem}
        signUpHref={withSession(HOSTED_SIGN_UP_PATH, token)}
        forgotPasswordHref={withSession(HOSTED_FORGOT_PASSWORD_PATH, token)}
        captcha={captcha}
      />,
      {
        status: options.status ?? 200,
        formTargets: origin ? [origin] : [],
        captchaSources: captchaCspOf(captcha),
        setCookies: [formCookie(csrfToken, isHttps(c, publicUrl))],
        siteId: session.siteId,
        brand: await sessionBrandOf(db, session, publicUrl),
      },
    )
  }

  for (const kind of ['auth', 'login'] as const) {
    const path = HOSTED_PAGE_PATHS[kind]
    const what = kind === 'auth' ? 'an authorization code for the redirect URI' : 'the return to postFlowUrl'

    api.route(
      {
        ...page,
        method: 'get',
        path,
        operationId: kind === 'auth' ? 'hostedAuthorize' : 'hostedLogin',
        summary: `The hosted login of a redirect session: ${what} when the browser is signed in (or brings a direct login's session token), else the login form; prompt none answers login_required instead of the form; prompt select_account first lets a signed-in browser choose its account (account=current or other)`,
        query: AuthorizeQuery,
      },
      async ({ query }, c) => {
        const session = await findLiveSession(kind, query.session)
        if (!session || !query.session) return unusable(query.session)
        const prompt = session.kind === 'auth' ? authorizationRequestOf(session).prompt : 'login'
        // select_account (OIDC Core §3.1.2.1): the member chooses rather than being signed in as the cookie
        // says; a direct login's session token already names the account.
        if (prompt === 'select_account' && !session.memberSessionTokenHash) {
          if (query.account === 'other') return loginForm(c, session, query.session)
          if (query.account !== 'current') {
            const chooser = await accountChooser(c, session, query.session)
            if (chooser) return chooser
          }
        }
        const signedIn = await findSignedIn(c, session)
        if (signedIn) return complete(session, signedIn, 302)
        if (prompt === 'none') return loginRequired(session)
        return loginForm(c, session, query.session)
      },
    )

    api.route(
      {
        ...page,
        method: 'post',
        path,
        operationId: kind === 'auth' ? 'hostedAuthorizeLogin' : 'hostedLoginLogin',
        summary: `The hosted login form (email, password, csrf, and the captcha answer where the site requires one): signs the browser in (HttpOnly cookie) and answers ${what}`,
      },
      async ({ query }, c) => {
        const form = await readHostedForm(c, publicUrl)
        if (!form) return renderHostedError(403, 'The form was sent from another site.')
        const session = await findLiveSession(kind, query.session)
        if (!session || !query.session) return unusable(query.session)
        const email = form.text('email', 320)
        if (!form.hasValidToken)
          return loginForm(c, session, query.session, { status: 403, email, problem: 'expired-form' })
        const captchaProblem = await checkHostedCaptcha(deps, session.siteId, form, c.get('clientAddress'))
        if (captchaProblem)
          return loginForm(c, session, query.session, { status: 400, email, problem: captchaProblem })
        const member = await findMemberByCredentials(authentication, session.siteId, {
          email,
          password: form.field('password'),
        })
        const state = member && toAuthState(member)
        if (!member || !state)
          return loginForm(c, session, query.session, { status: 401, email, problem: 'wrong-credentials' })
        if (state !== 'SUCCESS')
          return continuePendingSignIn(c, deps, {
            session,
            sessionToken: query.session,
            subject: { member },
            state,
          })
        return complete(session, await signIn(c, session, member.id), 303)
      },
    )
  }

  api.route(
    {
      ...page,
      method: 'get',
      path: HOSTED_PAGE_PATHS.logout,
      operationId: 'hostedLogout',
      summary:
        "The hosted logout of a redirect session: signs the browser out of the client's site (and revokes the tokens issued through that sign-in), then goes to postFlowUrl",
    },
    async ({ query }, c) => {
      const session = await findLiveSession('logout', query.session)
      if (!session || !(await spendRedirectSession(db, session.id, clock()))) return unusable(query.session)
      const cookie = readHostedSessionCookie(c, session.siteId)
      const cookies = new Map(cookie ? [[session.siteId, cookie]] : [])
      const setCookies = await signOutBrowser(deps, cookies, isHttps(c, publicUrl))
      const target = session.callbacks.postFlowUrl
      if (target) return hostedRedirect(target, 302, setCookies)
      return renderHostedPage(<MessagePage title="Signed out" message="You have signed out." />, {
        setCookies,
        ...(await shopOf(session)),
      })
    },
  )
  return { signIn, complete }
}
