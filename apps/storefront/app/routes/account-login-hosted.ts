import { isAisleError } from '@aisle/sdk'
import { redirect } from 'react-router'
import { sealOAuthData, serializeOAuthCookie, startHostedLogin } from '../account/hosted-login.server'
import { toSafeReturnPath } from '../account/return-to'
import { getAisle } from '../platform/aisle.server'
import { toSiteUrl } from '../platform/config.server'
import { isHttpsRequest } from '../platform/session-cookie'
import type { Route } from './+types/account-login-hosted'

// Sends the shopper to the platform's hosted login page, keeping the PKCE transaction in a sealed cookie.
// A plain link may start it: another site can only show the shopper the platform's page, never finish a
// login in their browser, since the callback needs this browser's sealed transaction.
export async function loader({ request, context }: Route.LoaderArgs) {
  const aisle = getAisle(context)
  const returnTo = toSafeReturnPath(new URL(request.url).searchParams.get('returnTo'))
  if (await aisle.client.auth.loggedIn()) return redirect(returnTo)
  try {
    const { authUrl, oauthData } = await startHostedLogin(
      aisle.client,
      toSiteUrl(aisle.config, request),
      returnTo,
    )
    return redirect(authUrl, {
      headers: { 'Set-Cookie': serializeOAuthCookie(sealOAuthData(oauthData), isHttpsRequest(request)) },
    })
  } catch (error) {
    if (!isAisleError(error)) throw error
    return redirect(`/callback?error=temporarily_unavailable&returnTo=${encodeURIComponent(returnTo)}`)
  }
}
