import type { HttpClient } from '../http/create-http-client.js'
import type { CreateRedirectSessionResponse, RedirectSessionInput } from '../types/redirect-session.js'

/** Redirects to hosted pages (spec section 7, "Redirects"); `client.redirects`. */
export interface RedirectsModule {
  /**
   * Creates a redirect session to a hosted page (checkout, login, logout, a product page, ...) and
   * resolves with the whole answer, `{ redirectSession: { _id, fullUrl, urlDetails, sessionToken } }`:
   * send the visitor to `fullUrl`.
   *
   * @throws {AisleError} as any call (spec section 8).
   */
  createRedirectSession(input: RedirectSessionInput): Promise<CreateRedirectSessionResponse>
}

/**
 * The redirects module; pass it in `modules` to get `client.redirects`.
 *
 * @example
 * ```ts
 * const client = createClient({ auth, baseUrl, modules: { currentCart, redirects } })
 * const { checkoutId } = await client.currentCart.createCheckoutFromCurrentCart({ channelType: 'WEB' })
 * const { redirectSession } = await client.redirects.createRedirectSession({
 *   ecomCheckout: { checkoutId: checkoutId! },
 *   callbacks: { postFlowUrl: location.href },
 * })
 * location.assign(redirectSession!.fullUrl!)
 * ```
 */
export function redirects(http: HttpClient): RedirectsModule {
  return {
    createRedirectSession: (input) =>
      http.request({ method: 'POST', api: 'redirects', path: '/v1/redirect-session', body: input }),
  }
}
