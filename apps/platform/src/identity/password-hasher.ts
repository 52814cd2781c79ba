import { randomBytes } from 'node:crypto'
import { type Algorithm, hash, parseOptions, verify } from '@node-rs/argon2'
import { createLimiter, type PasswordHasher } from '../passwords/password-hasher.ts'

export type { PasswordHasher }

/** A member's password has at least this many characters (ASVS 6.2.1). */
export const MIN_MEMBER_PASSWORD_LENGTH = 8
/**
 * And at most this many (ASVS 6.2.9 allows 64 at least; the bound caps the cost of hashing). Longer
 * passwords are refused before any hashing.
 */
export const MAX_MEMBER_PASSWORD_LENGTH = 256

/** OWASP's first argon2id configuration: 19 MiB, two passes, one lane. */
export const ARGON2ID_PARAMETERS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const

// `Algorithm` is an ambient const enum, which isolated modules cannot read: 2 is Argon2id.
const ARGON2ID = 2 as Algorithm
// Bounds for parameters read back from a stored hash: a planted hash must not exhaust memory or time.
const MAX_MEMORY_KIB = 65_536
const MAX_TIME_COST = 10
const MAX_PARALLELISM = 4

/** Whether a stored argon2id hash has parameters this hasher agrees to run. */
function hasBoundedParameters(stored: string): boolean {
  if (!stored.startsWith('$argon2id$')) return false
  try {
    const options = parseOptions(stored)
    return (
      options.memoryCost <= MAX_MEMORY_KIB &&
      options.timeCost <= MAX_TIME_COST &&
      options.parallelism <= MAX_PARALLELISM
    )
  } catch {
    return false
  }
}

/** A password hasher that can also tell when a stored hash was made with other parameters. */
export interface MemberPasswordHasher extends PasswordHasher {
  /** Whether `stored` should be replaced by a hash with the current parameters (OWASP: on next login). */
  needsRehash(stored: string): boolean
  /**
   * Spends the time of one verification against a hash of no one's password: an unknown e-mail costs
   * what a wrong password costs (ASVS 6.3.8).
   */
  verifyDummy(password: string): Promise<void>
}

/**
 * argon2id through `@node-rs/argon2` (native, on libuv's thread pool: the event loop keeps serving)
 * at OWASP's parameters, stored as a PHC string. At most `concurrency` (4) hashes run at once, 19 MiB
 * each. Passwords past 256 characters are refused without hashing; stored hashes with parameters above
 * 64 MiB, 10 passes or 4 lanes are refused without running them. Passwords are NFC-normalised, so one
 * typed on another keyboard still matches.
 *
 * @example
 * const hasher = createArgon2idHasher()
 * const stored = await hasher.hash('correct horse battery staple')
 * await hasher.verify('correct horse battery staple', stored) // true
 */
export function createArgon2idHasher(options: { concurrency?: number } = {}): MemberPasswordHasher {
  const limit = createLimiter(options.concurrency ?? 4)
  let dummyHash: Promise<string> | undefined
  const hasher: MemberPasswordHasher = {
    async hash(password) {
      if (password.length > MAX_MEMBER_PASSWORD_LENGTH)
        throw new RangeError(`a password has at most ${MAX_MEMBER_PASSWORD_LENGTH} characters`)
      return limit(() => hash(password.normalize('NFC'), { ...ARGON2ID_PARAMETERS, algorithm: ARGON2ID }))
    },
    async verify(password, stored) {
      if (password.length > MAX_MEMBER_PASSWORD_LENGTH || !hasBoundedParameters(stored)) return false
      return limit(() => verify(stored, password.normalize('NFC'))).catch(() => false)
    },
    needsRehash(stored) {
      try {
        const current = parseOptions(stored)
        return (
          current.memoryCost !== ARGON2ID_PARAMETERS.memoryCost ||
          current.timeCost !== ARGON2ID_PARAMETERS.timeCost ||
          current.parallelism !== ARGON2ID_PARAMETERS.parallelism
        )
      } catch {
        return true
      }
    },
    async verifyDummy(password) {
      dummyHash ??= hasher.hash(randomBytes(24).toString('base64url'))
      await hasher.verify(password, await dummyHash)
    },
  }
  return hasher
}
