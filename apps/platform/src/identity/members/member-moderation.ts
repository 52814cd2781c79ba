import type { Db } from '../../db/db.ts'
import { ApplicationError } from '../../http/errors.ts'
import { enqueueMail } from '../../mail/mail-outbox.ts'
import { getSite } from '../../sites/site-store.ts'
import { revokeMemberAccess } from './member-access.ts'
import { approvedMail } from './member-mails.ts'
import { type StatusChange, statusAfterApproval, statusAfterBlock } from './member-status.ts'
import { changeMemberStatus, findMemberById, type MemberRow } from './member-store.ts'

async function moderate(
  db: Db,
  target: { siteId: string; memberId: string },
  decide: (member: StatusChange) => StatusChange | undefined,
  after: (tx: Db, before: MemberRow, saved: MemberRow) => Promise<void>,
  now: Date,
): Promise<MemberRow> {
  return db.transaction(async (tx) => {
    const member = await findMemberById(tx, target.siteId, target.memberId, { forUpdate: true })
    if (!member) throw new ApplicationError('MEMBER_NOT_FOUND', 'No member of this site has this id')
    const next = decide({ status: member.status, pendingReason: member.pending_reason })
    if (!next)
      throw new ApplicationError(
        'MEMBER_STATUS_CONFLICT',
        `The member is ${member.pending_reason ?? member.status}: the change does not apply`,
        { status: member.status, pendingReason: member.pending_reason },
      )
    const saved = await changeMemberStatus(tx, member.id, next, now)
    await after(tx, member, saved)
    return saved
  })
}

/**
 * The owner approves a member who waits for it, or unblocks a blocked one: the member is active and,
 * when that is news, told by e-mail.
 *
 * @throws ApplicationError MEMBER_NOT_FOUND; MEMBER_STATUS_CONFLICT for a member who still has to verify
 * their e-mail, or is deleted or offline.
 */
export function approveMember(
  db: Db,
  target: { siteId: string; memberId: string },
  now: Date,
): Promise<MemberRow> {
  return moderate(
    db,
    target,
    statusAfterApproval,
    async (tx, before, saved) => {
      if (before.status === 'ACTIVE') return
      await enqueueMail(tx, approvedMail(await getSite(tx, saved.site_id), saved.login_email), now)
    },
    now,
  )
}

/**
 * The owner blocks a member: they cannot sign in any more (a login answers as for a wrong password),
 * and every session and token they hold is revoked at once.
 *
 * @throws ApplicationError MEMBER_NOT_FOUND; MEMBER_STATUS_CONFLICT for a deleted member.
 */
export function blockMember(
  db: Db,
  target: { siteId: string; memberId: string },
  now: Date,
): Promise<MemberRow> {
  return moderate(
    db,
    target,
    statusAfterBlock,
    async (tx, _before, saved) => {
      await revokeMemberAccess(tx, saved.id, now)
    },
    now,
  )
}
