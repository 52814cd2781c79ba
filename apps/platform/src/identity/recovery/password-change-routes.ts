import { z } from 'zod'
import type { Api } from '../../http/api.ts'
import { readCredential } from '../../oauth/authenticate.ts'
import { findTokenFamily } from '../../oauth/token-store.ts'
import type { IdentityDeps } from '../identity-deps.ts'
import { requireMemberCaller } from '../members/profile-routes.ts'
import { changeMemberPassword } from './password-change.ts'

/** `POST /identity/v2/change-password`: the logged-in member sets a new password. */
export function registerPasswordChangeRoutes(api: Api, deps: Pick<IdentityDeps, 'db' | 'clock' | 'hasher'>) {
  api.route(
    {
      method: 'post',
      path: '/identity/v2/change-password',
      operationId: 'changePassword',
      summary:
        'Set the logged-in member’s new password (8 to 256 characters); signs every other device out, keeps this one, and e-mails the member',
      tag: 'Identity',
      auth: 'shopper',
      body: z.object({ newPassword: z.string().max(4_096) }),
      response: z.object({}),
      cacheControl: 'no-store',
    },
    async ({ body, caller }, c) => {
      const member = requireMemberCaller(caller)
      const accessToken = readCredential(c.req.header('authorization'))
      const keepTokenFamily = accessToken ? await findTokenFamily(deps.db, accessToken) : undefined
      await changeMemberPassword(deps, { ...member, keepTokenFamily }, body.newPassword, deps.clock())
      return {}
    },
  )
}
