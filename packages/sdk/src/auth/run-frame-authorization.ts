// Loaded with the member flows, so it imports types only (see member-flows.ts).
import type { AisleError } from '../http/aisle-error.js'
import { type ErrorKit, toAuthorizationError } from './authorization-error.js'
import type { AuthorizationResponse } from './parse-authorization-response.js'

/** How long a silent login waits for the platform's answer (spec section 9): 2 minutes. */
export const silentLoginTimeoutMs = 120_000

/**
 * Runs a silent login in the browser: loads `authUrl` (response mode `web_message`, prompt `none`) in a
 * hidden iframe and waits for the platform to post the authorization response to this window.
 *
 * A message counts only when it comes from the exact origin of `authUrl`, from that iframe's window,
 * has the shape `{ type: 'authorization_response', response }` and carries `state` (an error may leave
 * `state` out); every other message is ignored. A code resolves; an error rejects at once; after
 * `timeoutMs` it rejects with `OAuth flow timed out`. Either way the listener and the iframe are removed.
 * `kit` holds the SDK's error tools, passed in rather than imported (see member-flows.ts).
 *
 * @throws {AisleError} the error the platform posted (`LOGIN_REQUIRED`...), `TIMEOUT` `OAuth flow timed
 * out`, or `UNSUPPORTED` on a cross-origin isolated page, where such an iframe cannot load.
 */
export function runFrameAuthorization(
  authUrl: string,
  state: string,
  kit: ErrorKit,
  timeoutMs = silentLoginTimeoutMs,
): Promise<AuthorizationResponse> {
  const { AisleError } = kit
  if (globalThis.crossOriginIsolated) {
    return Promise.reject(
      new AisleError({
        code: 'UNSUPPORTED',
        message: 'A silent login cannot run on a cross-origin isolated page',
      }),
    )
  }
  const origin = new URL(authUrl).origin
  return new Promise((resolve, reject) => {
    const frame = document.createElement('iframe')
    const finish = (error: AisleError | undefined, response?: AuthorizationResponse) => {
      clearTimeout(timer)
      window.removeEventListener('message', listen)
      frame.remove()
      if (error) reject(error)
      else resolve(response ?? {})
    }
    function listen(event: MessageEvent) {
      const { data } = event
      if (
        event.origin !== origin ||
        event.source !== frame.contentWindow ||
        data?.type !== 'authorization_response'
      ) {
        return
      }
      const response: unknown = data.response
      if (typeof response !== 'object' || response === null) return
      const { code, error, state: answered } = response as Record<string, unknown>
      if (typeof error === 'string' && (answered === undefined || answered === state)) {
        finish(toAuthorizationError(response as AuthorizationResponse, kit))
      } else if (typeof code === 'string' && answered === state) {
        finish(undefined, { code, state })
      }
    }
    const timer = setTimeout(
      () => finish(new AisleError({ code: 'TIMEOUT', message: 'OAuth flow timed out' })),
      timeoutMs,
    )
    window.addEventListener('message', listen)
    frame.style.display = 'none'
    frame.src = authUrl
    document.body.appendChild(frame)
  })
}
