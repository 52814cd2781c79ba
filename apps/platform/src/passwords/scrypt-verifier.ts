import { scrypt, timingSafeEqual } from 'node:crypto'
import { createLimiter } from './concurrency-limiter.ts'
import { MAX_HASHED_PASSWORD_LENGTH } from './password-hasher.ts'

const KEY_BYTES = 32
// What the owners' scrypt hasher wrote before decision 021 (at most N=2^17, r=8, p=1: 128 MiB): a
// planted hash with dearer parameters is refused without running it.
const MAX_LOG_COST = 17
const MAX_BLOCK_SIZE = 8
const MAX_PARALLELISM = 1

const PATTERN = /^\$scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/

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

/** Whether `stored` is in the site owners' former scrypt format (`$scrypt$ln=…,r=…,p=…$salt$key`). */
export function isScryptHash(stored: string): boolean {
  return stored.startsWith('$scrypt$')
}

/**
 * Checks a password against a stored scrypt hash of the format site owners had before decision 021,
 * `$scrypt$ln=17,r=8,p=1$<salt>$<key>` (base64, PHC style, NFC-normalised password). It only reads:
 * new hashes are argon2id, and the argon2id hasher asks for an upgrade of every scrypt hash. At most
 * `concurrency` (2) verifications run at once, 128 MiB each.
 *
 * @example
 * const verifyScrypt = createScryptVerifier()
 * await verifyScrypt('correct horse battery staple', storedBefore021) // true
 */
export function createScryptVerifier(options: { concurrency?: number } = {}) {
  const limit = createLimiter(options.concurrency ?? 2)
  return async function verifyScrypt(password: string, stored: string): Promise<boolean> {
    const match = PATTERN.exec(stored)
    if (!match || password.length > MAX_HASHED_PASSWORD_LENGTH) return false
    const [logCost, blockSize, parallelism] = [Number(match[1]), Number(match[2]), Number(match[3])]
    if (
      logCost < 1 ||
      logCost > MAX_LOG_COST ||
      blockSize < 1 ||
      blockSize > MAX_BLOCK_SIZE ||
      parallelism < 1 ||
      parallelism > MAX_PARALLELISM
    )
      return false
    const expected = Buffer.from(match[5]!, 'base64')
    if (expected.length !== KEY_BYTES) return false
    const salt = Buffer.from(match[4]!, 'base64')
    const key = await limit(() => derive(password, salt, logCost, blockSize, parallelism))
    return timingSafeEqual(key, expected)
  }
}
