import type { OAuthData } from '@aisle/sdk'
import type { AisleClient } from '../platform/aisle.server'
import type { HostedLoginFailure } from './hosted-login.server'

/** Where a silent login's code is bound and where the shopper goes once signed in. */
export interface SilentLoginTarget {
  /** The storefront's registered redirect URI (`<storefront>/callback`): the frame posts to its origin. */
  redirectUri: string
  /** The same-origin path to go to afterwards. */
  originalUri: string
}

/** A sign-in the page finishes in a hidden frame: the frame's URL, and the transaction to seal for the finish. */
export interface SilentLoginStarted {
  authUrl: string
  oauthData: OAuthData
}

/**
 * Starts the silent login of a direct login's SUCCESS: a new PKCE transaction bound to `target`, and the
 * platform's authorize URL that turns `sessionToken` into a code without a page (prompt `none`) and posts
 * it to the storefront's origin (response mode `web_message`). Loading it in the shopper's browser also
 * signs the browser in to the platform's hosted pages. Nothing is exchanged here: the page brings the code
 * back to `/account/login/silent`, which opens the sealed transaction and exchanges it.
 *
 * @throws {AisleError} when the platform cannot create the redirect session.
 */
export async function startSilentLogin(
  client: AisleClient,
  sessionToken: string,
  target: SilentLoginTarget,
): Promise<SilentLoginStarted> {
  const oauthData = await client.auth.generateOAuthData(target.redirectUri, target.originalUri)
  const { authUrl } = await client.auth.getAuthUrl(oauthData, {
    prompt: 'none',
    responseMode: 'web_message',
    sessionToken,
  })
  return { authUrl, oauthData }
}

const accountSiteAlternative = 'You can also sign in on the shop’s account site.'

/** The words the page shows when the finishing post did not sign the shopper in; each offers the account site. */
export const SILENT_LOGIN_MESSAGES: Record<HostedLoginFailure, string> = {
  cancelled: `The store couldn’t sign you in this time. ${accountSiteAlternative}`,
  expired: `Signing in took too long or was already finished, so we stopped it. Please sign in again. ${accountSiteAlternative}`,
  mismatch: `We couldn’t confirm that this sign-in was started here, so we stopped it to keep your account safe. ${accountSiteAlternative}`,
  unavailable: `We couldn’t reach the store to finish signing you in. Please try again in a moment. ${accountSiteAlternative}`,
  refused: `The store couldn’t sign you in this time. ${accountSiteAlternative}`,
}
