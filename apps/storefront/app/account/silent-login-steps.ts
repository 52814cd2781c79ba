import type { AccountForm } from './login-message'

/** The storefront route a page posts the silent login's code and state to, to finish signing in. */
export const SILENT_LOGIN_PATH = '/account/login/silent'

/**
 * The hidden field (and its value) a hydrated page adds to its account forms: finish a sign-in in a
 * hidden frame. Without it (no JavaScript) the action finishes on the server, as a plain form must.
 */
export const FINISH_FIELD = 'finish'
export const FINISH_IN_FRAME = 'frame'

/**
 * How long the page waits for the platform's frame: the platform answers at once or not at all, and a
 * shopper should not wait the SDK's two minutes to be told to use the account site.
 */
export const SILENT_LOGIN_TIMEOUT_MS = 30_000

/** What an account form's action answers when the page is to finish the sign-in in a hidden frame. */
export interface SilentLoginStart {
  /** The platform's authorize page (prompt none, response mode web_message) for the hidden frame. */
  authUrl: string
  /** The transaction's state: the frame's answer must carry it, and the finishing post too. */
  state: string
  /** The form whose success this is: the words of a failure differ a little. */
  form: AccountForm
}

/** The code the frame brought back, posted to {@link SILENT_LOGIN_PATH}. */
export interface SilentLoginAnswer {
  code: string
  state: string
}

/** The page's two steps, given as arguments so that they can be tested without a browser. */
export interface SilentLoginSteps {
  /** Runs the hidden frame (`runSilentAuthorization` of `@aisle/sdk/browser`). */
  authorize(authUrl: string, state: string): Promise<SilentLoginAnswer>
  /** Posts the code and state to the storefront, which exchanges them and sends the shopper on. */
  finish(answer: SilentLoginAnswer): Promise<unknown>
}

const frameFailureWords: Record<AccountForm, string> = {
  login: 'We couldn’t finish signing you in on this page. Please sign in on the shop’s account site instead.',
  register:
    'Your account is ready, but we couldn’t sign you in on this page. Please sign in on the shop’s account site.',
  verify:
    'Your e-mail is confirmed, but we couldn’t sign you in on this page. Please sign in on the shop’s account site.',
}

/**
 * Runs the page's part of a silent login: the hidden frame, then the post of its code and state to the
 * storefront. Resolves the shopper's words when the frame failed (timed out, refused, could not run) or
 * the post could not be sent, else `undefined` once the post is answered; the shopper is then still a
 * guest on the storefront, or signed in and on their way.
 */
export async function runSilentLogin(
  start: SilentLoginStart,
  steps: SilentLoginSteps,
): Promise<string | undefined> {
  let answer: SilentLoginAnswer
  try {
    answer = await steps.authorize(start.authUrl, start.state)
  } catch {
    return frameFailureWords[start.form]
  }
  try {
    await steps.finish({ code: answer.code, state: answer.state })
    return undefined
  } catch {
    return frameFailureWords[start.form]
  }
}
