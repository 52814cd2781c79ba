import type { Clock } from '../clock.ts'
import type { Db } from '../db/db.ts'
import type { PasswordHasher } from '../passwords/password-hasher.ts'
import type { CaptchaVerifier } from './captcha/captcha-verifier.ts'

/** What the identity calls and hosted pages need. */
export interface IdentityDeps {
  db: Db
  clock: Clock
  /** The platform's public origin: hosted page URLs, and an origin forms may come from. */
  publicUrl: string
  hasher: PasswordHasher
  /** Verifies the captcha answers of registration and login on sites that require them. */
  captcha: CaptchaVerifier
}
