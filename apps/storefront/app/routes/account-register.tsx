import { Link } from 'react-router'
import { ConfirmEmailStep, useAccountFormAnswer } from '../account/account-form-answer'
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, readField } from '../account/account-form-fields'
import { answerAccountForm, loadAccountForm } from '../account/account-route.server'
import { CaptchaField } from '../account/captcha-field'
import { readCaptchaTokens } from '../account/captcha-input'
import { registerMember } from '../account/member-login.server'
import { toAccountFormLink } from '../account/return-to'
import { SilentLoginField } from '../account/silent-login-form'
import { getAisle } from '../platform/aisle.server'
import { NO_STORE_CACHE_CONTROL } from '../platform/cache-control'
import { toPrivatePageMeta } from '../seo/page-meta'
import type { Route } from './+types/account-register'

export function meta({ matches }: Route.MetaArgs) {
  return toPrivatePageMeta(matches, 'Create an account')
}

export function headers(): HeadersInit {
  return { 'Cache-Control': NO_STORE_CACHE_CONTROL }
}

export function loader({ request, context }: Route.LoaderArgs) {
  return loadAccountForm(request, context)
}

export function action({ request, context }: Route.ActionArgs) {
  return answerAccountForm(request, context, 'register', async (form, silentLogin) => {
    const email = readField(form, 'email')
    const name = readField(form, 'name').slice(0, 100)
    const password = readField(form, 'password', { trim: false })
    const fields = { email, name }
    if (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH) {
      const message = `Please choose a password of ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters.`
      return { fields, outcome: { message, status: 400 } }
    }
    const client = getAisle(context).client
    const captchaTokens = readCaptchaTokens(form)
    const input = { email, password, name, captchaTokens }
    return { fields, outcome: await registerMember(client, input, silentLogin) }
  })
}

export default function RegisterPage({ loaderData, actionData }: Route.ComponentProps) {
  const form = useAccountFormAnswer(actionData)
  const { fetcher, answer: result, isSubmitting, message, silentLoginFailure } = form
  const loginLink = toAccountFormLink('/account/login', loaderData.returnTo)
  if (result?.stateToken)
    return (
      <ConfirmEmailStep
        form={form}
        action="/account/register"
        returnTo={loaderData.returnTo}
        stateToken={result.stateToken}
      />
    )
  return (
    <section className="account-page">
      <h1>Create an account</h1>
      <fetcher.Form
        method="post"
        action="/account/register"
        className="account-form"
        aria-describedby="register-message"
      >
        <input type="hidden" name="returnTo" value={loaderData.returnTo} />
        <SilentLoginField />
        <div className="field">
          <label htmlFor="register-name">Name</label>
          <input
            id="register-name"
            type="text"
            name="name"
            autoComplete="name"
            maxLength={100}
            defaultValue={result?.name}
          />
        </div>
        <div className="field">
          <label htmlFor="register-email">E-mail</label>
          <input
            id="register-email"
            type="email"
            name="email"
            autoComplete="email"
            required
            maxLength={320}
            defaultValue={result?.email}
          />
        </div>
        <div className="field">
          <label htmlFor="register-password">Password</label>
          <input
            id="register-password"
            type="password"
            name="password"
            autoComplete="new-password"
            required
            minLength={PASSWORD_MIN_LENGTH}
            maxLength={PASSWORD_MAX_LENGTH}
            aria-describedby="register-password-hint"
          />
          <span id="register-password-hint" className="field-hint">
            At least {PASSWORD_MIN_LENGTH} characters.
          </span>
        </div>
        <CaptchaField
          captcha={result?.captcha ?? loaderData.captcha}
          isInvalid={Boolean(result?.captcha)}
          answer={result}
        />
        <p id="register-message" role="alert" className="form-message form-error">
          {isSubmitting ? '' : message}
        </p>
        {silentLoginFailure || result?.captcha?.kind === 'unavailable' ? (
          <p>
            <Link to={toAccountFormLink('/account/login/hosted', loaderData.returnTo)} reloadDocument>
              Sign in on the shop’s account site
            </Link>
          </p>
        ) : null}
        <button type="submit" className="button" disabled={isSubmitting}>
          {isSubmitting ? 'Creating your account…' : 'Create account'}
        </button>
      </fetcher.Form>
      <p>
        Already have an account? <Link to={loginLink}>Sign in</Link>
      </p>
    </section>
  )
}
