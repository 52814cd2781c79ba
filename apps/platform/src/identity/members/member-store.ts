import { randomUUID } from 'node:crypto'
import type { Db } from '../../db/db.ts'
import { queryOne } from '../../db/db.ts'
import type { IdentityProfile } from '../identity-profile.ts'

export type MemberStatus = 'PENDING' | 'ACTIVE' | 'DELETED' | 'BLOCKED' | 'OFFLINE'
export type PendingReason = 'PENDING_ADMIN_APPROVAL_REQUIRED' | 'PENDING_EMAIL_VERIFICATION_REQUIRED'

export interface MemberRow {
  id: string
  site_id: string
  login_email: string
  password_hash: string | null
  status: MemberStatus
  pending_reason: PendingReason | null
  email_verified: boolean
  profile: IdentityProfile
  created_date: Date
  updated_date: Date
}

/** The member of the site with this (normalised) login e-mail, if any. */
export async function findMemberByEmail(
  db: Db,
  siteId: string,
  email: string,
): Promise<MemberRow | undefined> {
  return queryOne<MemberRow>(db, 'select * from members where site_id = $1 and login_email = $2', [
    siteId,
    email,
  ])
}

/**
 * Creates a member, or returns `undefined` when the e-mail already has an account on the site (the
 * unique index decides, so two concurrent registrations of one address make one member).
 */
export async function insertMember(
  db: Db,
  input: {
    siteId: string
    email: string
    /** `null` for a member who signs on without a password (sign-on, SSO). */
    passwordHash: string | null
    status: MemberStatus
    pendingReason: PendingReason | null
    profile: IdentityProfile
  },
  now: Date,
): Promise<MemberRow | undefined> {
  return queryOne<MemberRow>(
    db,
    `insert into members (id, site_id, login_email, password_hash, status, pending_reason, profile, created_date, updated_date, password_changed_date)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $8, $8)
     on conflict (site_id, login_email) do nothing
     returning *`,
    [
      randomUUID(),
      input.siteId,
      input.email,
      input.passwordHash,
      input.status,
      input.pendingReason,
      JSON.stringify(input.profile),
      now,
    ],
  )
}

/**
 * Replaces a member's password hash with a rehash of the same password (current parameters), unless
 * the hash changed since `readHash` was read: a new password set meanwhile must not give way to the old.
 */
export async function updatePasswordHash(db: Db, memberId: string, readHash: string, passwordHash: string) {
  await db.query('update members set password_hash = $3 where id = $1 and password_hash = $2', [
    memberId,
    readHash,
    passwordHash,
  ])
}

/** Sets a member's status (tests; the owner's approval and block go through `changeMemberStatus`). */
export async function setMemberStatus(
  db: Db,
  memberId: string,
  status: MemberStatus,
  pendingReason: PendingReason | null,
  now: Date,
) {
  await db.query('update members set status = $2, pending_reason = $3, updated_date = $4 where id = $1', [
    memberId,
    status,
    pendingReason,
    now,
  ])
}

/** The member of the site with this id, if any (locked for the transaction with `forUpdate`). */
export async function findMemberById(
  db: Db,
  siteId: string,
  memberId: string,
  options: { forUpdate?: boolean } = {},
): Promise<MemberRow | undefined> {
  return queryOne<MemberRow>(
    db,
    `select * from members where site_id = $1 and id = $2${options.forUpdate ? ' for update' : ''}`,
    [siteId, memberId],
  )
}

/** The statuses a member list can be narrowed to. */
export type MemberListStatus = MemberStatus | 'PENDING_ADMIN_APPROVAL' | 'PENDING_EMAIL_VERIFICATION'

/** The status and pending reason a list status narrows to (`null`: any). */
function statusColumns(status: MemberListStatus | undefined): [string | null, string | null] {
  return status === 'PENDING_ADMIN_APPROVAL'
    ? ['PENDING', 'PENDING_ADMIN_APPROVAL_REQUIRED']
    : status === 'PENDING_EMAIL_VERIFICATION'
      ? ['PENDING', 'PENDING_EMAIL_VERIFICATION_REQUIRED']
      : [status ?? null, null]
}

/** A page of the site's members, newest first, with the total of the filter. */
export async function listMembers(
  db: Db,
  siteId: string,
  options: { status?: MemberListStatus | undefined; limit: number; offset: number },
): Promise<{ members: MemberRow[]; total: number }> {
  const [status, reason] = statusColumns(options.status)
  const rows = await db.query<MemberRow & { total: number }>(
    `select *, (count(*) over ())::int as total from members
      where site_id = $1 and ($2::text is null or status = $2) and ($3::text is null or pending_reason = $3)
      order by created_date desc, id desc limit $4 offset $5`,
    [siteId, status, reason, options.limit, options.offset],
  )
  if (rows.length === 0 && options.offset > 0) {
    const [count] = await db.query<{ total: number }>(
      `select count(*)::int as total from members
        where site_id = $1 and ($2::text is null or status = $2) and ($3::text is null or pending_reason = $3)`,
      [siteId, status, reason],
    )
    return { members: [], total: count?.total ?? 0 }
  }
  return { members: rows.map(({ total: _total, ...member }) => member), total: rows[0]?.total ?? 0 }
}

