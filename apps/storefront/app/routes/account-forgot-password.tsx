import { data, Link, useFetcher } from 'react-router'
import { readField } from '../account/account-form-fields'
import { requestPasswordReset } from '../account/member-login.server'
import { getAisle } from '../platform/aisle.server'
import { NO_STORE_CACHE_CONTROL } from '../platform/cache-control'
import { requireSameOriginPost, toRequestOrigin } from '../platform/same-origin'
import { toPrivatePageMeta } from '../seo/page-meta'
import type { Route } from './+types/account-forgot-password'

export function meta({ matches }: Route.MetaArgs) {
  return toPrivatePageMeta(matches, 'Reset your password')
}

export function headers(): HeadersInit {
  return { 'Cache-Control': NO_STORE_CACHE_CONTROL }
}

// The link in the e-mail leads to the platform's own reset page; this page only asks for it.
export async function action({ request, context }: Route.ActionArgs) {
  requireSameOriginPost(request)
  const email = readField(await request.formData(), 'email')
  const answer = await requestPasswordReset(getAisle(context).client, email, `${toRequestOrigin(request)}/`)
  return data({ ...answer, email }, { status: answer.status })
}

export default function ForgotPasswordPage({ actionData }: Route.ComponentProps) {
  const fetcher = useFetcher<typeof action>()
  const result = fetcher.data ?? actionData
  const isSubmitting = fetcher.state !== 'idle'
  const isSent = result?.status === 200
  return (
    <section className="account-page">
      <h1>Reset your password</h1>
      <p>Enter the e-mail you signed up with and we’ll send you a link to choose a new password.</p>
      <fetcher.Form
        method="post"
        action="/account/forgot-password"
        className="account-form"
        aria-describedby="reset-message"
      >
        <div className="field">
          <label htmlFor="reset-email">E-mail</label>
          <input
            id="reset-email"
            type="email"
            name="email"
            autoComplete="email"
            required
            maxLength={320}
            defaultValue={result?.email}
          />
        </div>
        <p id="reset-message" role="alert" className={isSent ? 'form-message' : 'form-message form-error'}>
          {isSubmitting ? '' : result?.message}
        </p>
        <button type="submit" className="button" disabled={isSubmitting}>
          {isSubmitting ? 'Sending…' : 'Send the link'}
        </button>
      </fetcher.Form>
      <p>
        <Link to="/account/login">Back to sign in</Link>
      </p>
    </section>
  )
}
