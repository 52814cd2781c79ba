import type { Context } from 'hono'
import { getCookie } from 'hono/cookie'
import { z } from 'zod'
import type { Api, AppEnv } from '../../http/api.ts'
import { ApplicationError, ValidationError } from '../../http/errors.ts'
import { createCsrfToken } from '../../pages/csrf.ts'
import { HOSTED_PAGE_ROUTE, SessionQuery } from '../../redirects/hosted/hosted-redirect-pages.tsx'
import {
  brandOfSessionToken,
  type MessageShop,
  messageShopOf,
  sessionBrandOf,
  shopHomeOf,
} from '../../redirects/hosted/redirect-session-brand.ts'
import { HOSTED_PAGE_PATHS } from '../../redirects/redirect-session-routes.ts'
import { findRedirectSession, type RedirectSession } from '../../redirects/redirect-session-store.ts'
import { getSite } from '../../sites/site-store.ts'
import { captchaCspOf } from '../captcha/captcha-field.tsx'
import type { CaptchaFormInput } from '../captcha/captcha-widgets.ts'
import { checkHostedCaptcha, hostedCaptchaOf } from '../captcha/hosted-captcha.ts'
import type { IdentityDeps } from '../identity-deps.ts'
import { resendEmailCode, verifyEmailCode } from '../members/email-verification.ts'
import { createAccount, toAuthState } from '../members/member-authentication.ts'
import type { MemberRow } from '../members/member-store.ts'
import {
  findRecoveryLink,
  findRecoveryLinkShop,
  RESET_PASSWORD_PATH,
  type RecoveryLink,
  recoverPassword,
  sendRecoveryEmail,
} from '../recovery/password-recovery.ts'
import {
  type AccountProblem,
  ForgotPasswordPage,
  PasswordChangedPage,
  RecoverySentPage,
  ResetPasswordPage,
  SignUpPage,
  VerifyEmailPage,
} from './account-pages.tsx'
import { formCookie, isHttps, VERIFICATION_COOKIE, verificationCookie } from './hosted-cookies.ts'
import { readHostedForm } from './hosted-form.ts'
import type { SignedIn } from './hosted-login-routes.tsx'
import { renderHostedError, renderHostedPage } from './hosted-pages.tsx'
import {
  continuePendingSignIn,
  HOSTED_FORGOT_PASSWORD_PATH,
  HOSTED_SIGN_UP_PATH,
  VERIFY_EMAIL_PATH,
  withSession,
} from './hosted-pending.tsx'

/** The hosted account pages beside the login form. */
export const HOSTED_ACCOUNT_PATHS = {
  signUp: HOSTED_SIGN_UP_PATH,
  forgotPassword: HOSTED_FORGOT_PASSWORD_PATH,
  verifyEmail: VERIFY_EMAIL_PATH,
  resendCode: `${VERIFY_EMAIL_PATH}/resend`,
  resetPassword: RESET_PASSWORD_PATH,
} as const

/** How a hosted page signs a member in and finishes its redirect session (from the hosted login). */
export interface HostedSignIn {
  signIn(c: Context<AppEnv>, session: RedirectSession, memberId: string): Promise<SignedIn>
  complete(session: RedirectSession, signedIn: SignedIn, status: 302 | 303): Promise<Response>
}

const UNUSABLE = 'This page has expired or was already used. Go back to the shop and try again.'
const CROSS_SITE = 'The form was sent from another site.'

const codeProblems: Record<string, AccountProblem> = {
  VERIFICATION_CODE_INVALID: 'wrong-code',
  VERIFICATION_CODE_EXPIRED: 'expired-code',
  VERIFICATION_ATTEMPTS_EXHAUSTED: 'no-attempts-left',
  VERIFICATION_RESEND_LIMIT: 'too-many-codes',
  STATE_TOKEN_INVALID: 'verification-over',
}

/** The problem a refused registration or reset shows on its form, or `undefined` for another error. */
function formProblemOf(error: unknown): AccountProblem | undefined {
  if (error instanceof ApplicationError && error.code === '-19995') return 'email-taken'
  if (!(error instanceof ValidationError)) return undefined
  const rules = new Set(
    error.fieldViolations.map((violation) => `${violation.field}:${violation.violatedRule}`),
  )
  if (rules.has('loginId.email:FORMAT')) return 'invalid-email'
  if (rules.has('password:MIN_LENGTH')) return 'short-password'
  if (rules.has('password:MAX_LENGTH')) return 'long-password'
  return undefined
}

