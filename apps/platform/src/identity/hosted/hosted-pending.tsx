import type { Context } from 'hono'
import type { AppEnv } from '../../http/api.ts'
import { shopHomeOf } from '../../redirects/hosted/redirect-session-brand.ts'
import type { RedirectSession } from '../../redirects/redirect-session-store.ts'
import { getSite } from '../../sites/site-store.ts'
import type { IdentityDeps } from '../identity-deps.ts'
import type { AuthState } from '../identity-wire.ts'
import { type FlowSubject, startEmailVerification } from '../members/email-verification.ts'
import { ApprovalPendingPage } from './account-pages.tsx'
import { isHttps, verificationCookie } from './hosted-cookies.ts'
import { hostedRedirect, MessagePage, renderHostedPage } from './hosted-pages.tsx'

/** The hosted code entry of a redirect session. */
export const VERIFY_EMAIL_PATH = '/_auth/verify-email'
/** The hosted sign-up of a redirect session, linked from its login form. */
export const HOSTED_SIGN_UP_PATH = '/_auth/signup'
/** The hosted forgot-password form of a redirect session, linked from its login form. */
export const HOSTED_FORGOT_PASSWORD_PATH = '/_auth/forgot-password'

/** A hosted page's path for a redirect session (its token in `session`). */
export function withSession(path: string, sessionToken: string): string {
  return `${path}?${new URLSearchParams({ session: sessionToken })}`
}

/**
 * Sends the browser to the code entry of a verification flow: the state token rides in an HttpOnly
 * cookie, never in a URL.
 */
export function toCodeEntry(
  c: Context<AppEnv>,
  deps: Pick<IdentityDeps, 'publicUrl'>,
  sessionToken: string,
  stateToken: string,
) {
  return hostedRedirect(withSession(VERIFY_EMAIL_PATH, sessionToken), 303, [
    verificationCookie(stateToken, isHttps(c, deps.publicUrl)),
  ])
}

/** The page of a member who waits for the site owner. */
export async function approvalPendingPage(deps: Pick<IdentityDeps, 'db'>, session: RedirectSession) {
  const site = await getSite(deps.db, session.siteId)
  return renderHostedPage(<ApprovalPendingPage siteName={site.name} returnUrl={shopHomeOf(session)} />)
}

/**
 * What a hosted sign-in or sign-up does for a member whose password is right but who may not sign in
 * yet: a new verification flow (its code e-mailed) and the code entry, or the approval-pending page.
 * `stateToken` is a flow started already (a registration's).
 */
export async function continuePendingSignIn(
  c: Context<AppEnv>,
  deps: Pick<IdentityDeps, 'db' | 'clock' | 'publicUrl'>,
  pending: {
    session: RedirectSession
    sessionToken: string
    subject: FlowSubject
    state: Exclude<AuthState, 'SUCCESS'>
    stateToken?: string | undefined
  },
): Promise<Response> {
  const { session } = pending
  if (pending.state === 'REQUIRE_EMAIL_VERIFICATION') {
    const stateToken =
      pending.stateToken ?? (await startEmailVerification(deps.db, session, pending.subject, deps.clock()))
    return toCodeEntry(c, deps, pending.sessionToken, stateToken)
  }
  if (pending.state === 'REQUIRE_OWNER_APPROVAL') return approvalPendingPage(deps, session)
  return renderHostedPage(
    <MessagePage title="Account not ready" message="Your account cannot sign in yet." />,
    {
      status: 403,
    },
  )
}