/** Writes a member's new status; returns the member as saved. */
export async function changeMemberStatus(
  db: Db,
  memberId: string,
  change: { status: MemberStatus; pendingReason: PendingReason | null },
  now: Date,
): Promise<MemberRow> {
  const member = await queryOne<MemberRow>(
    db,
    'update members set status = $2, pending_reason = $3, updated_date = $4 where id = $1 returning *',
    [memberId, change.status, change.pendingReason, now],
  )
  if (!member) throw new Error(`member ${memberId} vanished while its status changed`)
  return member
}

/**
 * Sets a member's new password (a recovery or an activation), which also proves their e-mail: the
 * address is verified and the status moves on as `update` says.
 */
export async function resetMemberPassword(
  db: Db,
  memberId: string,
  update: { passwordHash: string; status: MemberStatus; pendingReason: PendingReason | null },
  now: Date,
): Promise<MemberRow> {
  const member = await queryOne<MemberRow>(
    db,
    `update members set password_hash = $2, status = $3, pending_reason = $4, email_verified = true,
        password_changed_date = $5, updated_date = $5
      where id = $1 returning *`,
    [memberId, update.passwordHash, update.status, update.pendingReason, now],
  )
  if (!member) throw new Error(`member ${memberId} vanished while its password changed`)
  return member
}

/** How the dashboard's customer list sorts its members. */
export const memberSorts = ['newest', 'oldest', 'name', 'email', 'orders', 'spend'] as const
export type MemberSort = (typeof memberSorts)[number]

const memberOrderBy: Record<MemberSort, string> = {
  newest: 'm.created_date desc, m.id desc',
  oldest: 'm.created_date asc, m.id asc',
  name: "lower(coalesce(nullif(concat_ws(' ', m.profile->>'firstName', m.profile->>'lastName'), ''), m.profile->>'nickname', m.login_email)) asc, m.id",
  email: 'm.login_email asc, m.id',
  orders: 'orders_count desc, spend_minor desc, m.id',
  spend: 'spend_minor desc, orders_count desc, m.id',
}

/** A member with what they bought: their placed (not canceled) orders and what those came to, less refunds. */
export interface MemberSummary extends MemberRow {
  orders_count: number
  /** In the orders' currency (the site's), minor units. */
  spend_minor: number
}

/**
 * A page of the site's members with each one's orders count and spend, in one statement (a lateral
 * aggregate over the `orders_owner` index, not a query per member): narrowed by status and by `q` (a
 * part of the e-mail or of the name), sorted by `sort`, with the total of the filter.
 */
export async function listMemberSummaries(
  db: Db,
  siteId: string,
  options: {
    status?: MemberListStatus | undefined
    q?: string | undefined
    sort?: MemberSort | undefined
    limit: number
    offset: number
  },
): Promise<{ members: MemberSummary[]; total: number }> {
  const [status, reason] = statusColumns(options.status)
  const q = options.q?.trim().toLowerCase()
  const like = q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null
  const rows = await db.query<MemberRow & { orders_count: number; spend_minor: string; total: number }>(
    `select m.*, coalesce(o.orders_count, 0)::int as orders_count, coalesce(o.spend_minor, 0)::bigint as spend_minor,
            (count(*) over ())::int as total
       from members m
       left join lateral (
         select count(*) as orders_count, sum(total_minor - refunded_minor) as spend_minor
           from orders
          where site_id = m.site_id and owner_kind = 'member' and owner_id = m.id and status = 'APPROVED'
       ) o on true
      where m.site_id = $1 and ($2::text is null or m.status = $2) and ($3::text is null or m.pending_reason = $3)
        and ($4::text is null or m.login_email like $4
             or lower(concat_ws(' ', m.profile->>'firstName', m.profile->>'lastName', m.profile->>'nickname')) like $4)
      order by ${memberOrderBy[options.sort ?? 'newest']} limit $5 offset $6`,
    [siteId, status, reason, like, options.limit, options.offset],
  )
  if (rows.length === 0 && options.offset > 0) {
    const counted = await listMemberSummaries(db, siteId, { ...options, limit: 1, offset: 0 })
    return { members: [], total: counted.total }
  }
  return {
    members: rows.map(({ total: _total, spend_minor, ...member }) => ({
      ...member,
      spend_minor: Number(spend_minor),
    })),
    total: rows[0]?.total ?? 0,
  }
}