/**
 * The hosted sign-up, forgot-password, code-entry and reset pages. Sign-up and code entry continue the
 * redirect session of the login page they came from, as the login form does: a code for the redirect
 * URI, or back to `postFlowUrl`. Forms carry the double-submitted CSRF token of the login form and are
 * refused from other sites; pages cannot be framed and send no `Referer`.
 */
export function registerHostedAccountRoutes(api: Api, deps: IdentityDeps, hosted: HostedSignIn) {
  const { db, clock, publicUrl } = deps
  const authentication = { db, hasher: deps.hasher }

  /** The unusable page's answer, in the brand of the shop its token names (spent or expired too). */
  async function unusable(token: string | undefined): Promise<Response> {
    return renderHostedError(400, UNUSABLE, await brandOfSessionToken(db, token, publicUrl))
  }

  async function findFlowSession(token: string | undefined): Promise<RedirectSession | undefined> {
    const session = token ? await findRedirectSession(db, token, clock()) : undefined
    return session?.kind === 'auth' || session?.kind === 'login' ? session : undefined
  }
  const signInHref = (session: RedirectSession, token: string) =>
    withSession(HOSTED_PAGE_PATHS[session.kind as 'auth' | 'login'], token)
  const formTargets = (session: RedirectSession) => {
    const home = shopHomeOf(session)
    return home ? [new URL(home).origin] : []
  }

  /**
   * Renders a hosted form page with a fresh CSRF token in the form cookie, wearing the shop's brand when
   * it belongs to a redirect session (or, for a page of a mailed link, to the link's `shop`).
   */
  async function formPage(
    c: Context<AppEnv>,
    render: (csrfToken: string) => React.ReactElement,
    options: {
      status?: number
      formTargets?: readonly string[]
      captcha?: CaptchaFormInput
      session?: RedirectSession
      shop?: MessageShop
    } = {},
  ) {
    const csrfToken = createCsrfToken()
    return renderHostedPage(render(csrfToken), {
      status: options.status ?? 200,
      formTargets: options.formTargets ?? [],
      captchaSources: captchaCspOf(options.captcha),
      setCookies: [formCookie(csrfToken, isHttps(c, publicUrl))],
      siteId: options.session?.siteId ?? options.shop?.siteId,
      brand: options.session ? await sessionBrandOf(db, options.session, publicUrl) : options.shop?.brand,
    })
  }

  /** Signs the member in and finishes the redirect session; the code entry's cookie goes. */
  async function finish(c: Context<AppEnv>, session: RedirectSession, member: MemberRow) {
    const signedIn = await hosted.signIn(c, session, member.id)
    signedIn.setCookies.push(verificationCookie('', isHttps(c, publicUrl)))
    return hosted.complete(session, signedIn, 303)
  }

  // Sign-up.
  async function signUpForm(
    c: Context<AppEnv>,
    session: RedirectSession,
    token: string,
    options: { status?: number; email?: string; problem?: AccountProblem } = {},
  ) {
    const site = await getSite(db, session.siteId)
    const captcha = await hostedCaptchaOf(deps, session.siteId)
    return formPage(
      c,
      (csrfToken) => (
        <SignUpPage
          siteName={site.name}
          action={withSession(HOSTED_ACCOUNT_PATHS.signUp, token)}
          csrfToken={csrfToken}
          signInHref={signInHref(session, token)}
          email={options.email}
          problem={options.problem}
          captcha={captcha}
        />
      ),
      { status: options.status, formTargets: formTargets(session), captcha, session },
    )
  }

  api.route(
    {
      ...HOSTED_PAGE_ROUTE,
      query: SessionQuery,
      method: 'get',
      path: HOSTED_ACCOUNT_PATHS.signUp,
      operationId: 'hostedSignUp',
      summary: 'The hosted sign-up form of a login redirect session (auth or login)',
    },
    async ({ query }, c) => {
      const session = await findFlowSession(query.session)
      if (!session || !query.session) return unusable(query.session)
      return signUpForm(c, session, query.session)
    },
  )

  api.route(
    {
      ...HOSTED_PAGE_ROUTE,
      query: SessionQuery,
      method: 'post',
      path: HOSTED_ACCOUNT_PATHS.signUp,
      operationId: 'hostedSignUpSubmit',
      summary:
        "The hosted sign-up form (email, password, csrf, and the captcha answer where the site requires one): by the site's policy signs the new member in and finishes the session, goes to the code entry, or shows the approval-pending page",
    },
    async ({ query }, c) => {
      const form = await readHostedForm(c, publicUrl)
      if (!form) return renderHostedError(403, CROSS_SITE)
      const session = await findFlowSession(query.session)
      if (!session || !query.session) return unusable(query.session)
      const email = form.text('email', 320)
      if (!form.hasValidToken)
        return signUpForm(c, session, query.session, { status: 403, email, problem: 'expired-form' })
      const captchaProblem = await checkHostedCaptcha(deps, session.siteId, form, c.get('clientAddress'))
      if (captchaProblem)
        return signUpForm(c, session, query.session, { status: 400, email, problem: captchaProblem })
      const registration = await createAccount(
        authentication,
        session,
        { email, password: form.field('password'), profile: undefined },
        clock(),
      ).catch((error: unknown) => {
        const problem = formProblemOf(error)
        if (!problem) throw error
        return problem
      })
      if (typeof registration === 'string')
        return signUpForm(c, session, query.session, {
          status: registration === 'email-taken' ? 409 : 400,
          email,
          problem: registration,
        })
      if (registration.state === 'SUCCESS' && 'member' in registration)
        return finish(c, session, registration.member)
      const subject =
        'member' in registration
          ? { member: registration.member }
          : { decoy: registration.decoy, ownerEmail: email }
      return continuePendingSignIn(c, deps, {
        session,
        sessionToken: query.session,
        subject,
        state: registration.state as Exclude<typeof registration.state, 'SUCCESS'>,
        stateToken: registration.stateToken,
      })
    },
  )

  // Code entry.
  async function codeForm(
    c: Context<AppEnv>,
    session: RedirectSession,
    token: string,
    options: { status?: number; problem?: AccountProblem; notice?: string } = {},
  ) {
    const site = await getSite(db, session.siteId)
    return formPage(
      c,
      (csrfToken) => (
        <VerifyEmailPage
          siteName={site.name}
          action={withSession(HOSTED_ACCOUNT_PATHS.verifyEmail, token)}
          resendAction={withSession(HOSTED_ACCOUNT_PATHS.resendCode, token)}
          csrfToken={csrfToken}
          problem={options.problem}
          notice={options.notice}
        />
      ),
      { status: options.status, formTargets: formTargets(session), session },
    )
  }

  /** The code entry's session and flow, or the error page. */
  async function findCodeEntry(c: Context<AppEnv>, token: string | undefined) {
    const session = await findFlowSession(token)
    const stateToken = getCookie(c, VERIFICATION_COOKIE)
    if (!session || !token || !stateToken) return undefined
    return { session, token, stateToken }
  }

  api.route(
    {
      ...HOSTED_PAGE_ROUTE,
      query: SessionQuery,
      method: 'get',
      path: HOSTED_ACCOUNT_PATHS.verifyEmail,
      operationId: 'hostedVerifyEmail',
      summary: 'The hosted e-mail code entry of a sign-up or sign-in waiting for verification',
    },
    async ({ query }, c) => {
      const entry = await findCodeEntry(c, query.session)
      if (!entry) return unusable(query.session)
      return codeForm(c, entry.session, entry.token)
    },
  )

  api.route(
    {
      ...HOSTED_PAGE_ROUTE,
      query: SessionQuery,
      method: 'post',
      path: HOSTED_ACCOUNT_PATHS.verifyEmail,
      operationId: 'hostedVerifyEmailSubmit',
      summary:
        'The hosted code entry (code, csrf): the right code signs the member in and finishes the session, or shows the approval-pending page; 5 codes per flow',
    },
    async ({ query }, c) => {
      const form = await readHostedForm(c, publicUrl)
      if (!form) return renderHostedError(403, CROSS_SITE)
      const entry = await findCodeEntry(c, query.session)
      if (!entry) return unusable(query.session)
      if (!form.hasValidToken)
        return codeForm(c, entry.session, entry.token, { status: 403, problem: 'expired-form' })
      const member = await verifyEmailCode(
        db,
        entry.session,
        { stateToken: entry.stateToken, code: form.text('code', 64) },
        clock(),
      ).catch((error: unknown) => {
        if (error instanceof ApplicationError && Object.hasOwn(codeProblems, error.code))
          return codeProblems[error.code]!
        throw error
      })
      if (typeof member === 'string')
        return codeForm(c, entry.session, entry.token, { status: 400, problem: member })
      const state = toAuthState(member)
      if (state === 'SUCCESS') return finish(c, entry.session, member)
      return continuePendingSignIn(c, deps, {
        session: entry.session,
        sessionToken: entry.token,
        subject: { member },
        state: state ?? 'STATUS_CHECK',
      })
    },
  )

  api.route(
    {
      ...HOSTED_PAGE_ROUTE,
      query: SessionQuery,
      method: 'post',
      path: HOSTED_ACCOUNT_PATHS.resendCode,
      operationId: 'hostedResendCode',
      summary: 'E-mail a new code from the hosted code entry (csrf); at most 5 codes per flow',
    },
    async ({ query }, c) => {
      const form = await readHostedForm(c, publicUrl)
      if (!form) return renderHostedError(403, CROSS_SITE)
      const entry = await findCodeEntry(c, query.session)
      if (!entry) return unusable(query.session)
      if (!form.hasValidToken)
        return codeForm(c, entry.session, entry.token, { status: 403, problem: 'expired-form' })
      const problem = await resendEmailCode(db, entry.session, entry.stateToken, clock()).then(
        () => undefined,
        (error: unknown) => {
          if (error instanceof ApplicationError && Object.hasOwn(codeProblems, error.code))
            return codeProblems[error.code]!
          throw error
        },
      )
      if (problem) return codeForm(c, entry.session, entry.token, { status: 400, problem })
      return codeForm(c, entry.session, entry.token, {
        notice: 'We sent a new code. The one before no longer works.',
      })
    },
  )

  // Forgot password.
  async function forgotForm(
    c: Context<AppEnv>,
    session: RedirectSession,
    token: string,
    options: { status?: number; email?: string; problem?: AccountProblem } = {},
  ) {
    const site = await getSite(db, session.siteId)
    return formPage(
      c,
      (csrfToken) => (
        <ForgotPasswordPage
          siteName={site.name}
          action={withSession(HOSTED_ACCOUNT_PATHS.forgotPassword, token)}
          csrfToken={csrfToken}
          signInHref={signInHref(session, token)}
          email={options.email}
          problem={options.problem}
        />
      ),
      { status: options.status, session },
    )
  }

  api.route(
    {
      ...HOSTED_PAGE_ROUTE,
      query: SessionQuery,
      method: 'get',
      path: HOSTED_ACCOUNT_PATHS.forgotPassword,
      operationId: 'hostedForgotPassword',
      summary: 'The hosted forgot-password form of a login redirect session',
    },
    async ({ query }, c) => {
      const session = await findFlowSession(query.session)
      if (!session || !query.session) return unusable(query.session)
      return forgotForm(c, session, query.session)
    },
  )

  api.route(
    {
      ...HOSTED_PAGE_ROUTE,
      query: SessionQuery,
      method: 'post',
      path: HOSTED_ACCOUNT_PATHS.forgotPassword,
      operationId: 'hostedForgotPasswordSubmit',
      summary:
        'The hosted forgot-password form (email, csrf): e-mails a recovery link when the address has an account, and answers the same page either way',
    },
    async ({ query }, c) => {
      const form = await readHostedForm(c, publicUrl)
      if (!form) return renderHostedError(403, CROSS_SITE)
      const session = await findFlowSession(query.session)
      if (!session || !query.session) return unusable(query.session)
      const email = form.text('email', 320)
      if (!form.hasValidToken)
        return forgotForm(c, session, query.session, { status: 403, email, problem: 'expired-form' })
      const refused = await sendRecoveryEmail(
        deps,
        { siteId: session.siteId, email, returnUrl: shopHomeOf(session) },
        clock(),
      ).then(
        () => false,
        (error: unknown) => {
          if (error instanceof ValidationError) return true
          throw error
        },
      )
      if (refused)
        return forgotForm(c, session, query.session, { status: 400, email, problem: 'invalid-email' })
      const site = await getSite(db, session.siteId)
      return renderHostedPage(
        <RecoverySentPage siteName={site.name} signInHref={signInHref(session, query.session)} />,
      )
    },
  )

  // Reset password (the link of a recovery or activation mail: no redirect session).
  // Its pages wear the brand of the shop that mailed the link, "Back to <shop>" leading to its return address.
  const linkShop = (link: Pick<RecoveryLink, 'siteId' | 'returnUrl'>) =>
    messageShopOf(db, link.siteId, link.returnUrl, publicUrl)
  const resetForm = async (
    c: Context<AppEnv>,
    token: string,
    link: RecoveryLink,
    options: { status?: number; problem?: AccountProblem } = {},
  ) =>
    formPage(
      c,
      (csrfToken) => (
        <ResetPasswordPage
          action={HOSTED_ACCOUNT_PATHS.resetPassword}
          csrfToken={csrfToken}
          token={token}
          isActivation={link.purpose === 'ACTIVATION'}
          problem={options.problem}
        />
      ),
      { status: options.status, shop: await linkShop(link) },
    )
  /** A spent, expired or unknown link's page, in the brand of the shop that mailed it when the token is one. */
  const unusableLink = async (token: string | undefined) => {
    const mailedBy = token ? await findRecoveryLinkShop(db, token) : undefined
    return renderHostedError(
      400,
      'This link has expired or was already used. Ask for a new one.',
      mailedBy && (await linkShop(mailedBy)),
    )
  }

  api.route(
    {
      ...HOSTED_PAGE_ROUTE,
      query: z.object({ token: z.string().optional() }),
      method: 'get',
      path: HOSTED_ACCOUNT_PATHS.resetPassword,
      operationId: 'hostedResetPassword',
      summary: 'The hosted reset page of a recovery or activation link (token): the new password',
    },
    async ({ query }, c) => {
      const link = query.token ? await findRecoveryLink(db, query.token, clock()) : undefined
      if (!link || !query.token) return unusableLink(query.token)
      return resetForm(c, query.token, link)
    },
  )

  api.route(
    {
      ...HOSTED_PAGE_ROUTE,
      method: 'post',
      path: HOSTED_ACCOUNT_PATHS.resetPassword,
      operationId: 'hostedResetPasswordSubmit',
      summary:
        'The hosted reset form (token, password, csrf): saves the password, signs every device of the member out, and does not sign in',
    },
    async (_input, c) => {
      const form = await readHostedForm(c, publicUrl)
      if (!form) return renderHostedError(403, CROSS_SITE)
      const token = form.text('token', 100)
      const link = token ? await findRecoveryLink(db, token, clock()) : undefined
      if (!link) return unusableLink(token)
      if (!form.hasValidToken) return resetForm(c, token, link, { status: 403, problem: 'expired-form' })
      const recovered = await recoverPassword(
        deps,
        { recoveryToken: token, password: form.field('password') },
        clock(),
      ).catch((error: unknown) => {
        if (error instanceof ApplicationError && error.code === 'RECOVERY_TOKEN_INVALID')
          return 'unusable-link' as const
        const problem = formProblemOf(error)
        if (!problem) throw error
        return problem
      })
      if (recovered === 'unusable-link') return unusableLink(token)
      if (typeof recovered === 'string') return resetForm(c, token, link, { status: 400, problem: recovered })
      const shop = await linkShop(recovered.link)
      return renderHostedPage(<PasswordChangedPage returnUrl={recovered.link.returnUrl} />, {
        setCookies: [formCookie('', isHttps(c, publicUrl))],
        siteId: shop.siteId,
        brand: shop.brand,
      })
    },
  )
}
