import type { IdentityPolicy } from '../../identity/identity-policy.ts'
import type {
  MemberListStatus,
  MemberRow,
  MemberSort,
  MemberSummary,
} from '../../identity/members/member-store.ts'
import { formatMoney } from '../../money/money.ts'
import type { MembershipRow } from '../../plans/membership-store.ts'
import { Checkbox, CsrfField, DashboardPage } from '../dashboard-layout.tsx'
import { countText, dayText } from '../kit/dashboard-words.ts'
import { DataTable } from '../kit/data-table.tsx'
import { type ListChoice, ListFilters, ListSelect, listHref, Pager } from '../kit/list-controls.tsx'
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

/** The sorts of the member list, in words. */
export const memberSortChoices: readonly (ListChoice & { value: MemberSort })[] = [
  { value: 'newest', label: 'Newest first' },
  { value: 'oldest', label: 'Oldest first' },
  { value: 'name', label: 'Name, A to Z' },
  { value: 'email', label: 'E-mail, A to Z' },
  { value: 'orders', label: 'Most orders' },
  { value: 'spend', label: 'Most spent' },
]

/** A member's name from their profile ("Ada Lovelace", or the nickname), or undefined when they gave none. */
export function memberName(member: MemberRow): string | undefined {
  const { firstName, lastName, nickname } = member.profile
  const full = [firstName, lastName].filter(Boolean).join(' ').trim()
  return full || nickname?.trim() || undefined
}

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
  members: readonly MemberSummary[]
  /** The listed members' plans (decision 046). */
  memberships: readonly MembershipRow[]
  now: Date
  total: number
  page: number
  pageSize: number
  /** The list's status filter, search and sort, as in its URL. */
  view: { status: MemberListStatus | undefined; q: string; sort: MemberSort }
  policy: IdentityPolicy
  notice?: string | undefined
  problem?: string | undefined
}) {
  const { owner, policy } = props
  const token = owner.session.csrfToken
  const pages = Math.max(1, Math.ceil(props.total / props.pageSize))
  const { view } = props
  const { currency, locale } = owner.session.site
  const link = (status: MemberListStatus | undefined, page = 1) =>
    listHref('/dashboard/members', {
      status,
      q: view.q,
      sort: view.sort === 'newest' ? undefined : view.sort,
      page,
    })
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
      <ListFilters
        action="/dashboard/members"
        label="Search members"
        q={view.q}
        searchHint="Name or e-mail"
        isFiltered={Boolean(view.q || view.status || view.sort !== 'newest')}
      >
        {view.status && <input type="hidden" name="status" value={view.status} />}
        <ListSelect label="Sort" name="sort" value={view.sort} choices={memberSortChoices} />
      </ListFilters>
      <nav className="filters" aria-label="Member status">
        {memberFilters.map((filter) => (
          <a
            key={filter.label}
            href={link(filter.status)}
            aria-current={filter.status === view.status ? 'page' : undefined}
          >
            {filter.label}
          </a>
        ))}
      </nav>
      <p role="status">{countText(props.total, 'member')}</p>
      <DataTable
        label="Members"
        rows={props.members}
        rowKey={(member) => member.id}
        empty={view.q || view.status ? 'No member matches.' : 'No members yet.'}
        columns={[
          {
            header: 'Name',
            cell: (member) => memberName(member) ?? <span className="muted">No name given</span>,
          },
          { header: 'E-mail', cell: (member) => member.login_email },
          { header: 'Orders', isNumber: true, cell: (member) => member.orders_count.toLocaleString('en-US') },
          {
            header: 'Spent',
            isNumber: true,
            cell: (member) => formatMoney(member.spend_minor, currency, locale),
          },
          { header: 'Joined', cell: (member) => dayText(member.created_date) },
          { header: 'Status', cell: (member) => <StatusBadge member={member} /> },
          {
            header: 'Plans',
            cell: (member) => {
              const memberships = props.memberships.filter((membership) => membership.member_id === member.id)
              // A member without plans is most members: a word in the cell, not an empty list's box in every row.
              if (memberships.length === 0) return <span className="muted">None</span>
              return <MemberPlans memberships={memberships} now={props.now} />
            },
          },
          {
            header: 'Actions',
            hiddenHeader: true,
            cell: (member) => <MemberActions member={member} csrfToken={token} />,
          },
        ]}
      />
      <Pager page={props.page} pages={pages} href={(page) => link(view.status, page)} />
    </DashboardPage>
  )
}
