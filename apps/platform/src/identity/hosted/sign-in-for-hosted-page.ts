import type { Context } from 'hono'
import type { Db } from '../../db/db.ts'
import type { AppEnv } from '../../http/api.ts'
import { HOSTED_PAGE_PATHS } from '../../redirects/redirect-session-routes.ts'
import { createRedirectSession, type RedirectSession } from '../../redirects/redirect-session-store.ts'
import { findSessionShopper } from '../../redirects/session-shopper.ts'
import { readHostedSessionCookie } from './hosted-cookies.ts'
import { HOSTED_SIGN_UP_PATH, withSession } from './hosted-pending.tsx'
import { findHostedSession } from './hosted-session-store.ts'

/**
 * The member this browser is signed in as on the site's hosted pages (the hosted-login cookie, while its
 * session lives and the member is active), if any: who a hosted page opened by a visitor acts for once
 * they have signed in there.
 */
export async function findBrowserMember(
  c: Context<AppEnv>,
  db: Db,
  siteId: string,
  now: Date,
): Promise<string | undefined> {
  const cookie = readHostedSessionCookie(c, siteId)
  const hosted = cookie ? await findHostedSession(db, cookie, siteId, now) : undefined
  return hosted?.memberId
}

/**
 * The member a hosted page of `session` acts for: the session's own member (active), or, for a visitor's
 * session, the member this browser signed in as on the hosted login (`findBrowserMember`); `undefined`
 * for a visitor (decision 046's addendum; the bookings checkout's plans, decision 085).
 */
export async function findHostedBuyer(
  c: Context<AppEnv>,
  db: Db,
  session: RedirectSession,
  now: Date,
): Promise<string | undefined> {
  if (session.creator.role === 'member') {
    const shopper = await findSessionShopper(db, session)
    return shopper?.kind === 'member' ? shopper.subjectId : undefined
  }
  return findBrowserMember(c, db, session.siteId, now)
}

/**
 * The hosted login (or sign-up) for a visitor on another hosted page (a plan's checkout): a `login`
 * session of the same site, client and visitor whose post-flow URL is that page (`returnUrl`, the
 * platform's own), so the browser comes back to it signed in. Returns the path of the form.
 */
export async function startSignInFor(
  db: Db,
  from: RedirectSession,
  options: { returnUrl: string; form: 'login' | 'signup'; now: Date },
): Promise<string> {
  const { token } = await createRedirectSession(
    db,
    {
      siteId: from.siteId,
      clientId: from.clientId,
      kind: 'login',
      creator: from.creator,
      input: {},
      callbacks: { postFlowUrl: options.returnUrl },
      preferences: from.preferences,
      memberSessionTokenHash: undefined,
    },
    options.now,
  )
  return withSession(options.form === 'signup' ? HOSTED_SIGN_UP_PATH : HOSTED_PAGE_PATHS.login, token)
}
