import { Link } from 'react-router'
import { ConfirmEmailStep, useAccountFormAnswer } from '../account/account-form-answer'
import { readField } from '../account/account-form-fields'
import { answerAccountForm, loadAccountForm } from '../account/account-route.server'
import { CaptchaField } from '../account/captcha-field'
import { readCaptchaTokens } from '../account/captcha-input'
import { loginMember } from '../account/member-login.server'
import { toAccountFormLink } from '../account/return-to'
import { SilentLoginField } from '../account/silent-login-form'
import { getAisle } from '../platform/aisle.server'
import { NO_STORE_CACHE_CONTROL } from '../platform/cache-control'
import { toPrivatePageMeta } from '../seo/page-meta'
import type { Route } from './+types/account-login'

export function meta({ matches }: Route.MetaArgs) {
  return toPrivatePageMeta(matches, 'Sign in')
}

export function headers(): HeadersInit {
  return { 'Cache-Control': NO_STORE_CACHE_CONTROL }
}

// A member who is already signed in goes straight to where they were going.
export function loader({ request, context }: Route.LoaderArgs) {
  return loadAccountForm(request, context)
}

export function action({ request, context }: Route.ActionArgs) {
  return answerAccountForm(request, context, 'login', async (form, silentLogin) => {
    const email = readField(form, 'email')
    const password = readField(form, 'password', { trim: false })
    const captchaTokens = readCaptchaTokens(form)
    const client = getAisle(context).client
    const outcome = await loginMember(client, { email, password, captchaTokens }, silentLogin)
    return { fields: { email }, outcome }
  })
}

export default function LoginPage({ loaderData, actionData }: Route.ComponentProps) {
  const form = useAccountFormAnswer(actionData)
  const { fetcher, answer: result, isSubmitting, message } = form
  const registerLink = toAccountFormLink('/account/register', loaderData.returnTo)
  if (result?.stateToken)
    return (
      <ConfirmEmailStep
        form={form}
        action="/account/login"
        returnTo={loaderData.returnTo}
        stateToken={result.stateToken}
      />
    )
  return (
    <section className="account-page">
      <h1>Sign in</h1>
      <fetcher.Form
        method="post"
        action="/account/login"
        className="account-form"
        aria-describedby="login-message"
      >
        <input type="hidden" name="returnTo" value={loaderData.returnTo} />
        <SilentLoginField />
        <div className="field">
          <label htmlFor="login-email">E-mail</label>
          <input
            id="login-email"
            type="email"
            name="email"
            autoComplete="username"
            required
            maxLength={320}
            defaultValue={result?.email}
            aria-invalid={message ? true : undefined}
          />
        </div>
        <div className="field">
          <label htmlFor="login-password">Password</label>
          <input
            id="login-password"
            type="password"
            name="password"
            autoComplete="current-password"
            required
            maxLength={256}
            aria-invalid={message ? true : undefined}
          />
        </div>
        <CaptchaField
          captcha={result?.captcha ?? loaderData.captcha}
          isInvalid={Boolean(result?.captcha)}
          answer={result}
        />
        <p id="login-message" role="alert" className="form-message form-error">
          {isSubmitting ? '' : message}
        </p>
        <button type="submit" className="button" disabled={isSubmitting}>
          {isSubmitting ? 'Signing in…' : 'Sign in'}
        </button>
      </fetcher.Form>
      <p>
        <Link to={toAccountFormLink('/account/login/hosted', loaderData.returnTo)} reloadDocument>
          Sign in on the shop’s account site
        </Link>
      </p>
      <p>
        <Link to="/account/forgot-password">Forgot your password?</Link>
      </p>
      <p>
        New here? <Link to={registerLink}>Create an account</Link>
      </p>
    </section>
  )
}
