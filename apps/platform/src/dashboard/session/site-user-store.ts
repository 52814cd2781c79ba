import { randomUUID } from 'node:crypto'
import type { Db } from '../../db/db.ts'
import { queryOne } from '../../db/db.ts'
import { type FieldViolation, ValidationError } from '../../http/errors.ts'
import { isEmailAddress, normalizeEmail } from '../../mail/email-address.ts'
import type { PasswordHasher } from '../../passwords/password-hasher.ts'
import { passwordViolations } from '../../passwords/password-policy.ts'

/** A site owner who signs in to the dashboard: the spec's site user, separate from the site's members. */
export interface SiteUser {
  id: string
  siteId: string
  email: string
}

interface SiteUserRow {
  id: string
  site_id: string
  email: string
  password_hash: string
}

function assertCredentials(email: string, password: string) {
  const violations: FieldViolation[] = []
  if (!isEmailAddress(email))
    violations.push({ field: 'email', description: 'must be an e-mail address', violatedRule: 'FORMAT' })
  violations.push(...passwordViolations(password))
  if (violations.length > 0) throw new ValidationError(violations)
}

/**
 * Creates a site owner, or sets a new password when the e-mail already has an account on the site.
 * Returns the user and whether it already existed (its sessions should then be revoked).
 *
 * @throws ValidationError for an invalid e-mail or a password outside the policy (10 to 256 characters).
 */
export async function saveSiteUser(
  db: Db,
  hasher: PasswordHasher,
  input: { siteId: string; email: string; password: string },
  now: Date,
): Promise<{ user: SiteUser; existed: boolean }> {
  const email = normalizeEmail(input.email)
  assertCredentials(email, input.password)
  const hash = await hasher.hash(input.password)
  const row = await queryOne<{ id: string; inserted: boolean }>(
    db,
    `insert into site_users (id, site_id, email, password_hash, created_date, password_changed_date)
     values ($1, $2, $3, $4, $5, $5)
     on conflict (site_id, email) do update set password_hash = excluded.password_hash,
       password_changed_date = excluded.password_changed_date
     returning id, (xmax = 0) as inserted`,
    [randomUUID(), input.siteId, email, hash, now],
  )
  return { user: { id: row!.id, siteId: input.siteId, email }, existed: !row!.inserted }
}

/** Whether the site has any site owner yet. */
export async function hasSiteUsers(db: Db, siteId: string): Promise<boolean> {
  return (await db.query('select 1 from site_users where site_id = $1 limit 1', [siteId])).length > 0
}

/**
 * Replaces an owner's password hash with a new hash of the same password, unless it changed since it
 * was read: a new password set meanwhile must not give way to a rehash of the old one.
 */
async function upgradePasswordHash(db: Db, id: string, readHash: string, newHash: string) {
  await db.query('update site_users set password_hash = $3 where id = $1 and password_hash = $2', [
    id,
    readHash,
    newHash,
  ])
}

/**
 * The site owner these credentials prove, or `undefined`. An address with accounts on several sites
 * signs in to the oldest account whose password matches (at most 5 are tried). An unknown e-mail costs
 * one verification against a dummy hash, as a known one does, so timing does not reveal accounts. A
 * hash in an outdated form (scrypt, or argon2id with other parameters) is replaced on the way, in the
 * same request (decision 021).
 */
export async function findSiteUserByCredentials(
  db: Db,
  hasher: PasswordHasher,
  credentials: { email: string; password: string },
): Promise<SiteUser | undefined> {
  const email = normalizeEmail(credentials.email)
  const rows =
    email.length > 254
      ? []
      : await db.query<SiteUserRow>(
          'select id, site_id, email, password_hash from site_users where email = $1 order by created_date, id limit 5',
          [email],
        )
  if (rows.length === 0) {
    await hasher.verifyDummy(credentials.password)
    return undefined
  }
  for (const row of rows) {
    if (!(await hasher.verify(credentials.password, row.password_hash))) continue
    if (hasher.needsRehash(row.password_hash))
      await upgradePasswordHash(db, row.id, row.password_hash, await hasher.hash(credentials.password))
    return { id: row.id, siteId: row.site_id, email: row.email }
  }
  return undefined
}
