import { z } from 'zod'
import type { Api } from '../../http/api.ts'
import type { ShopperCaller } from '../../http/caller.ts'
import { ApplicationError } from '../../http/errors.ts'
import type { IdentityDeps } from '../identity-deps.ts'
import { IdentityProfileInput, IdentitySchema, toWireIdentity } from '../identity-wire.ts'
import { changeMemberProfile } from './member-profile.ts'
import { findMemberById } from './member-store.ts'

const tag = 'Identity'
const IdentityAnswer = z.object({ identity: IdentitySchema })

/** The member a member's token proves; 403 for a visitor's. */
export function requireMemberCaller(caller: ShopperCaller): { siteId: string; memberId: string } {
  if (caller.kind !== 'member')
    throw new ApplicationError(
      'FORBIDDEN',
      'This call is for a logged-in member: use a member’s access token',
    )
  return { siteId: caller.siteId, memberId: caller.subjectId }
}

/**
 * The member's own identity (spec section 3, "Identity"): `GET /identity/v1/members/me` reads it,
 * `PATCH /identity/v1/members/me` changes the profile (names, e-mails, phones and addresses with their
 * tags, privacy status, custom fields of every value kind). The spec names no path for these; they sit
 * with the other identity calls and act on the caller only.
 */
export function registerProfileRoutes(api: Api, deps: Pick<IdentityDeps, 'db' | 'clock'>) {
  api.route(
    {
      method: 'get',
      path: '/identity/v1/members/me',
      operationId: 'getMyIdentity',
      summary: 'The logged-in member’s identity: e-mail, status and profile (a member’s token only)',
      tag,
      auth: 'shopper',
      response: IdentityAnswer,
      cacheControl: 'no-store',
    },
    async ({ caller }) => {
      const me = requireMemberCaller(caller)
      const member = await findMemberById(deps.db, me.siteId, me.memberId)
      if (!member) throw new ApplicationError('MEMBER_NOT_FOUND', 'The member does not exist')
      return { identity: toWireIdentity(member) }
    },
  )

  api.route(
    {
      method: 'patch',
      path: '/identity/v1/members/me',
      operationId: 'updateMyIdentity',
      summary:
        'Change the logged-in member’s profile: each field given replaces the stored one (lists whole), the others stay; with revision, a profile changed since is refused (409)',
      tag,
      auth: 'shopper',
      body: z.object({
        identityProfile: IdentityProfileInput,
        revision: z
          .string()
          .max(30)
          .optional()
          .describe('the revision of the identity this change was made on'),
      }),
      response: IdentityAnswer,
      cacheControl: 'no-store',
    },
    async ({ body, caller }) => {
      const member = await changeMemberProfile(deps.db, requireMemberCaller(caller), body, deps.clock())
      return { identity: toWireIdentity(member) }
    },
  )
}
