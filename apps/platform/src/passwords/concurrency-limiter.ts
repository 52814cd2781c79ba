/**
 * Runs at most `limit` tasks at once; the others wait their turn in order. Memory-hard hashes use it
 * so that a burst of sign-ins cannot take the memory of the whole process (media decoding too).
 *
 * @example
 * const limit = createLimiter(2)
 * const key = await limit(() => deriveKey(password))
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
