// Part of the `@aisle/sdk/browser` entry, never of the main one: it imports the error class itself, which
// the main entry's lazy member flows must not (see member-flows.ts).
import { AisleError, invalidArgument } from '../http/aisle-error.js'
import { toUpperSnakeCase } from '../http/status-text.js'
import { runFrameAuthorization, silentLoginTimeoutMs } from './run-frame-authorization.js'

/** Options of {@link runSilentAuthorization}. */
export interface SilentAuthorizationOptions {
  /** How long to wait for the platform's answer, in milliseconds; 120,000 (spec section 9) by default. */
  timeoutMs?: number
}

/** What a silent authorization brings back: the code to exchange and the state it was issued with. */
export interface SilentAuthorizationResponse {
  code: string
  state: string
}

// setTimeout fires at once for a delay past a signed 32-bit integer.
const MAX_TIMEOUT_MS = 2_147_483_647

/**
 * Runs a silent login in the page (spec section 2): loads `authUrl` in a hidden iframe and waits for the
 * platform to post the authorization response, then resolves the code with its state. `authUrl` comes
 * from `client.auth.getAuthUrl(oauthData, { prompt: 'none', responseMode: 'web_message', sessionToken? })`,
 * which may run on a server; `state` is `oauthData.state`. Exchange the code where the `oauthData`
 * is kept, with `client.auth.getMemberTokens(code, state, oauthData)`.
 *
 * Only a message from the exact origin of `authUrl`, from that iframe's window, shaped
 * `{ type: 'authorization_response', response }` and carrying `state` counts; the iframe and the listener
 * are removed however it ends. When `authUrl` carries a direct login's session token, the platform also
 * signs the browser in to its hosted pages, wherever the browser keeps a cookie set in a frame (the
 * storefront and the platform on one site, or third-party cookies allowed).
 *
 * @throws {AisleError} `INVALID_ARGUMENT` for an `authUrl` that is not an absolute http(s) URL, an empty
 * `state` or a `timeoutMs` that is not a positive number; `UNSUPPORTED` outside a browser or on a
 * cross-origin isolated page; the error the platform posted, by its OAuth code in upper snake case
 * (`LOGIN_REQUIRED` when the browser is not signed in and no session token was given); `TIMEOUT` with
 * `OAuth flow timed out` when no answer came in time.
 * @see https://www.rfc-editor.org/rfc/rfc9700#section-4.18 (the `web_message` response mode)
 * @example
 * ```ts
 * import { runSilentAuthorization } from '@aisle/sdk/browser'
 *
 * // `authUrl` and `state` come from the server, which keeps the PKCE data of the transaction.
 * const { code, state } = await runSilentAuthorization(authUrl, transactionState)
 * await fetch('/login/finish', { method: 'POST', body: new URLSearchParams({ code, state }) })
 * ```
 */
export async function runSilentAuthorization(
  authUrl: string,
  state: string,
  options: SilentAuthorizationOptions = {},
): Promise<SilentAuthorizationResponse> {
  const { timeoutMs = silentLoginTimeoutMs } = options
  if (!isHttpUrl(authUrl)) throw invalidArgument('"authUrl" must be an absolute http(s) URL')
  if (typeof state !== 'string' || state === '') throw invalidArgument('"state" must be a non-empty string')
  if (typeof timeoutMs !== 'number' || !(timeoutMs > 0) || timeoutMs > MAX_TIMEOUT_MS)
    throw invalidArgument(`"timeoutMs" must be a number of milliseconds between 1 and ${MAX_TIMEOUT_MS}`)
  if (typeof window === 'undefined' || typeof document === 'undefined')
    throw new AisleError({ code: 'UNSUPPORTED', message: 'A silent login runs in a browser page only' })
  const response = await runFrameAuthorization(authUrl, state, { AisleError, toUpperSnakeCase }, timeoutMs)
  // The frame settles with a code only when it came with this very state.
  if (!response.code) throw new AisleError({ code: 'INVALID_STATE', message: 'Missing code or _state' })
  return { code: response.code, state }
}

function isHttpUrl(value: unknown): value is string {
  if (typeof value !== 'string' || !URL.canParse(value)) return false
  const { protocol } = new URL(value)
  return protocol === 'http:' || protocol === 'https:'
}
