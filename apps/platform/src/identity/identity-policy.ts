import type { Db } from '../db/db.ts'
import { queryOne } from '../db/db.ts'

/** What a site asks of new members, set by the merchant; every rule is off until then. */
export interface IdentityPolicy {
  /** New members prove their e-mail with a code before they can sign in. */
  emailVerificationRequired: boolean
  /** New members wait for the site owner's approval before they can sign in. */
  ownerApprovalRequired: boolean
  /** Registration and login carry a captcha answer. */
  captchaRequired: boolean
}

/** The policy of a site that never set one. */
export const DEFAULT_IDENTITY_POLICY: Readonly<IdentityPolicy> = {
  emailVerificationRequired: false,
  ownerApprovalRequired: false,
  captchaRequired: false,
}

interface PolicyRow {
  email_verification_required: boolean
  owner_approval_required: boolean
  captcha_required: boolean
}

function toPolicy(row: PolicyRow): IdentityPolicy {
  return {
    emailVerificationRequired: row.email_verification_required,
    ownerApprovalRequired: row.owner_approval_required,
    captchaRequired: row.captcha_required,
  }
}

/** The site's identity policy; the defaults (every rule off) when the merchant never set one. */
export async function readIdentityPolicy(db: Db, siteId: string): Promise<IdentityPolicy> {
  const row = await queryOne<PolicyRow>(
    db,
    `select email_verification_required, owner_approval_required, captcha_required
       from site_identity_policies where site_id = $1`,
    [siteId],
  )
  return row ? toPolicy(row) : { ...DEFAULT_IDENTITY_POLICY }
}

/**
 * Changes the rules named in `changes` and keeps the others, in one statement (two merchants saving
 * different rules at once both win). Returns the policy as saved.
 */
export async function saveIdentityPolicy(
  db: Db,
  siteId: string,
  changes: Partial<IdentityPolicy>,
  now: Date,
): Promise<IdentityPolicy> {
  const row = await queryOne<PolicyRow>(
    db,
    `insert into site_identity_policies
       (site_id, email_verification_required, owner_approval_required, captcha_required, updated_at)
     values ($1, coalesce($2, false), coalesce($3, false), coalesce($4, false), $5)
     on conflict (site_id) do update set
       email_verification_required = coalesce($2, site_identity_policies.email_verification_required),
       owner_approval_required = coalesce($3, site_identity_policies.owner_approval_required),
       captcha_required = coalesce($4, site_identity_policies.captcha_required),
       updated_at = $5
     returning email_verification_required, owner_approval_required, captcha_required`,
    [
      siteId,
      changes.emailVerificationRequired ?? null,
      changes.ownerApprovalRequired ?? null,
      changes.captchaRequired ?? null,
      now,
    ],
  )
  if (!row) throw new Error(`saving the identity policy of site ${siteId} returned nothing`)
  return toPolicy(row)
}
