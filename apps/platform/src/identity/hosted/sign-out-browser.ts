import { revokeTokensOfHostedSession } from '../../oauth/authorization-code-store.ts'
import type { IdentityDeps } from '../identity-deps.ts'
import { hostedSessionCookie } from './hosted-cookies.ts'
import { revokeHostedSession } from './hosted-session-store.ts'

/**
 * Signs the browser out of the hosted pages: every hosted-login session its cookies name (site id to
 * cookie value) is revoked, with the tokens issued through it (SECURITY.md O2), and the cookies are
 * deleted. Returns the `Set-Cookie` values.
 */
export async function signOutBrowser(
  deps: Pick<IdentityDeps, 'db' | 'clock'>,
  cookies: ReadonlyMap<string, string>,
  secure: boolean,
): Promise<string[]> {
  const now = deps.clock()
  const setCookies: string[] = []
  for (const [siteId, sessionId] of cookies) {
    const idHash = await revokeHostedSession(deps.db, sessionId, now)
    if (idHash) await revokeTokensOfHostedSession(deps.db, idHash, now)
    setCookies.push(hostedSessionCookie(siteId, '', secure))
  }
  return setCookies
}
