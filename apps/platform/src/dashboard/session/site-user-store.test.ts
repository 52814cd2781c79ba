import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../db/db.ts'
import { ValidationError } from '../../http/errors.ts'
import type { PasswordHasher } from '../../passwords/password-hasher.ts'
import { DEMO_SITE_ID } from '../../seed/demo-store.ts'
import { testHasher } from '../../testing/dashboard-browser.ts'
import { LEGACY_SCRYPT_HASHES } from '../../testing/legacy-scrypt-hashes.ts'
import { databaseKinds, openTestDatabase } from '../../testing/test-database.ts'
import { findSiteUserByCredentials, saveSiteUser } from './site-user-store.ts'

const NOW = new Date('2026-03-01T12:00:00Z')
// The password of LEGACY_SCRYPT_HASHES.owner.
const LEGACY_PASSWORD = 'correct horse battery'

describe.each(databaseKinds())('site owners’ passwords on %s', (kind) => {
  let db: Db
  beforeAll(async () => {
    db = await openTestDatabase(kind)
  })
  afterAll(() => db.close())

  let sequence = 0
  const newEmail = () => `owner-${++sequence}@shop.test`
  const storedHash = async (email: string) =>
    (
      await db.query<{ password_hash: string }>('select password_hash from site_users where email = $1', [
        email,
      ])
    )[0]?.password_hash
  /** An owner whose stored hash is one the scrypt hasher wrote before decision 021. */
  const legacyOwner = async () => {
    const email = newEmail()
    await saveSiteUser(db, testHasher, { siteId: DEMO_SITE_ID, email, password: LEGACY_PASSWORD }, NOW)
    await db.query('update site_users set password_hash = $2 where email = $1', [
      email,
      LEGACY_SCRYPT_HASHES.owner,
    ])
    return email
  }

  it.each([
    ['9 characters', 'a'.repeat(9), 'MIN_LENGTH', 'must be at least 10 characters'],
    ['257 characters', 'a'.repeat(257), 'MAX_LENGTH', 'must be at most 256 characters'],
    [
      'a common breached password',
      'iloveyou12',
      'OTHER',
      'is one of the most common passwords, which attackers try first: choose another',
    ],
  ])(
    'refuses a password of %s, naming the field, and creates nobody',
    async (_name, password, rule, text) => {
      const email = newEmail()
      const refusal = await saveSiteUser(
        db,
        testHasher,
        { siteId: DEMO_SITE_ID, email, password },
        NOW,
      ).catch((error: unknown) => error)
      expect(refusal).toBeInstanceOf(ValidationError)
      expect((refusal as ValidationError).fieldViolations).toEqual([
        expect.objectContaining({ field: 'password', description: text, violatedRule: rule }),
      ])
      expect(await storedHash(email)).toBeUndefined()
    },
  )

  it('signs in an owner with a former scrypt hash and replaces it with argon2id in the same call', async () => {
    const email = await legacyOwner()
    const owner = await findSiteUserByCredentials(db, testHasher, { email, password: LEGACY_PASSWORD })
    expect(owner?.email).toBe(email)
    const upgraded = await storedHash(email)
    expect(upgraded).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/)
    expect((await findSiteUserByCredentials(db, testHasher, { email, password: LEGACY_PASSWORD }))?.id).toBe(
      owner?.id,
    )
    expect(await storedHash(email)).toBe(upgraded)
  })

  it('refuses the wrong password against a former scrypt hash and leaves the hash as it was', async () => {
    const email = await legacyOwner()
    expect(await findSiteUserByCredentials(db, testHasher, { email, password: 'correct horse batter' })).toBe(
      undefined,
    )
    expect(await storedHash(email)).toBe(LEGACY_SCRYPT_HASHES.owner)
  })

  it('keeps a password set while the old one was being rehashed', async () => {
    const email = await legacyOwner()
    // The owner's new password lands between the check of the old one and the write of its rehash.
    const racing: PasswordHasher = {
      ...testHasher,
      async hash(password) {
        await saveSiteUser(db, testHasher, { siteId: DEMO_SITE_ID, email, password: 'a newer password' }, NOW)
        return testHasher.hash(password)
      },
    }
    expect(await findSiteUserByCredentials(db, racing, { email, password: LEGACY_PASSWORD })).toBeDefined()
    expect(
      await findSiteUserByCredentials(db, testHasher, { email, password: 'a newer password' }),
    ).toBeDefined()
    expect(await findSiteUserByCredentials(db, testHasher, { email, password: LEGACY_PASSWORD })).toBe(
      undefined,
    )
  })
})
