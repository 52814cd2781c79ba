import { z } from 'zod'
import type { Api } from '../../http/api.ts'
import { ApplicationError } from '../../http/errors.ts'
import { IdParam } from '../../http/validation.ts'
import { readIdentityPolicy, saveIdentityPolicy } from '../../identity/identity-policy.ts'
import { MemberListStatusSchema } from '../../identity/members/member-admin-routes.ts'
import { approveMember, blockMember } from '../../identity/members/member-moderation.ts'
import {
  listMemberSummaries,
  type MemberListStatus,
  type MemberSort,
  memberSorts,
} from '../../identity/members/member-store.ts'
import { findMembershipsOfMembers } from '../../plans/membership-store.ts'
import { renderDashboardPage, seeOther } from '../dashboard-layout.tsx'
import { noticeText, withNotice } from '../notices.ts'
import { createDashboardRoutes } from '../owner-routes.ts'
import type { DashboardDeps, Owner } from '../session/owner-session.ts'
import { MembersPage } from './member-pages.tsx'

/** Members per page of the list. */
export const MEMBERS_PAGE_SIZE = 50

const MembersQuery = z.object({
  status: MemberListStatusSchema.optional(),
  q: z.string().max(200).optional(),
  sort: z.enum(memberSorts).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  notice: z.string().max(40).optional(),
})

/**
 * The members page of the dashboard: the site's members with their status, the owner's approval and
 * block (the same domain functions as the merchant API's `/members/v1` calls), and the identity policy
 * (e-mail verification, owner approval, captcha).
 */
export function registerMemberPages(api: Api, deps: DashboardDeps) {
  const { db, clock } = deps
  const { page, form: postForm } = createDashboardRoutes(api, deps)

  async function membersPage(
    owner: Owner,
    view: {
      status?: MemberListStatus | undefined
      q?: string | undefined
      sort?: MemberSort | undefined
      page?: number
      notice?: string
      problem?: string
    },
    status = 200,
  ) {
    const siteId = owner.session.siteId
    const current = view.page ?? 1
    const list = await listMemberSummaries(db, siteId, {
      status: view.status,
      q: view.q,
      sort: view.sort,
      limit: MEMBERS_PAGE_SIZE,
      offset: (current - 1) * MEMBERS_PAGE_SIZE,
    })
    const memberships = await findMembershipsOfMembers(
      db,
      siteId,
      list.members.map((member) => member.id),
    )
    return renderDashboardPage(
      <MembersPage
        owner={owner}
        members={list.members}
        memberships={memberships}
        now={clock()}
        total={list.total}
        page={current}
        pageSize={MEMBERS_PAGE_SIZE}
        view={{ status: view.status, q: view.q ?? '', sort: view.sort ?? 'newest' }}
        policy={await readIdentityPolicy(db, siteId)}
        notice={view.notice}
        problem={view.problem}
      />,
      deps,
      status,
    )
  }

  page(
    {
      path: '/dashboard/members',
      operationId: 'dashboardMembers',
      summary:
        "The site's members (customers) with their orders and spend, searched, filtered by status and sorted in the URL, with approve and block, and the sign-up rules",
      query: MembersQuery,
    },
    async (owner, { query }) => membersPage(owner, { ...query, notice: noticeText(query.notice) }),
  )

  postForm(
    {
      path: '/dashboard/members/policy',
      operationId: 'dashboardSaveIdentityPolicy',
      summary:
        'Save the sign-up rules (form: emailVerificationRequired, ownerApprovalRequired, captchaRequired)',
    },
    async (owner, form) => {
      const policy = {
        emailVerificationRequired: form.isChecked('emailVerificationRequired'),
        ownerApprovalRequired: form.isChecked('ownerApprovalRequired'),
        captchaRequired: form.isChecked('captchaRequired'),
      }
      await saveIdentityPolicy(db, owner.session.siteId, policy, clock())
      return seeOther(withNotice('/dashboard/members', 'saved'))
    },
  )

  for (const [action, change] of [
    ['approve', approveMember],
    ['block', blockMember],
  ] as const)
    postForm(
      {
        path: `/dashboard/members/:id/${action}`,
        operationId: action === 'approve' ? 'dashboardApproveMember' : 'dashboardBlockMember',
        summary:
          action === 'approve'
            ? 'Approve a member waiting for it, or unblock a blocked one'
            : 'Block a member: no more sign-ins, every session and token revoked',
        params: IdParam,
      },
      async (owner, _form, { params }) => {
        try {
          await change(db, { siteId: owner.session.siteId, memberId: params.id }, clock())
        } catch (error) {
          if (!(error instanceof ApplicationError)) throw error
          return membersPage(owner, { problem: `Nothing changed: ${error.description}.` }, error.status)
        }
        return seeOther(withNotice('/dashboard/members', 'saved'))
      },
    )
}
