import type { ReactElement } from 'react'
import { Document } from '../../pages/document.tsx'
import { renderPage } from '../../pages/render-page.tsx'
import type { ShopBrand } from '../../pages/shop-frame.tsx'
import { CaptchaField, captchaProblems } from '../captcha/captcha-field.tsx'
import type { CaptchaCspSources, CaptchaFormInput } from '../captcha/captcha-widgets.ts'
import type { CaptchaProblem } from '../captcha/hosted-captcha.ts'

/** Why the login form is shown again. */
export type LoginProblem = 'wrong-credentials' | 'expired-form' | CaptchaProblem

const problems: Record<LoginProblem, string> = {
  'wrong-credentials': 'The e-mail or the password is wrong.',
  'expired-form': 'The form expired. Please sign in again.',
  ...captchaProblems,
}

/** The hosted login form: e-mail and password, posted back to the page's own URL with its CSRF token. */
export function LoginPage(props: {
  siteName: string
  action: string
  csrfToken: string
  email?: string | undefined
  problem?: LoginProblem | undefined
  /** The hosted sign-up and forgot-password pages of the same redirect session. */
  signUpHref?: string | undefined
  forgotPasswordHref?: string | undefined
  /** The captcha to solve, where the site requires one. */
  captcha?: CaptchaFormInput | undefined
}) {
  return (
    <Document title={`Sign in · ${props.siteName}`}>
      <main className="narrow">
        <h1>Sign in to {props.siteName}</h1>
        {props.problem && (
          <p className="problem" role="alert">
            {problems[props.problem]}
          </p>
        )}
        <form method="post" action={props.action}>
          <input type="hidden" name="csrf" value={props.csrfToken} />
          <div className="field">
            <label htmlFor="email">E-mail</label>
            <input
              className="wide"
              id="email"
              name="email"
              type="email"
              autoComplete="username"
              required
              maxLength={320}
              defaultValue={props.email}
            />
          </div>
          <div className="field">
            <label htmlFor="password">Password</label>
            <input
              className="wide"
              id="password"
              name="password"
              type="password"
              autoComplete="current-password"
              required
              maxLength={256}
            />
          </div>
          <CaptchaField captcha={props.captcha} isInvalid={props.problem?.startsWith('captcha-')} />
          <div className="actions">
            <button className="primary" type="submit">
              Sign in
            </button>
            {props.forgotPasswordHref && <a href={props.forgotPasswordHref}>Forgot your password?</a>}
          </div>
        </form>
        {props.signUpHref && (
          <p>
            New here? <a href={props.signUpHref}>Create an account</a>
          </p>
        )}
      </main>
    </Document>
  )
}

/**
 * The sign-out confirmation (SECURITY.md O3): a logout link anyone can forge only shows this page; the
 * member's own click posts it back with the page's CSRF token.
 */
export function SignOutPage(props: {
  action: string
  csrfToken: string
  postLogoutRedirectUri?: string | undefined
  clientId?: string | undefined
}) {
  return (
    <Document title="Sign out">
      <main className="narrow">
        <h1>Sign out?</h1>
        <p>Do you want to sign out?</p>
        <form method="post" action={props.action}>
          <input type="hidden" name="csrf" value={props.csrfToken} />
          {props.postLogoutRedirectUri !== undefined && (
            <input type="hidden" name="postLogoutRedirectUri" value={props.postLogoutRedirectUri} />
          )}
          {props.clientId !== undefined && <input type="hidden" name="clientId" value={props.clientId} />}
          <div className="actions">
            <button className="primary" type="submit">
              Sign out
            </button>
          </div>
        </form>
      </main>
    </Document>
  )
}

/** A hosted page that only says something: an error, a pending account, a finished logout. */
/**
 * The account chooser of `prompt: select_account` (OIDC Core §3.1.2.1): go on as the member the browser
 * is signed in as, or sign in with another account. Plain links: no script, no form.
 */
export function AccountChooserPage(props: {
  siteName: string
  email: string
  continueHref: string
  otherAccountHref: string
}) {
  return (
    <Document title={`Choose an account · ${props.siteName}`}>
      <main className="narrow">
        <h1>Choose an account for {props.siteName}</h1>
        <p>
          <a href={props.continueHref}>Continue as {props.email}</a>
        </p>
        <p>
          <a href={props.otherAccountHref}>Use another account</a>
        </p>
      </main>
    </Document>
  )
}

