import type { ReactNode } from 'react'
import { Document } from '../../pages/document.tsx'
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../passwords/password-policy.ts'
import { CaptchaField, captchaProblems } from '../captcha/captcha-field.tsx'
import type { CaptchaFormInput } from '../captcha/captcha-widgets.ts'

/** Why a hosted account form is shown again: fixed texts, so a URL or a form can never put words on a page. */
export const accountProblems = {
  'expired-form': 'The form expired. Please try again.',
  'invalid-email': 'Enter an e-mail address, like name@example.com.',
  'short-password': `Choose a password of at least ${PASSWORD_MIN_LENGTH} characters.`,
  'long-password': `Choose a password of at most ${PASSWORD_MAX_LENGTH} characters.`,
  'email-taken': 'An account with this e-mail already exists. Sign in, or reset your password.',
  'wrong-code': 'The code is wrong. Check the last mail we sent and try again.',
  'expired-code': 'The code expired. Ask for a new one below.',
  'no-attempts-left': 'Too many wrong codes. Sign in again to get a new one.',
  'too-many-codes': 'We sent as many codes as we can. Sign in again to get a new one.',
  'verification-over': 'This confirmation is over. Sign in again to get a new code.',
  'unusable-link': 'This link has expired or was already used. Ask for a new one.',
  ...captchaProblems,
} as const

export type AccountProblem = keyof typeof accountProblems

function Problem(props: { problem: AccountProblem | undefined }) {
  if (!props.problem) return null
  return (
    <p className="problem" role="alert">
      {accountProblems[props.problem]}
    </p>
  )
}

function HostedForm(props: { action: string; csrfToken: string; submit: string; children: ReactNode }) {
  return (
    <form method="post" action={props.action}>
      <input type="hidden" name="csrf" value={props.csrfToken} />
      {props.children}
      <div className="actions">
        <button className="primary" type="submit">
          {props.submit}
        </button>
      </div>
    </form>
  )
}

function EmailField(props: { email?: string | undefined; isInvalid?: boolean }) {
  return (
    <div className="field">
      <label htmlFor="email">E-mail</label>
      <input
        className="wide"
        id="email"
        name="email"
        type="email"
        autoComplete="email"
        required
        maxLength={320}
        defaultValue={props.email}
        aria-invalid={props.isInvalid ? true : undefined}
      />
    </div>
  )
}

function NewPasswordField(props: { isInvalid?: boolean }) {
  return (
    <div className="field">
      <label htmlFor="password">Password</label>
      <input
        className="wide"
        id="password"
        name="password"
        type="password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN_LENGTH}
        maxLength={PASSWORD_MAX_LENGTH}
        aria-describedby="password-hint"
        aria-invalid={props.isInvalid ? true : undefined}
      />
      <div className="hint" id="password-hint">
        At least {PASSWORD_MIN_LENGTH} characters. A few unrelated words make a good one.
      </div>
    </div>
  )
}

/** The hosted sign-up form: e-mail and password, and the captcha where the site requires one. */
export function SignUpPage(props: {
  siteName: string
  action: string
  csrfToken: string
  signInHref: string
  email?: string | undefined
  problem?: AccountProblem | undefined
  captcha?: CaptchaFormInput | undefined
}) {
  const { problem } = props
  return (
    <Document title={`Create an account · ${props.siteName}`}>
      <main className="narrow">
        <h1>Create your {props.siteName} account</h1>
        <Problem problem={problem} />
        <HostedForm action={props.action} csrfToken={props.csrfToken} submit="Create account">
          <EmailField
            email={props.email}
            isInvalid={problem === 'invalid-email' || problem === 'email-taken'}
          />
          <NewPasswordField isInvalid={problem === 'short-password' || problem === 'long-password'} />
          <CaptchaField captcha={props.captcha} isInvalid={problem?.startsWith('captcha-')} />
        </HostedForm>
        <p>
          Have an account? <a href={props.signInHref}>Sign in</a>
        </p>
      </main>
    </Document>
  )
}

