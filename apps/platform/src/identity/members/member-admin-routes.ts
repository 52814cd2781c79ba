import { z } from 'zod'
import type { Api } from '../../http/api.ts'
import { IdParam } from '../../http/validation.ts'
import type { IdentityDeps } from '../identity-deps.ts'
import { readIdentityPolicy, saveIdentityPolicy } from '../identity-policy.ts'
import { IdentitySchema, toWireIdentity } from '../identity-wire.ts'
import { approveMember, blockMember } from './member-moderation.ts'
import { listMembers } from './member-store.ts'

const tag = 'Members (merchant)'
const merchant = { tag, auth: 'merchant', permission: 'members' } as const

/** The statuses the member list filters by: a status, or one of the two reasons for pending. */
export const MemberListStatusSchema = z.enum([
  'PENDING',
  'PENDING_ADMIN_APPROVAL',
  'PENDING_EMAIL_VERIFICATION',
  'ACTIVE',
  'BLOCKED',
  'DELETED',
  'OFFLINE',
])

export const IdentityPolicySchema = z.object({
  emailVerificationRequired: z.boolean(),
  ownerApprovalRequired: z.boolean(),
  captchaRequired: z.boolean(),
})

/**
 * The merchant's side of members (API key with the `members` permission, or the dashboard): list
 * them by status, approve or block one, and read or change the site's identity policy.
 */
export function registerMemberAdminRoutes(api: Api, deps: Pick<IdentityDeps, 'db' | 'clock'>) {
  const { db, clock } = deps

  api.route(
    {
      ...merchant,
      method: 'get',
      path: '/members/v1/members',
      operationId: 'listMembers',
      summary:
        "The site's members, newest first, optionally of one status (PENDING_ADMIN_APPROVAL: waiting for the owner)",
      query: z.object({
        status: MemberListStatusSchema.optional(),
        limit: z.coerce.number().int().min(1).max(100).default(50),
        offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
      }),
      response: z.object({
        members: z.array(IdentitySchema),
        metadata: z.object({ count: z.number(), offset: z.number(), total: z.number() }),
      }),
    },
    async ({ query, caller }) => {
      const page = await listMembers(db, caller.siteId, query)
      return {
        members: page.members.map(toWireIdentity),
        metadata: { count: page.members.length, offset: query.offset, total: page.total },
      }
    },
  )

  for (const [action, change, summary] of [
    [
      'approve',
      approveMember,
      'Approve a member waiting for the owner (or unblock a blocked one); the member is told by e-mail',
    ],
    [
      'block',
      blockMember,
      'Block a member: no more sign-ins, and every session and token of theirs revoked at once',
    ],
  ] as const)
    api.route(
      {
        ...merchant,
        method: 'post',
        path: `/members/v1/members/:id/${action}`,
        operationId: `${action}Member`,
        summary,
        params: IdParam,
        response: z.object({ member: IdentitySchema }),
      },
      async ({ params, caller }) => ({
        member: toWireIdentity(await change(db, { siteId: caller.siteId, memberId: params.id }, clock())),
      }),
    )

  api.route(
    {
      ...merchant,
      method: 'get',
      path: '/members/v1/identity-policy',
      operationId: 'getIdentityPolicy',
      summary: 'What the site asks of new members: e-mail verification, owner approval, captcha',
      response: z.object({ policy: IdentityPolicySchema }),
    },
    async ({ caller }) => ({ policy: await readIdentityPolicy(db, caller.siteId) }),
  )

  api.route(
    {
      ...merchant,
      method: 'patch',
      path: '/members/v1/identity-policy',
      operationId: 'updateIdentityPolicy',
      summary:
        'Change the rules named in policy (the others stay); applies to sign-ups and logins from now on',
      body: z.object({ policy: IdentityPolicySchema.partial() }),
      response: z.object({ policy: IdentityPolicySchema }),
    },
    async ({ body, caller }) => ({
      policy: await saveIdentityPolicy(db, caller.siteId, body.policy, clock()),
    }),
  )
}
