import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto'

import { createLimiter, type PasswordHasher } from '../passwords/password-hasher.ts'

export type { PasswordHasher }

/** Longer passwords are refused before any hashing, so a 1 MB "password" costs nothing. */
export const MAX_PASSWORD_LENGTH = 1_024
export const MIN_PASSWORD_LENGTH = 10

const KEY_BYTES = 32
const SALT_BYTES = 16
// Bounds for parameters read back from the database: a planted hash must not exhaust memory.
const MAX_LOG_COST = 20
const MAX_BLOCK_SIZE = 16
const MAX_PARALLELISM = 4

function derive(password: string, salt: Buffer, logCost: number, blockSize: number, parallelism: number) {
  const cost = 2 ** logCost
  return new Promise<Buffer>((resolve, reject) =>
    // Runs on libuv's thread pool: the event loop keeps serving while a hash is computed.
    scrypt(
      password.normalize('NFC'),
      salt,
      KEY_BYTES,
      { N: cost, r: blockSize, p: parallelism, maxmem: 256 * cost * blockSize + 1024 * 1024 },
      (error, key) => (error ? reject(error) : resolve(key)),
    ),
  )
}

const PATTERN = /^\$scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/

/**
 * `node:crypto.scrypt` with OWASP's parameters by default (N=2^17, r=8, p=1: about 128 MiB and 0.6 s
 * per hash on a small server), stored as `$scrypt$ln=17,r=8,p=1$<salt>$<key>` (base64, PHC style).
 * At most `concurrency` (2) hashes run at once, so a burst of sign-ins cannot take the memory of the
 * process or every thread of libuv's pool. Tests pass a smaller `logCost`.
 *
 * @example
 * const hasher = createScryptHasher()
 * const stored = await hasher.hash('correct horse battery staple')
 * await hasher.verify('correct horse battery staple', stored) // true
 */
export function createScryptHasher(options: { logCost?: number; concurrency?: number } = {}): PasswordHasher {
  const logCost = options.logCost ?? 17
  const limit = createLimiter(options.concurrency ?? 2)
  const blockSize = 8
  const parallelism = 1
  return {
    async hash(password) {
      const salt = randomBytes(SALT_BYTES)
      const key = await limit(() => derive(password, salt, logCost, blockSize, parallelism))
      return `$scrypt$ln=${logCost},r=${blockSize},p=${parallelism}$${salt.toString('base64').replace(/=+$/, '')}$${key.toString('base64').replace(/=+$/, '')}`
    },
    async verify(password, stored) {
      const match = PATTERN.exec(stored)
      if (!match || password.length > MAX_PASSWORD_LENGTH) return false
      const [ln, r, p] = [Number(match[1]), Number(match[2]), Number(match[3])]
      if (ln < 1 || ln > MAX_LOG_COST || r < 1 || r > MAX_BLOCK_SIZE || p < 1 || p > MAX_PARALLELISM)
        return false
      const expected = Buffer.from(match[5]!, 'base64')
      if (expected.length !== KEY_BYTES) return false
      const key = await limit(() => derive(password, Buffer.from(match[4]!, 'base64'), ln, r, p))
      return timingSafeEqual(key, expected)
    },
  }
}
