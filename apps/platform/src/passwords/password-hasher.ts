/**
 * Hashes and checks the passwords of site owners and members alike. The stored form names its
 * algorithm and parameters, so the hasher can tell an outdated hash and replace it at the next sign-in.
 * The one implementation is argon2id (`argon2id-hasher.ts`), which also reads the scrypt hashes
 * owners had before (decision 021).
 */
export interface PasswordHasher {
  /** A self-describing hash of the password, with a fresh salt. */
  hash(password: string): Promise<string>
  /** Whether the password matches the stored hash; `false` for a hash this hasher cannot read. */
  verify(password: string, stored: string): Promise<boolean>
  /**
   * Whether `stored` should be replaced by a hash of the same password with the current algorithm and
   * parameters; callers do so right after a successful `verify` (OWASP: upgrade at the next login).
   */
  needsRehash(stored: string): boolean
  /**
   * Spends the time of one verification against a hash of no one's password: an unknown e-mail costs
   * what a wrong password costs (ASVS 6.3.8).
   */
  verifyDummy(password: string): Promise<void>
}

/**
 * The longest password a hasher takes: longer ones are refused before any hashing, so a 1 MB
 * "password" costs nothing. Above the policy's maximum, so that owners' passwords of up to 1,024
 * characters, allowed before decision 021, still sign in.
 */
export const MAX_HASHED_PASSWORD_LENGTH = 1_024
