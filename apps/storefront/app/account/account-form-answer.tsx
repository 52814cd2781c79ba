import { useFetcher } from 'react-router'
import type { AccountFormAnswer } from './account-route.server'
import { useSilentLogin } from './silent-login-form'
import { VerificationCodeForm } from './verification-code-form'

/**
 * What a sign-in or sign-up page shows of its action's answer: the fetcher its forms post through, the
 * answer (the fetcher's with JavaScript, the page's own without), whether a post or the silent login it
 * started is under way, why that silent login failed, and the message to show (that failure first).
 */
export function useAccountFormAnswer(actionData: AccountFormAnswer | undefined) {
  const fetcher = useFetcher<AccountFormAnswer>()
  const answer = fetcher.data ?? actionData
  // The silent login waits for the loaders that follow the form's action to answer. They read the page with
  // the visitor's cookie; the login revokes the visitor's tokens (platform, SECURITY.md T6), so a loader
  // still on its way when the code is exchanged was refused, got a new visitor's tokens and sent them as a
  // cookie that could land after the member's: the shopper was signed out with an empty cart.
  const silentLogin = useSilentLogin(fetcher.state === 'idle' ? answer?.silentLogin : undefined)
  return {
    fetcher,
    answer,
    isSubmitting: fetcher.state !== 'idle' || silentLogin.isRunning,
    silentLoginFailure: silentLogin.failure,
    message: silentLogin.failure ?? answer?.message,
  }
}

/** The page's second step while the shopper has an e-mailed code to type. */
export function ConfirmEmailStep({
  form,
  action,
  returnTo,
  stateToken,
}: {
  form: ReturnType<typeof useAccountFormAnswer>
  action: string
  returnTo: string
  stateToken: string
}) {
  return (
    <section className="account-page">
      <h1>Confirm your e-mail</h1>
      <VerificationCodeForm
        fetcher={form.fetcher}
        action={action}
        returnTo={returnTo}
        email={form.answer?.email ?? ''}
        stateToken={stateToken}
        message={form.answer?.message ?? ''}
        isSubmitting={form.isSubmitting}
      />
    </section>
  )
}
