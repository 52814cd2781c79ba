import type { Db } from '../../db/db.ts'
import { queryOne } from '../../db/db.ts'
import { ApplicationError, ValidationError } from '../../http/errors.ts'
import { isEmailAddress, normalizeEmail } from '../../mail/email-address.ts'
import { readIdentityPolicy } from '../identity-policy.ts'
import type { IdentityProfile } from '../identity-wire.ts'
import { applyProfileChange, profileViolations } from './member-profile.ts'
import { initialStatus, statusAfterEmailProof } from './member-status.ts'
import { findMemberByEmail, insertMember, type MemberRow } from './member-store.ts'

/** Who signs on without a password: a trusted server's word (sign-on) or an identity provider's (SSO). */
export interface PasswordlessSignOn {
  siteId: string
  email: string
  profile: IdentityProfile | undefined
  /** Whether whoever vouches for the member also vouches for the e-mail address. */
  isEmailProven: boolean
  /** Whether `profile` changes an existing member's profile (else it only fills a new member's). */
  isProfileMerged: boolean
}

/**
 * The e-mail of a sign-on, normalised and checked (the registration's rule, `ruleName` EMAIL), and its
 * profile checked like the member's own edit.
 *
 * @throws ValidationError naming `emailField` or the profile's fields.
 */
export function assertSignOn(signOn: PasswordlessSignOn, emailField: string): string {
  const email = normalizeEmail(signOn.email)
  const violations = signOn.profile ? profileViolations(signOn.profile, 'profile') : []
  if (!isEmailAddress(email))
    violations.push({
      field: emailField,
      description: 'must be an e-mail address',
      violatedRule: 'FORMAT',
      data: { type: 'EMAIL' },
    })
  if (violations.length > 0) throw new ValidationError(violations)
  return email
}

/**
 * The site's member with this e-mail, made to match the sign-on: a new member has no password and
 * starts in the site's first status; a proven e-mail is marked verified and moves a member waiting for
 * that proof on (as a code would). Run it in a transaction.
 *
 * @throws ApplicationError MEMBER_STATUS_CONFLICT for a blocked, deleted or offline member.
 */
export async function findOrCreatePasswordlessMember(
  tx: Db,
  signOn: PasswordlessSignOn,
  now: Date,
): Promise<MemberRow> {
  const email = normalizeEmail(signOn.email)
  const policy = await readIdentityPolicy(tx, signOn.siteId)
  const created = await insertMember(
    tx,
    {
      siteId: signOn.siteId,
      email,
      passwordHash: null,
      ...initialStatus(policy),
      profile: signOn.profile ?? {},
    },
    now,
  )
  const member = created ?? (await findMemberByEmail(tx, signOn.siteId, email))
  if (!member) throw new Error(`the member ${email} vanished while signing on`)
  if (member.status !== 'ACTIVE' && member.status !== 'PENDING')
    throw new ApplicationError('MEMBER_STATUS_CONFLICT', 'The member may not sign on')
  const status = signOn.isEmailProven
    ? statusAfterEmailProof({ status: member.status, pendingReason: member.pending_reason }, policy)
    : { status: member.status, pendingReason: member.pending_reason }
  const profile =
    !created && signOn.isProfileMerged && signOn.profile
      ? applyProfileChange(member.profile ?? {}, signOn.profile)
      : member.profile
  const saved = await queryOne<MemberRow>(
    tx,
    `update members set status = $2, pending_reason = $3, email_verified = email_verified or $4, profile = $5,
        updated_date = $6
      where id = $1 returning *`,
    [member.id, status.status, status.pendingReason, signOn.isEmailProven, JSON.stringify(profile), now],
  )
  if (!saved) throw new Error(`the member ${member.id} vanished while signing on`)
  return saved
}
