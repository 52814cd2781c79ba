import { describe, expect, it } from 'vitest'
import { DEFAULT_IDENTITY_POLICY } from '../identity-policy.ts'
import {
  initialStatus,
  type StatusChange,
  statusAfterApproval,
  statusAfterBlock,
  statusAfterEmailProof,
} from './member-status.ts'

const policy = (rules: { verify?: boolean; approve?: boolean }) => ({
  ...DEFAULT_IDENTITY_POLICY,
  emailVerificationRequired: !!rules.verify,
  ownerApprovalRequired: !!rules.approve,
})
const ACTIVE: StatusChange = { status: 'ACTIVE', pendingReason: null }
const BLOCKED: StatusChange = { status: 'BLOCKED', pendingReason: null }
const DELETED: StatusChange = { status: 'DELETED', pendingReason: null }
const AWAITING_CODE: StatusChange = {
  status: 'PENDING',
  pendingReason: 'PENDING_EMAIL_VERIFICATION_REQUIRED',
}
const AWAITING_OWNER: StatusChange = { status: 'PENDING', pendingReason: 'PENDING_ADMIN_APPROVAL_REQUIRED' }

describe('member status rules', () => {
  it.each([
    [{}, ACTIVE],
    [{ approve: true }, AWAITING_OWNER],
    [{ verify: true }, AWAITING_CODE],
    [{ verify: true, approve: true }, AWAITING_CODE],
  ])('starts a new member under %j as %j', (rules, expected) => {
    expect(initialStatus(policy(rules))).toEqual(expected)
  })

  it('moves a member who proved the e-mail on to the owner when the site requires approval, else in', () => {
    expect(statusAfterEmailProof(AWAITING_CODE, policy({ verify: true }))).toEqual(ACTIVE)
    expect(statusAfterEmailProof(AWAITING_CODE, policy({ verify: true, approve: true }))).toEqual(
      AWAITING_OWNER,
    )
  })

  it('leaves every other status as it is after an e-mail proof', () => {
    for (const member of [ACTIVE, BLOCKED, DELETED, AWAITING_OWNER])
      expect(statusAfterEmailProof(member, policy({ approve: true }))).toEqual(member)
  })

  it('approves a member waiting for the owner, unblocks a blocked one, and never skips the e-mail code', () => {
    expect(statusAfterApproval(AWAITING_OWNER)).toEqual(ACTIVE)
    expect(statusAfterApproval(BLOCKED)).toEqual(ACTIVE)
    expect(statusAfterApproval(ACTIVE)).toEqual(ACTIVE)
    expect(statusAfterApproval(AWAITING_CODE)).toBeUndefined()
    expect(statusAfterApproval(DELETED)).toBeUndefined()
  })

  it('blocks anyone but a deleted member', () => {
    for (const member of [ACTIVE, AWAITING_CODE, AWAITING_OWNER, BLOCKED])
      expect(statusAfterBlock(member)).toEqual(BLOCKED)
    expect(statusAfterBlock(DELETED)).toBeUndefined()
  })
})
