import { type CaptchaTokens, isAisleError, type LoginResult, TokenRole } from '@aisle/sdk'
import type { AisleClient } from '../platform/aisle.server'
import { findAskedCaptchaInput } from './captcha.server'
import type { CaptchaInput } from './captcha-input'
import {
  type AccountForm,
  CAPTCHA_UNAVAILABLE_MESSAGE,
  toLoginMessage,
  UNAVAILABLE_MESSAGE,
} from './login-message'
import { type SilentLoginStarted, type SilentLoginTarget, startSilentLogin } from './silent-login.server'

/** What a sign-in or sign-up form answers when it did not sign the shopper in. */
export interface AccountFormRefusal {
  message: string
  /** 400 for what the shopper can fix, 403 for a pending account, 503 when the store could not be reached. */
  status: number
  /**
   * Set when the platform e-mailed a verification code: the state token the code is checked against
   * (`verifyMember`), carried by the code form of the same browser.
   */
  stateToken?: string
  /** Set when the platform asked for a captcha answer: how the form asks for it on the next attempt. */
  captcha?: CaptchaInput
}

/**
 * What a sign-in, sign-up or e-mail code post came to: `undefined` when the member is signed in (their
 * tokens are in the session cookie), a refusal in shopper words, or, when the page asked to finish in a
 * hidden frame, the silent login it is to run.
 */
export type AccountFormOutcome = AccountFormRefusal | SilentLoginStarted | undefined

/** Whether an outcome is a silent login for the page to finish. */
export function isSilentLoginStarted(outcome: AccountFormOutcome): outcome is SilentLoginStarted {
  return outcome !== undefined && 'authUrl' in outcome
}

/** What the sign-up form collects. */
export interface RegistrationInput {
  email: string
  password: string
  name: string
  /** The captcha answer, on a site that asks for one (`readCaptchaTokens` of the posted form). */
  captchaTokens?: CaptchaTokens | undefined
}

/** What the sign-in form collects. */
export interface LoginInput {
  email: string
  password: string
  /** The captcha answer, on a site that asks for one (`readCaptchaTokens` of the posted form). */
  captchaTokens?: CaptchaTokens | undefined
}

/**
 * Registers a member and signs them in (their tokens replace the visitor's in the session cookie; the
 * platform moves the visitor's cart to them), or says why not in shopper words. With `silentLogin` the
 * sign-in is left to the page's hidden frame (see {@link AccountFormOutcome}).
 */
export async function registerMember(
  client: AisleClient,
  { email, password, name, captchaTokens }: RegistrationInput,
  silentLogin?: SilentLoginTarget,
): Promise<AccountFormOutcome> {
  const profile = name ? { nickname: name } : undefined
  return completeLogin(
    client,
    'register',
    () => client.auth.register({ email, password, profile, captchaTokens }),
    silentLogin,
  )
}

/**
 * Logs a member in with e-mail and password and signs them in, or says why not in shopper words. The
 * platform merges the visitor's cart into the member's at the code exchange. With `silentLogin` the
 * sign-in is left to the page's hidden frame (see {@link AccountFormOutcome}).
 */
export function loginMember(
  client: AisleClient,
  credentials: LoginInput,
  silentLogin?: SilentLoginTarget,
): Promise<AccountFormOutcome> {
  return completeLogin(client, 'login', () => client.auth.login(credentials), silentLogin)
}

/**
 * Checks the e-mailed verification code of a sign-up or sign-in that stopped at EMAIL_VERIFICATION_REQUIRED
 * and signs the member in, or says why not (a wrong or expired code keeps the state token, so the shopper
 * can type it again). With `silentLogin` the sign-in is left to the page's hidden frame.
 */
export async function verifyMember(
  client: AisleClient,
  { stateToken, code }: { stateToken: string; code: string },
  silentLogin?: SilentLoginTarget,
): Promise<AccountFormOutcome> {
  const outcome = await completeLogin(
    client,
    'verify',
    () =>
      client.auth.processVerification(
        { verificationCode: code },
        { loginState: 'EMAIL_VERIFICATION_REQUIRED', data: { stateToken } },
      ),
    silentLogin,
  )
  // A pending account (403) is past the code; a wrong code or an unreachable store keeps the step.
  if (!outcome || isSilentLoginStarted(outcome) || outcome.status === 403) return outcome
  return { ...outcome, stateToken }
}

