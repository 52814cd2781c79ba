import type { IdentityPolicy } from '../../identity/identity-policy.ts'
import type { MemberListStatus, MemberRow } from '../../identity/members/member-store.ts'
import type { MembershipRow } from '../../plans/membership-store.ts'
import { Checkbox, CsrfField, DashboardPage } from '../dashboard-layout.tsx'
import { timeText } from '../kit/dashboard-words.ts'
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
  if (member.status === 'ACTIVE') return <span className="badge ok">Active</span>
  if (member.status === 'BLOCKED') return <span className="badge off">Blocked</span>
  if (member.pending_reason === 'PENDING_ADMIN_APPROVAL_REQUIRED')
    return <span className="badge">Waiting for approval</span>
  if (member.pending_reason === 'PENDING_EMAIL_VERIFICATION_REQUIRED')
    return <span className="badge">Confirming their e-mail</span>
  return <span className="badge">{member.status.toLowerCase()}</span>
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
      <h1>Members</h1>
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
      <table aria-label="Members">
        <thead>
          <tr>
            <th>E-mail</th>
            <th>Joined</th>
            <th>Status</th>
            <th>Plans</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {props.members.map((member) => (
            <tr key={member.id}>
              <td>{member.login_email}</td>
              <td>{timeText(member.created_date)}</td>
              <td>
                <StatusBadge member={member} />
              </td>
              <td>
                <MemberPlans
                  memberships={props.memberships.filter((membership) => membership.member_id === member.id)}
                  now={props.now}
                />
              </td>
              <td>
                <MemberActions member={member} csrfToken={token} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {props.members.length === 0 && <p className="hint">No members here.</p>}
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
