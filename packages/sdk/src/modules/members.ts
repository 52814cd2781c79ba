import type { HttpClient } from '../http/create-http-client.js'
import type { Identity, UpdateMyMemberOptions } from '../types/identity.js'

/** The logged-in member's own identity (`/identity/v1/members/me`); `client.members`. */
export interface MembersModule {
  /**
   * Reads the logged-in member's identity: e-mail, status and profile (`GET /v1/members/me`).
   *
   * @throws {AisleError} 403 `FORBIDDEN` with a visitor's token (log the member in first).
   */
  getMyMember(): Promise<Identity>
  /**
   * Changes the logged-in member's profile (`PATCH /v1/members/me`): each profile field given replaces
   * the stored one (lists whole), the others stay. With `revision` (from the identity read), a profile
   * changed since is refused.
   *
   * @throws {AisleError} 403 with a visitor's token; a validation error for a bad field; 409 for a stale
   * `revision`.
   */
  updateMyMember(options: UpdateMyMemberOptions): Promise<Identity>
}

/**
 * The members module; pass it in `modules` to get `client.members`.
 *
 * @example
 * ```ts
 * const client = createClient({ auth, baseUrl, modules: { members } })
 * const me = await client.members.getMyMember()
 * await client.members.updateMyMember({ identityProfile: { nickname: 'Ada' }, revision: me.revision })
 * ```
 */
export function members(http: HttpClient): MembersModule {
  const path = '/v1/members/me'
  return {
    getMyMember: () => http.request({ method: 'GET', api: 'identity', path, entity: 'identity' }),
    updateMyMember: (options) =>
      http.request({ method: 'PATCH', api: 'identity', path, body: options, entity: 'identity' }),
  }
}