export function MessagePage(props: { title: string; message: string }) {
  return (
    <Document title={props.title}>
      <main className="narrow">
        <h1>{props.title}</h1>
        <p>{props.message}</p>
      </main>
    </Document>
  )
}

/** Adds a captcha provider's sources to a page's CSP, directive by directive (scripts beside the nonce). */
function withCaptchaSources(policy: string, sources: CaptchaCspSources): string {
  let extended = policy
  for (const [directive, list] of Object.entries(sources) as [string, readonly string[]][]) {
    const present = new RegExp(`(^|; )${directive} ([^;]+)`)
    extended = present.test(extended)
      ? extended.replace(present, `$1${directive} $2 ${list.join(' ')}`)
      : `${extended}; ${directive} ${list.join(' ')}`
  }
  return extended
}

/**
 * Renders a hosted page with the page infrastructure's headers (no framing, nonce-only scripts and
 * styles, no caching), and no `Referer` at all: these URLs hold session tokens. `formTargets` are the
 * origins a form's answer may redirect to (CSP `form-action` covers redirects after a post);
 * `captchaSources` are what a real captcha provider's widget on the page needs, on that page only.
 */
export function renderHostedPage(
  element: ReactElement,
  options: {
    status?: number
    formTargets?: readonly string[]
    setCookies?: readonly string[]
    captchaSources?: CaptchaCspSources | undefined
    /** The shop the page is for: its icon is the page's. */
    siteId?: string | undefined
    /** The shop's header, colours and way back (`hostedBrandOf`). */
    brand?: ShopBrand | undefined
  } = {},
): Response {
  const response = renderPage(element, {
    status: options.status ?? 200,
    siteId: options.siteId,
    brand: options.brand,
  })
  response.headers.set('referrer-policy', 'no-referrer')
  let policy = response.headers.get('content-security-policy') ?? ''
  const targets = (options.formTargets ?? []).join(' ')
  if (targets) policy = policy.replace("form-action 'self'", `form-action 'self' ${targets}`)
  if (options.captchaSources) policy = withCaptchaSources(policy, options.captchaSources)
  response.headers.set('content-security-policy', policy)
  for (const cookie of options.setCookies ?? []) response.headers.append('set-cookie', cookie)
  return response
}

/**
 * A hosted page's error: the page, never a redirect (RFC 6749 §4.1.2.1); in the shop's brand with its way
 * back when the page knows the shop (`brandOfSessionToken`, decision 100), Aisle's own page otherwise.
 */
export function renderHostedError(
  status: number,
  message: string,
  shop?: { siteId: string; brand: ShopBrand } | undefined,
): Response {
  return renderHostedPage(<MessagePage title="This link cannot be used" message={message} />, {
    status,
    siteId: shop?.siteId,
    brand: shop?.brand,
  })
}

/**
 * A hosted page's answer to an outage (the database out of reach): a page that says to try again, for a
 * person in a browser rather than the JSON error a program gets; the caller adds `Retry-After`.
 */
export function renderHostedOutage(retryAfterSeconds: number): Response {
  const seconds = retryAfterSeconds === 1 ? 'second' : 'seconds'
  const message = `This page cannot be shown right now. Please try again in ${retryAfterSeconds} ${seconds}.`
  return renderHostedPage(<MessagePage title="Please try again in a moment" message={message} />, {
    status: 503,
  })
}

/** A redirect from a hosted page: uncacheable, unframeable, sending no `Referer` onwards. */
export function hostedRedirect(
  location: string,
  status: 302 | 303,
  setCookies: readonly string[] = [],
): Response {
  const headers = new Headers({
    location,
    'cache-control': 'no-store',
    'referrer-policy': 'no-referrer',
    'x-frame-options': 'DENY',
    'content-security-policy': "frame-ancestors 'none'",
  })
  for (const cookie of setCookies) headers.append('set-cookie', cookie)
  return new Response(null, { status, headers })
}
