import type { Db } from '../db/db.ts'
import type { HeldMembership } from './plan-rules.ts'

/** A membership a member holds, as stored: the plan's name and cover as bought, sessions and expiry. */
export interface MembershipRow {
  id: string
  site_id: string
  plan_id: string
  member_id: string
  name: string
  product_ids: string[]
  collection_ids: string[]
  /** The services of its plan as bought (migration 038). */
  service_ids: string[]
  sessions_total: number | null
  sessions_left: number | null
  start_date: Date
  expiration_date: Date | null
  price_minor: string
  currency: string
  created_date: Date
  /** When it ended before its time (its purchase was refunded: decision 051); null while it runs. */
  ended_date: Date | null
}

/** The pricing's view of a stored membership. */
export function toHeldMembership(row: MembershipRow): HeldMembership {
  return {
    id: row.id,
    name: row.name,
    productIds: row.product_ids,
    collectionIds: row.collection_ids,
    serviceIds: row.service_ids,
    sessionsLeft: row.sessions_left,
    expirationDate: row.expiration_date,
  }
}

/** A member's memberships on a site, newest first. */
export async function findMembershipsOfMember(
  db: Db,
  siteId: string,
  memberId: string,
): Promise<MembershipRow[]> {
  return db.query<MembershipRow>(
    `select * from memberships where site_id = $1 and member_id = $2 order by start_date desc, id`,
    [siteId, memberId],
  )
}

/**
 * What a member holds now, as the pricing reads it: their memberships but those that ended (a refunded
 * purchase is held no more: decision 051).
 */
export async function findHeldMemberships(
  db: Db,
  siteId: string,
  memberId: string,
): Promise<HeldMembership[]> {
  const rows = await findMembershipsOfMember(db, siteId, memberId)
  return rows.filter((row) => row.ended_date === null).map(toHeldMembership)
}

/** The memberships of several members of a site (a page of the dashboard's member list), newest first. */
export async function findMembershipsOfMembers(
  db: Db,
  siteId: string,
  memberIds: readonly string[],
): Promise<MembershipRow[]> {
  if (memberIds.length === 0) return []
  return db.query<MembershipRow>(
    `select * from memberships where site_id = $1 and member_id = any($2::uuid[]) order by start_date desc, id`,
    [siteId, [...memberIds]],
  )
}

/** What granting a membership stores. */
export interface MembershipGrant {
  id: string
  siteId: string
  planId: string
  memberId: string
  name: string
  productIds: readonly string[]
  collectionIds: readonly string[]
  serviceIds: readonly string[]
  sessions: number | null
  startDate: Date
  expirationDate: Date | undefined
  priceMinor: number
  currency: string
}

/**
 * The insert of a granted membership, as a part of a data-modifying `with` (parameters from `$first`),
 * made only when `onlyIf` (SQL) holds: a purchase completed twice grants once.
 */
export function membershipInsertPart(
  grant: MembershipGrant,
  first: number,
  onlyIf = 'true',
): { sql: string; params: unknown[] } {
  const $ = (index: number) => `$${first + index}`
  return {
    sql: `granted_membership as (
       insert into memberships (id, site_id, plan_id, member_id, name, product_ids, collection_ids, sessions_total,
         sessions_left, start_date, expiration_date, price_minor, currency, created_date, service_ids)
       select ${$(0)}::uuid, ${$(1)}::uuid, ${$(2)}::uuid, ${$(3)}::uuid, ${$(4)}::text, ${$(5)}::uuid[],
         ${$(6)}::uuid[], ${$(7)}::int, ${$(7)}::int, ${$(8)}::timestamptz, ${$(9)}::timestamptz,
         ${$(10)}::bigint, ${$(11)}::text, ${$(8)}::timestamptz, ${$(12)}::uuid[]
        where ${onlyIf}
       returning id)`,
    params: [
      grant.id,
      grant.siteId,
      grant.planId,
      grant.memberId,
      grant.name,
      grant.productIds,
      grant.collectionIds,
      grant.sessions,
      grant.startDate,
      grant.expirationDate ?? null,
      grant.priceMinor,
      grant.currency,
      grant.serviceIds,
    ],
  }
}

/** Stores a granted membership on its own (a free plan, the seed, tests). */
export async function insertMembership(db: Db, grant: MembershipGrant): Promise<void> {
  const part = membershipInsertPart(grant, 1)
  await db.query(`with ${part.sql} select 1`, part.params)
}

/**
 * The use of sessions by an order, as a part of `claimOrderNeeds`' statement (parameters from `$first`):
 * each named membership of the member loses as many sessions as lines it pays, only while it has them, has
 * not ended and has not expired (an unlimited one keeps `null`). The row lock of the update makes a second order wait
 * and read the first one's count, so no session is used twice. `used` is the SQL of the ids it took.
 */
export function membershipUsePart(
  uses: readonly { membershipId: string; sessions: number }[],
  memberId: string,
  now: Date,
  first: number,
): { sql: string; used: string; params: unknown[] } {
  const $ = (index: number) => `$${first + index}`
  return {
    sql: `memberships_used as (
       update memberships m set sessions_left = m.sessions_left - u.sessions
         from jsonb_to_recordset(${$(0)}::jsonb) as u(id uuid, sessions int)
        where m.id = u.id and m.member_id = ${$(1)}::uuid
          and (m.sessions_left is null or m.sessions_left >= u.sessions)
          and (m.expiration_date is null or m.expiration_date > ${$(2)}::timestamptz)
          and m.ended_date is null
       returning m.id::text as id)`,
    used: `coalesce((select array_agg(id) from memberships_used), '{}'::text[])`,
    params: [
      JSON.stringify(uses.map((use) => ({ id: use.membershipId, sessions: use.sessions }))),
      memberId,
      now,
    ],
  }
}

/**
 * Gives back one session of a membership (a booking it paid was cancelled: decision 085), in the caller's
 * transaction; an unlimited membership (`null`) and one already full are left as they are.
 */
export async function returnMembershipSession(tx: Db, siteId: string, membershipId: string): Promise<void> {
  await tx.query(
    `update memberships set sessions_left = sessions_left + 1
      where site_id = $1 and id::text = $2 and sessions_left is not null and sessions_left < sessions_total`,
    [siteId, membershipId],
  )
}

/**
 * A membership's sessions now (`null` both: unlimited), for words such as "2 of 5 sessions left"
 * (decision 093); none when the membership is not the site's.
 */
export async function findMembershipSessions(
  db: Db,
  siteId: string,
  membershipId: string,
): Promise<{ left: number | null; total: number | null } | undefined> {
  const [row] = await db.query<{ left: number | null; total: number | null }>(
    'select sessions_left as left, sessions_total as total from memberships where site_id = $1 and id::text = $2',
    [siteId, membershipId],
  )
  return row
}