/** The hosted "forgot your password" form: the e-mail to send a link to. */
export function ForgotPasswordPage(props: {
  siteName: string
  action: string
  csrfToken: string
  signInHref: string
  email?: string | undefined
  problem?: AccountProblem | undefined
}) {
  return (
    <Document title={`Reset your password · ${props.siteName}`}>
      <main className="narrow">
        <h1>Reset your password</h1>
        <p>
          Enter the e-mail of your {props.siteName} account: we will send you a link to choose a new password.
        </p>
        <Problem problem={props.problem} />
        <HostedForm action={props.action} csrfToken={props.csrfToken} submit="Send the link">
          <EmailField email={props.email} isInvalid={props.problem === 'invalid-email'} />
        </HostedForm>
        <p>
          <a href={props.signInHref}>Back to sign in</a>
        </p>
      </main>
    </Document>
  )
}

/** What the forgot-password form answers, whether or not the address has an account. */
export function RecoverySentPage(props: { siteName: string; signInHref: string }) {
  return (
    <Document title={`Check your e-mail · ${props.siteName}`}>
      <main className="narrow">
        <h1>Check your e-mail</h1>
        <p>
          If an account at {props.siteName} uses this address, a link to choose a new password is on its way.
          It works once, for one hour.
        </p>
        <p>
          <a href={props.signInHref}>Back to sign in</a>
        </p>
      </main>
    </Document>
  )
}

/** The hosted code entry: the code from the mail, and a way to get a new one. */
export function VerifyEmailPage(props: {
  siteName: string
  action: string
  resendAction: string
  csrfToken: string
  problem?: AccountProblem | undefined
  notice?: string | undefined
}) {
  return (
    <Document title={`Confirm your e-mail · ${props.siteName}`}>
      <main className="narrow">
        <h1>Confirm your e-mail</h1>
        <p>We sent a code to your e-mail address. Enter it here to continue to {props.siteName}.</p>
        {props.notice && (
          <p className="notice" role="status">
            {props.notice}
          </p>
        )}
        <Problem problem={props.problem} />
        <HostedForm action={props.action} csrfToken={props.csrfToken} submit="Confirm">
          <div className="field">
            <label htmlFor="code">Code</label>
            <input
              className="wide"
              id="code"
              name="code"
              type="text"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]*"
              required
              maxLength={16}
              aria-invalid={props.problem === 'wrong-code' ? true : undefined}
            />
          </div>
        </HostedForm>
        <form method="post" action={props.resendAction}>
          <input type="hidden" name="csrf" value={props.csrfToken} />
          <p>
            No mail after a few minutes? Look in your spam folder, or{' '}
            <button type="submit">send a new code</button>
          </p>
        </form>
      </main>
    </Document>
  )
}

/** The hosted reset page of a recovery or activation link: the new password. */
export function ResetPasswordPage(props: {
  action: string
  csrfToken: string
  token: string
  isActivation: boolean
  problem?: AccountProblem | undefined
}) {
  const title = props.isActivation ? 'Choose your password' : 'Choose a new password'
  return (
    <Document title={title}>
      <main className="narrow">
        <h1>{title}</h1>
        <Problem problem={props.problem} />
        <HostedForm action={props.action} csrfToken={props.csrfToken} submit="Save the password">
          <input type="hidden" name="token" value={props.token} />
          <NewPasswordField
            isInvalid={props.problem === 'short-password' || props.problem === 'long-password'}
          />
        </HostedForm>
      </main>
    </Document>
  )
}

/** After a reset: done, every device signed out, and the way back to the shop when there is one. */
export function PasswordChangedPage(props: { returnUrl: string | undefined }) {
  return (
    <Document title="Password saved">
      <main className="narrow">
        <h1>Password saved</h1>
        <p>Your password is saved, and every device that was signed in to your account is signed out.</p>
        {props.returnUrl && (
          <p>
            <a className="button primary" href={props.returnUrl}>
              Back to the shop
            </a>
          </p>
        )}
      </main>
    </Document>
  )
}

/** A member whose account waits for the site owner's approval. */
export function ApprovalPendingPage(props: { siteName: string; returnUrl: string | undefined }) {
  return (
    <Document title={`Waiting for approval · ${props.siteName}`}>
      <main className="narrow">
        <h1>Waiting for approval</h1>
        <p>
          {props.siteName} approves new accounts before they can sign in. We will send you an e-mail as soon
          as yours is approved.
        </p>
        {props.returnUrl && (
          <p>
            <a href={props.returnUrl}>Back to the shop</a>
          </p>
        )}
      </main>
    </Document>
  )
}
