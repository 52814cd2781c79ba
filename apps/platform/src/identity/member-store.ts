import { randomUUID } from 'node:crypto'
import type { Db } from '../db/db.ts'
import { queryOne } from '../db/db.ts'
import type { IdentityProfile } from './identity-wire.ts'

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

/** What a site asks of new members (set by the merchant; every rule is off until then). */
export interface MemberPolicy {
  isEmailVerificationRequired: boolean
  isOwnerApprovalRequired: boolean
  isCaptchaRequired: boolean
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** `" Alice@Shop.Example "` -> `"alice@shop.example"`: one spelling per address, so one account. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase()
}

/** Whether a normalised address looks like an e-mail address (RFC 5321 caps it at 254 characters). */
export function isEmailAddress(email: string): boolean {
  return email.length <= 254 && EMAIL.test(email)
}

/** The site's member policy; a site that never set one has every rule off. */
export async function getMemberPolicy(db: Db, siteId: string): Promise<MemberPolicy> {
  const row = await queryOne<{
    email_verification_required: boolean
    owner_approval_required: boolean
    captcha_required: boolean
  }>(
    db,
    'select email_verification_required, owner_approval_required, captcha_required from member_policies where site_id = $1',
    [siteId],
  )
  return {
    isEmailVerificationRequired: row?.email_verification_required ?? false,
    isOwnerApprovalRequired: row?.owner_approval_required ?? false,
    isCaptchaRequired: row?.captcha_required ?? false,
  }
}

/** Sets the site's member policy (the dashboard's, later; tests use it now). */
export async function saveMemberPolicy(db: Db, siteId: string, policy: MemberPolicy, now: Date) {
  await db.query(
    `insert into member_policies (site_id, email_verification_required, owner_approval_required, captcha_required, updated_date)
     values ($1, $2, $3, $4, $5)
     on conflict (site_id) do update set email_verification_required = excluded.email_verification_required,
       owner_approval_required = excluded.owner_approval_required, captcha_required = excluded.captcha_required,
       updated_date = excluded.updated_date`,
    [
      siteId,
      policy.isEmailVerificationRequired,
      policy.isOwnerApprovalRequired,
      policy.isCaptchaRequired,
      now,
    ],
  )
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
    passwordHash: string
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

/** Replaces a member's password hash (a rehash with current parameters keeps the password). */
export async function updatePasswordHash(db: Db, memberId: string, passwordHash: string) {
  await db.query('update members set password_hash = $2 where id = $1', [memberId, passwordHash])
}

/** Sets a member's status (owner approval and blocking in the dashboard, later; tests now). */
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
