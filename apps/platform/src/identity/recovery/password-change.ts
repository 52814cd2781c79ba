import type { Db } from '../../db/db.ts'
import { queryOne } from '../../db/db.ts'
import { ApplicationError, ValidationError } from '../../http/errors.ts'
import { enqueueMail } from '../../mail/mail-outbox.ts'
import type { PasswordHasher } from '../../passwords/password-hasher.ts'
import { passwordViolations } from '../../passwords/password-policy.ts'
import { getSite } from '../../sites/site-store.ts'
import { revokeMemberAccess } from '../members/member-access.ts'
import { passwordChangedMail } from '../members/member-mails.ts'
import type { MemberRow } from '../members/member-store.ts'

/**
 * Sets a logged-in member's new password (`POST /identity/v2/change-password`), with the one password
 * policy, hashed off the event loop. In one transaction: the hash, the end of every other way the
 * member is signed in (hosted sessions, other token families, codes and links; the caller's own token
 * family, `keepTokenFamily`, stays), and the e-mail that tells the member.
 *
 * @throws ValidationError for a password of the wrong length (`newPassword`).
 * @throws ApplicationError MEMBER_NOT_FOUND when the member is gone or not active.
 */
export async function changeMemberPassword(
  deps: { db: Db; hasher: PasswordHasher },
  member: { siteId: string; memberId: string; keepTokenFamily: string | undefined },
  newPassword: string,
  now: Date,
): Promise<void> {
  const violations = passwordViolations(newPassword, 'newPassword')
  if (violations.length > 0) throw new ValidationError(violations)
  const passwordHash = await deps.hasher.hash(newPassword)
  await deps.db.transaction(async (tx) => {
    const saved = await queryOne<MemberRow>(
      tx,
      `update members set password_hash = $3, password_changed_date = $4, updated_date = $4
        where id = $1 and site_id = $2 and status = 'ACTIVE' returning *`,
      [member.memberId, member.siteId, passwordHash, now],
    )
    if (!saved) throw new ApplicationError('MEMBER_NOT_FOUND', 'The member does not exist or may not sign in')
    await revokeMemberAccess(tx, member.memberId, now, { keepTokenFamily: member.keepTokenFamily })
    await enqueueMail(tx, passwordChangedMail(await getSite(tx, member.siteId), saved.login_email), now)
  })
}
