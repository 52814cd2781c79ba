import type { HttpClient } from '../http/create-http-client.js'
import type { ListMyMembershipsResponse } from '../types/membership.js'

/** The member's plans (`/ecom/v1/memberships/my`); `client.memberships`. */
export interface MembershipsModule {
  /**
   * Lists the plans the logged-in member holds, newest first, with sessions left and expiry
   * (`GET /v1/memberships/my`). A visitor's token answers none.
   */
  listMyMemberships(): Promise<ListMyMembershipsResponse>
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
  }
}
