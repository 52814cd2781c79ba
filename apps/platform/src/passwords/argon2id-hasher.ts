import { randomBytes } from 'node:crypto'
import { type Algorithm, hash, parseOptions, verify } from '@node-rs/argon2'
import { createLimiter } from './concurrency-limiter.ts'
import { MAX_HASHED_PASSWORD_LENGTH, type PasswordHasher } from './password-hasher.ts'
import { createScryptVerifier, isScryptHash } from './scrypt-verifier.ts'

/** The cost of an argon2id hash: memory in KiB, passes, lanes. */
export interface Argon2idParameters {
  memoryCost: number
  timeCost: number
  parallelism: number
}

/** OWASP's first argon2id configuration: 19 MiB, two passes, one lane. */
export const ARGON2ID_PARAMETERS: Argon2idParameters = { memoryCost: 19_456, timeCost: 2, parallelism: 1 }

// `Algorithm` is an ambient const enum, which isolated modules cannot read: 2 is Argon2id.
const ARGON2ID = 2 as Algorithm
// Bounds for parameters read back from a stored hash: a planted hash must not exhaust memory or time.
const MAX_MEMORY_KIB = 65_536
const MAX_TIME_COST = 10
const MAX_PARALLELISM = 4

/** The parameters of a stored argon2id hash, or `undefined` for anything else. */
function argon2idParametersOf(stored: string): Argon2idParameters | undefined {
  if (!stored.startsWith('$argon2id$')) return undefined
  try {
    return parseOptions(stored) as Argon2idParameters
  } catch {
    return undefined
  }
}

/** Whether a stored hash is argon2id with parameters this hasher agrees to run. */
function hasBoundedParameters(stored: string): boolean {
  const options = argon2idParametersOf(stored)
  return (
    options !== undefined &&
    options.memoryCost <= MAX_MEMORY_KIB &&
    options.timeCost <= MAX_TIME_COST &&
    options.parallelism <= MAX_PARALLELISM
  )
}

/**
 * The password hasher of site owners and members: argon2id through `@node-rs/argon2` (native, on
 * libuv's thread pool: the event loop keeps serving) at OWASP's parameters, stored as a PHC string.
 * At most `concurrency` (4) hashes run at once, 19 MiB each. Passwords past 1,024 characters are
 * refused without hashing; stored hashes with parameters above 64 MiB, 10 passes or 4 lanes are
 * refused without running them. Passwords are NFC-normalised, so one typed on another keyboard still
 * matches. It also verifies the owners' former scrypt hashes, and asks for their upgrade
 * (`needsRehash`), as for an argon2id hash with other parameters. Tests pass cheaper `parameters`.
 *
 * @example
 * const hasher = createArgon2idHasher()
 * const stored = await hasher.hash('correct horse battery staple')
 * await hasher.verify('correct horse battery staple', stored) // true
 */
export function createArgon2idHasher(
  options: { parameters?: Argon2idParameters; concurrency?: number } = {},
): PasswordHasher {
  const parameters = options.parameters ?? ARGON2ID_PARAMETERS
  const limit = createLimiter(options.concurrency ?? 4)
  const verifyScrypt = createScryptVerifier()
  let dummyHash: Promise<string> | undefined
  const hasher: PasswordHasher = {
    async hash(password) {
      if (password.length > MAX_HASHED_PASSWORD_LENGTH)
        throw new RangeError(`a password has at most ${MAX_HASHED_PASSWORD_LENGTH} characters`)
      return limit(() => hash(password.normalize('NFC'), { ...parameters, algorithm: ARGON2ID }))
    },
    async verify(password, stored) {
      if (password.length > MAX_HASHED_PASSWORD_LENGTH) return false
      if (isScryptHash(stored)) return verifyScrypt(password, stored)
      if (!hasBoundedParameters(stored)) return false
      return limit(() => verify(stored, password.normalize('NFC'))).catch(() => false)
    },
    needsRehash(stored) {
      const current = argon2idParametersOf(stored)
      return (
        current === undefined ||
        current.memoryCost !== parameters.memoryCost ||
        current.timeCost !== parameters.timeCost ||
        current.parallelism !== parameters.parallelism
      )
    },
    async verifyDummy(password) {
      dummyHash ??= hasher.hash(randomBytes(24).toString('base64url'))
      await hasher.verify(password, await dummyHash)
    },
  }
  return hasher
}
