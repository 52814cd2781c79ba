import { isAisleError, type LoginResult, TokenRole } from '@aisle/sdk'
import { type AccountForm, toLoginMessage, UNAVAILABLE_MESSAGE } from '../components/account/login-message'
import type { AisleClient } from './aisle.server'

/** What a sign-in or sign-up form answers when it did not sign the shopper in. */
export interface AccountFormRefusal {
  message: string
  /** 400 for what the shopper can fix, 403 for a pending account, 503 when the store could not be reached. */
  status: number
}

/** What the sign-up form collects. */
export interface RegistrationInput {
  email: string
  password: string
  name: string
}

/**
 * Registers a member and signs them in (their tokens replace the visitor's in the session cookie; the
 * platform moves the visitor's cart to them), or says why not in shopper words.
 */
export async function registerMember(
  client: AisleClient,
  { email, password, name }: RegistrationInput,
): Promise<AccountFormRefusal | undefined> {
  const profile = name ? { nickname: name } : undefined
  return completeLogin(client, 'register', () => client.auth.register({ email, password, profile }))
}

/**
 * Logs a member in with e-mail and password and signs them in, or says why not in shopper words. The
 * platform merges the visitor's cart into the member's at the code exchange.
 */
export function loginMember(
  client: AisleClient,
  credentials: { email: string; password: string },
): Promise<AccountFormRefusal | undefined> {
  return completeLogin(client, 'login', () => client.auth.login(credentials))
}

// The direct-login state machine: SUCCESS's session token becomes member tokens on the server (the SDK
// follows the platform's redirect itself and stores them); every other state is a message.
async function completeLogin(
  client: AisleClient,
  form: AccountForm,
  start: () => Promise<LoginResult>,
): Promise<AccountFormRefusal | undefined> {
  try {
    const result = await start()
    if (result.loginState === 'SUCCESS') {
      await client.auth.getMemberTokensForDirectLogin(result.data.sessionToken)
      return undefined
    }
    const status = result.loginState === 'FAILURE' ? 400 : 403
    return { message: toLoginMessage(result, form) ?? UNAVAILABLE_MESSAGE, status }
  } catch (error) {
    // A retryable failure (no answer, 5xx) or a refused code exchange: nothing the shopper typed is wrong.
    if (isAisleError(error)) return { message: UNAVAILABLE_MESSAGE, status: 503 }
    throw error
  }
}

const signedOut = {
  accessToken: { value: '', expiresAt: 0 },
  refreshToken: { value: '', role: TokenRole.NONE },
}

/**
 * Signs the member out and returns where the browser goes next: the platform's logout page (which ends
 * its hosted-login session and returns to `homeUrl`) when the platform accepts `homeUrl` as a return
 * address registered for the client, else `/`. Either way this browser's tokens are gone, so the next
 * request starts a new visitor.
 */
export async function logoutMember(client: AisleClient, homeUrl: string): Promise<string> {
  try {
    const { logoutUrl } = await client.auth.logout(homeUrl)
    return logoutUrl
  } catch {
    // The platform refuses a return address not registered for the client (or cannot be reached):
    // signing out of this storefront must still work.
    await client.auth.setTokens(signedOut)
    return '/'
  }
}
