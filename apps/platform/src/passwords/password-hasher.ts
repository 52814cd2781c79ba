/**
 * Hashes and checks passwords. The stored form names its algorithm and parameters, so another
 * implementation can take over and rehash on sign-in. Site owners use scrypt (dashboard), members
 * argon2id (identity).
 */
export interface PasswordHasher {
  /** A self-describing hash of the password, with a fresh salt. */
  hash(password: string): Promise<string>
  /** Whether the password matches the stored hash; `false` for a hash this hasher cannot read. */
  verify(password: string, stored: string): Promise<boolean>
}

/**
 * Runs at most `limit` tasks at once; the others wait their turn in order. Memory-hard hashes use it
 * so that a burst of sign-ins cannot take the memory of the whole process.
 */
export function createLimiter(limit: number) {
  let running = 0
  const waiting: (() => void)[] = []
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve))
    running++
    try {
      return await task()
    } finally {
      running--
      waiting.shift()?.()
    }
  }
}
