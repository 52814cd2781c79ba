import type { Db } from '../db/db.ts'
import { queryOne } from '../db/db.ts'
import type { IdentityProfile } from '../identity/identity-wire.ts'

/** What the members account shows of a member: read only, the identity area owns the rows. */
export interface AccountMember {
  email: string
  isEmailVerified: boolean
  profile: IdentityProfile
  createdDate: Date
}

/** The active member of the site with this id, if any. */
export async function findActiveAccountMember(
  db: Db,
  siteId: string,
  memberId: string,
): Promise<AccountMember | undefined> {
  const row = await queryOne<{
    login_email: string
    email_verified: boolean
    profile: IdentityProfile
    created_date: Date
  }>(
    db,
    `select login_email, email_verified, profile, created_date from members
      where id = $1 and site_id = $2 and status = 'ACTIVE'`,
    [memberId, siteId],
  )
  return (
    row && {
      email: row.login_email,
      isEmailVerified: row.email_verified,
      profile: row.profile,
      createdDate: new Date(row.created_date),
    }
  )
}
