import type { HttpClient } from '../http/create-http-client.js'
import type { ListMyMembershipsResponse, ListPublicPlansResponse } from '../types/membership.js'

/** The member's plans (`/ecom/v1/memberships/my`) and the shop's plans on sale; `client.memberships`. */
export interface MembershipsModule {
  /**
   * Lists the plans the logged-in member holds, newest first, with sessions left and expiry
   * (`GET /v1/memberships/my`). A visitor's token answers none.
   */
  listMyMemberships(): Promise<ListMyMembershipsResponse>
  /**
   * Lists the plans the shop sells, oldest first, for any visitor or member (`GET /v1/plans/public`):
   * price, duration, sessions and what each covers. Buy one with a `paidPlansCheckout` redirect session.
   */
  listPublicPlans(): Promise<ListPublicPlansResponse>
}

/**
 * The memberships module; pass it in `modules` to get `client.memberships`.
 *
 * @example
 * ```ts
 * const client = createClient({ auth, baseUrl, modules: { memberships } })
 * const { memberships: plans } = await client.memberships.listMyMemberships()
 * ```
 */
export function memberships(http: HttpClient): MembershipsModule {
  return {
    listMyMemberships: () => http.request({ method: 'GET', api: 'ecom', path: '/v1/memberships/my' }),
    listPublicPlans: () => http.request({ method: 'GET', api: 'ecom', path: '/v1/plans/public' }),
  }
}
