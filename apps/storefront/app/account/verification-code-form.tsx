import type { FetcherWithComponents } from 'react-router'
import { SilentLoginField } from './silent-login-form'

/**
 * The second step of a sign-up or sign-in on a site that confirms e-mails: the code the platform e-mailed,
 * checked against the state token of the first step. Posts to the same page with `intent=verify`; once the
 * page runs its scripts, the sign-in that follows a good code runs in the page's hidden frame.
 */
export function VerificationCodeForm({
  fetcher,
  action,
  returnTo,
  email,
  stateToken,
  message,
  isSubmitting,
}: {
  fetcher: FetcherWithComponents<unknown>
  action: string
  returnTo: string
  email: string
  stateToken: string
  message: string
  isSubmitting: boolean
}) {
  return (
    <fetcher.Form method="post" action={action} className="account-form" aria-describedby="verify-message">
      <input type="hidden" name="intent" value="verify" />
      <input type="hidden" name="returnTo" value={returnTo} />
      <input type="hidden" name="stateToken" value={stateToken} />
      <input type="hidden" name="email" value={email} />
      <SilentLoginField />
      <p id="verify-message" role="alert" className="form-message">
        {isSubmitting ? '' : message}
      </p>
      <div className="field">
        <label htmlFor="verify-code">Code from the e-mail{email ? ` sent to ${email}` : ''}</label>
        <input
          id="verify-code"
          type="text"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9 ]*"
          required
          maxLength={20}
        />
      </div>
      <button type="submit" className="button" disabled={isSubmitting}>
        {isSubmitting ? 'Confirming…' : 'Confirm e-mail'}
      </button>
    </fetcher.Form>
  )
}