// The direct-login state machine. SUCCESS's session token becomes member tokens: on the server (the SDK
// follows the platform's redirect itself and stores them), or, for a page that runs scripts, in the
// shopper's browser through a hidden frame, which also signs the browser in to the platform's hosted
// pages. Every other state is a message.
async function completeLogin(
  client: AisleClient,
  form: AccountForm,
  start: () => Promise<LoginResult>,
  silentLogin: SilentLoginTarget | undefined,
): Promise<AccountFormOutcome> {
  try {
    const result = await start()
    if (result.loginState === 'SUCCESS')
      return await finishLogin(client, form, result.data.sessionToken, silentLogin)
    if (result.loginState === 'USER_CAPTCHA_REQUIRED' || result.loginState === 'SILENT_CAPTCHA_REQUIRED') {
      const captcha = await findAskedCaptchaInput(client)
      const words =
        captcha.kind === 'unavailable' ? CAPTCHA_UNAVAILABLE_MESSAGE : toLoginMessage(result, form)
      return { message: words ?? CAPTCHA_UNAVAILABLE_MESSAGE, status: 400, captcha }
    }
    const message = toLoginMessage(result, form) ?? UNAVAILABLE_MESSAGE
    if (result.loginState === 'EMAIL_VERIFICATION_REQUIRED')
      return { message, status: 403, stateToken: result.data.stateToken }
    return { message, status: result.loginState === 'FAILURE' ? 400 : 403 }
  } catch (error) {
    if (!isAisleError(error)) throw error
    // The platform's limit on attempts from this shopper's address (or on this account): say to wait.
    if (error.status === 429) return { message: TOO_MANY_ATTEMPTS_MESSAGE, status: 429 }
    // A retryable failure (no answer, 5xx) or a refused code exchange: nothing the shopper typed is wrong.
    return { message: UNAVAILABLE_MESSAGE, status: 503 }
  }
}

/**
 * Turns a direct login's session token into the member's tokens. A page's hidden frame needs the platform
 * to know this storefront's address as a redirect URI; when it refuses it (400: the storefront runs at an
 * address its OAuth client lacks), the server exchanges the token itself, which needs no address of ours,
 * and the operator is told. If the exchange fails after a sign-up, the shopper learns their account exists.
 */
async function finishLogin(
  client: AisleClient,
  form: AccountForm,
  sessionToken: string,
  silentLogin: SilentLoginTarget | undefined,
): Promise<AccountFormOutcome> {
  try {
    if (silentLogin) {
      try {
        return await startSilentLogin(client, sessionToken, silentLogin)
      } catch (error) {
        if (!isAisleError(error) || error.status !== 400) throw error
        console.warn(
          `storefront: the platform refuses ${silentLogin.redirectUri} as a redirect URI of the storefront's OAuth client, so sign-in finishes on the server (without the platform's own sign-in session); register this address with the client (npm start registers its own, DEMO_REDIRECT_URIS adds others)`,
        )
      }
    }
    await client.auth.getMemberTokensForDirectLogin(sessionToken)
    return undefined
  } catch (error) {
    if (!isAisleError(error)) throw error
    if (form === 'register') return { message: ACCOUNT_CREATED_NOT_SIGNED_IN_MESSAGE, status: 503 }
    throw error
  }
}

/**
 * The answer to a sign-up whose account the platform created but whose sign-in could not be finished: the
 * account is there, so trying the form again would say the e-mail is taken.
 */
export const ACCOUNT_CREATED_NOT_SIGNED_IN_MESSAGE =
  'Your account is created, but we couldn’t sign you in just now. Please sign in with your e-mail and password.'

/** The answer to a sign-in, sign-up or code refused by the platform's limit on attempts. */
export const TOO_MANY_ATTEMPTS_MESSAGE =
  'There have been too many attempts just now. Please wait a few minutes and try again.'

/** The answer to a password-reset request, in shopper words; the same whether or not the e-mail has an account. */
export const RESET_REQUESTED_MESSAGE =
  'If an account uses that e-mail, we’ve sent it a link to choose a new password. Check your inbox (and spam folder); the link works for one hour.'

/**
 * Asks the platform to e-mail a password-reset link, whose page offers a way back to `homeUrl` when the
 * platform accepts it as a return address registered for the client (else the mail is sent without one).
 * Resolves the shopper's words: the same for any e-mail, so the form reveals no account.
 */
export async function requestPasswordReset(
  client: AisleClient,
  email: string,
  homeUrl: string,
): Promise<AccountFormRefusal> {
  try {
    try {
      await client.auth.sendPasswordResetEmail(email, homeUrl)
    } catch (error) {
      if (!isAisleError(error) || error.status !== 400) throw error
      // Only the return address can be refused (the e-mail is never judged): send the link without it.
      await client.recovery.sendRecoveryEmail({ email })
    }
    return { message: RESET_REQUESTED_MESSAGE, status: 200 }
  } catch (error) {
    if (!isAisleError(error)) throw error
    if (error.status === 429)
      return {
        message: 'You’ve asked for several links just now. Please wait a few minutes and try again.',
        status: 429,
      }
    return { message: UNAVAILABLE_MESSAGE, status: 503 }
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
    // signing out of this storefront must still work, and the member's refresh token must end where
    // the platform can be reached.
    await client.auth.revokeTokens().catch(() => undefined)
    client.auth.setTokens(signedOut)
    return '/'
  }
}
