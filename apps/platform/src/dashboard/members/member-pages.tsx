import type { IdentityPolicy } from '../../identity/identity-policy.ts'
import type { MemberListStatus, MemberRow } from '../../identity/members/member-store.ts'
import type { MembershipRow } from '../../plans/membership-store.ts'
import { Checkbox, CsrfField, DashboardPage } from '../dashboard-layout.tsx'
import { timeText } from '../kit/dashboard-words.ts'
import { DataTable } from '../kit/data-table.tsx'
import { PageHeader } from '../kit/page-header.tsx'
import { Badge } from '../kit/status-badge.tsx'
import { MemberPlans } from '../plans/plan-pages.tsx'
import type { Owner } from '../session/owner-session.ts'

/** The filters of the member list, in the order the page shows them. */
export const memberFilters: { status: MemberListStatus | undefined; label: string }[] = [
  { status: undefined, label: 'All' },
  { status: 'PENDING_ADMIN_APPROVAL', label: 'Waiting for approval' },
  { status: 'PENDING_EMAIL_VERIFICATION', label: 'Confirming their e-mail' },
  { status: 'ACTIVE', label: 'Active' },
  { status: 'BLOCKED', label: 'Blocked' },
]

function StatusBadge(props: { member: MemberRow }) {
  const { member } = props
  if (member.status === 'ACTIVE') return <Badge tone="ok">Active</Badge>
  if (member.status === 'BLOCKED') return <Badge tone="off">Blocked</Badge>
  if (member.pending_reason === 'PENDING_ADMIN_APPROVAL_REQUIRED')
    return <Badge tone="waiting">Waiting for approval</Badge>
  if (member.pending_reason === 'PENDING_EMAIL_VERIFICATION_REQUIRED')
    return <Badge tone="waiting">Confirming their e-mail</Badge>
  return <Badge>{member.status === 'DELETED' ? 'Deleted' : 'Waiting'}</Badge>
}

const canApprove = (member: MemberRow) =>
  member.status === 'BLOCKED' || member.pending_reason === 'PENDING_ADMIN_APPROVAL_REQUIRED'
const canBlock = (member: MemberRow) => member.status !== 'BLOCKED' && member.status !== 'DELETED'

function MemberActions(props: { member: MemberRow; csrfToken: string }) {
  const { member } = props
  return (
    <div className="actions">
      {canApprove(member) && (
        <form method="post" action={`/dashboard/members/${member.id}/approve`} className="inline">
          <CsrfField token={props.csrfToken} />
          <button type="submit" className="primary" aria-label={`Approve ${member.login_email}`}>
            {member.status === 'BLOCKED' ? 'Unblock' : 'Approve'}
          </button>
        </form>
      )}
      {canBlock(member) && (
        <form method="post" action={`/dashboard/members/${member.id}/block`} className="inline">
          <CsrfField token={props.csrfToken} />
          <button
            type="submit"
            className="danger"
            aria-label={`Block ${member.login_email}`}
            data-confirm={`Block ${member.login_email}? They are signed out everywhere at once.`}
          >
            Block
          </button>
        </form>
      )}
    </div>
  )
}

/** The site's members with their status, the owner's approve and block, and the identity policy. */
export function MembersPage(props: {
  owner: Owner
  members: readonly MemberRow[]
  /** The listed members' plans (decision 046). */
  memberships: readonly MembershipRow[]
  now: Date
  total: number
  page: number
  pageSize: number
  status: MemberListStatus | undefined
  policy: IdentityPolicy
  notice?: string | undefined
  problem?: string | undefined
}) {
  const { owner, policy } = props
  const token = owner.session.csrfToken
  const pages = Math.max(1, Math.ceil(props.total / props.pageSize))
  const link = (status: MemberListStatus | undefined, page = 1) => {
    const query = new URLSearchParams()
    if (status) query.set('status', status)
    if (page > 1) query.set('page', String(page))
    const text = query.toString()
    return `/dashboard/members${text ? `?${text}` : ''}`
  }
  return (
    <DashboardPage owner={owner} title="Members" place="members" notice={props.notice}>
      <PageHeader
        title="Members"
        description="Shoppers with an account: the sign-up rules, then each member with their plans."
      />
      {props.problem && (
        <p className="problem" role="alert">
          {props.problem}
        </p>
      )}
      <form method="post" action="/dashboard/members/policy" aria-label="Sign-up rules">
        <CsrfField token={token} />
        <fieldset>
          <legend>Sign-up rules</legend>
          <Checkbox
            name="emailVerificationRequired"
            label="New members confirm their e-mail with a code before they can sign in"
            defaultChecked={policy.emailVerificationRequired}
          />
          <Checkbox
            name="ownerApprovalRequired"
            label="New members wait for my approval before they can sign in"
            defaultChecked={policy.ownerApprovalRequired}
          />
          <Checkbox
            name="captchaRequired"
            label="Sign-up and sign-in ask for a captcha"
            defaultChecked={policy.captchaRequired}
          />
          <div className="actions">
            <button type="submit">Save the rules</button>
          </div>
        </fieldset>
      </form>
      <nav className="filters" aria-label="Member status">
        {memberFilters.map((filter) => (
          <a
            key={filter.label}
            href={link(filter.status)}
            aria-current={filter.status === props.status ? 'page' : undefined}
          >
            {filter.label}
          </a>
        ))}
      </nav>
      <DataTable
        label="Members"
        rows={props.members}
        rowKey={(member) => member.id}
        empty="No members here."
        columns={[
          { header: 'E-mail', cell: (member) => member.login_email },
          { header: 'Joined', cell: (member) => timeText(member.created_date) },
          { header: 'Status', cell: (member) => <StatusBadge member={member} /> },
          {
            header: 'Plans',
            cell: (member) => (
              <MemberPlans
                memberships={props.memberships.filter((membership) => membership.member_id === member.id)}
                now={props.now}
              />
            ),
          },
          {
            header: 'Actions',
            hiddenHeader: true,
            cell: (member) => <MemberActions member={member} csrfToken={token} />,
          },
        ]}
      />
      <nav className="pager" aria-label="Pages">
        {props.page > 1 && <a href={link(props.status, props.page - 1)}>Previous page</a>}
        <span>
          Page {Math.min(props.page, pages)} of {pages}
        </span>
        {props.page < pages && <a href={link(props.status, props.page + 1)}>Next page</a>}
      </nav>
    </DashboardPage>
  )
}
