import type { IdentityPolicy } from '../identity-policy.ts'
import type { MemberStatus, PendingReason } from './member-store.ts'

/** A member's status and, while pending, why (spec section 4, "Identity status" and "Pending reasons"). */
export interface StatusChange {
  status: MemberStatus
  pendingReason: PendingReason | null
}

const ACTIVE: StatusChange = { status: 'ACTIVE', pendingReason: null }
const AWAITING_OWNER: StatusChange = { status: 'PENDING', pendingReason: 'PENDING_ADMIN_APPROVAL_REQUIRED' }

/**
 * Where a new member starts under the site's policy: waiting for the e-mail code first, then for the
 * owner, else active.
 */
export function initialStatus(policy: IdentityPolicy): StatusChange {
  if (policy.emailVerificationRequired)
    return { status: 'PENDING', pendingReason: 'PENDING_EMAIL_VERIFICATION_REQUIRED' }
  return policy.ownerApprovalRequired ? AWAITING_OWNER : ACTIVE
}

/**
 * Where a member goes once they proved their e-mail (a code, or a recovery link): a member who was
 * waiting for it now waits for the owner when the site requires approval, or is active. Any other
 * status (blocked, waiting for the owner, active) stays as it is.
 */
export function statusAfterEmailProof(member: StatusChange, policy: IdentityPolicy): StatusChange {
  if (member.pendingReason !== 'PENDING_EMAIL_VERIFICATION_REQUIRED') return member
  return policy.ownerApprovalRequired ? AWAITING_OWNER : ACTIVE
}

/**
 * The owner's approval: a member waiting for it, or a blocked one, becomes active (an active one
 * stays so).
 *
 * @returns `undefined` when approval does not apply: the member is deleted or offline, or still has to
 * prove their e-mail (approval never skips that).
 */
export function statusAfterApproval(member: StatusChange): StatusChange | undefined {
  if (member.status === 'ACTIVE' || member.status === 'BLOCKED') return ACTIVE
  return member.pendingReason === 'PENDING_ADMIN_APPROVAL_REQUIRED' ? ACTIVE : undefined
}

/** The owner's block: any member but a deleted one is blocked. `undefined` when it does not apply. */
export function statusAfterBlock(member: StatusChange): StatusChange | undefined {
  return member.status === 'DELETED' ? undefined : { status: 'BLOCKED', pendingReason: null }
}
