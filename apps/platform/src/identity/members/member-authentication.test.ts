import { hash } from '@node-rs/argon2'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../db/db.ts'
import { createArgon2idHasher } from '../../passwords/argon2id-hasher.ts'
import type { PasswordHasher } from '../../passwords/password-hasher.ts'
import { DEMO_SITE_ID } from '../../seed/demo-store.ts'
import { MEMBER_PASSWORD, newEmail, register } from '../../testing/member-flows.ts'
import { openTestDatabase } from '../../testing/test-database.ts'
import { createTestPlatform } from '../../testing/test-platform.ts'
import { findMemberByCredentials } from './member-authentication.ts'

describe('POST /identity/v2/login and the stored password hash', () => {
  let db: Db
  let platform: ReturnType<typeof createTestPlatform>
  let visitor: string
  beforeAll(async () => {
    db = await openTestDatabase('pglite')
    platform = createTestPlatform(db)
    visitor = (await platform.visitorTokens()).access_token
  })
  afterAll(() => db.close())

  const storedHash = async (email: string) => {
    const [row] = await db.query<{ password_hash: string }>(
      'select password_hash from members where login_email = $1',
      [email],
    )
    return row?.password_hash ?? ''
  }
  const login = (email: string, password: string) =>
    platform.call('POST', '/identity/v2/login', { token: visitor, body: { loginId: { email }, password } })

  it('H2: replaces a hash made with older parameters at the next login, and keeps the password', async () => {
    const email = newEmail('rehash')
    expect((await register(platform, visitor, email)).status).toBe(200)
    // A hash from the days of cheaper parameters: argon2id, 4 MiB, one pass.
    const older = await hash(MEMBER_PASSWORD, {
      memoryCost: 4_096,
      timeCost: 1,
      parallelism: 1,
      algorithm: 2 as never,
    })
    await db.query('update members set password_hash = $2 where login_email = $1', [email, older])

    expect((await login(email, 'not the password')).status).not.toBe(200)
    expect(await storedHash(email)).toBe(older)
    expect((await login(email, MEMBER_PASSWORD)).status).toBe(200)
    const renewed = await storedHash(email)
    expect(renewed).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
    expect((await login(email, MEMBER_PASSWORD)).status).toBe(200)
    expect(await storedHash(email)).toBe(renewed)
  })

  it('keeps a password set while the old one was being rehashed', async () => {
    const email = newEmail('rehash-race')
    expect((await register(platform, visitor, email)).status).toBe(200)
    const older = await hash(MEMBER_PASSWORD, { memoryCost: 4_096, timeCost: 1, algorithm: 2 as never })
    await db.query('update members set password_hash = $2 where login_email = $1', [email, older])
    const real = createArgon2idHasher()
    const newer = await real.hash('a newer passphrase')
    // The member's new password lands between the check of the old one and the write of its rehash.
    const racing: PasswordHasher = {
      ...real,
      async hash(password) {
        await db.query('update members set password_hash = $2 where login_email = $1', [email, newer])
        return real.hash(password)
      },
    }
    const member = await findMemberByCredentials({ db, hasher: racing }, DEMO_SITE_ID, {
      email,
      password: MEMBER_PASSWORD,
    })
    expect(member?.login_email).toBe(email)
    expect(await storedHash(email)).toBe(newer)
  })
})
