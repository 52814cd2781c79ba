/** How long a shared read is served from memory before it is read again. */
export const SHARED_READ_MAX_AGE_MS = 30_000

export interface SharedReadOptions<T> {
  /** Milliseconds an answer is served without asking again; `SHARED_READ_MAX_AGE_MS` by default. */
  maxAgeMs?: number
  /** Whether an answer may be kept: one that says "could not read" (undefined, say) is not. */
  isKept?: (value: T) => boolean
  /** The clock, for tests. */
  now?: () => number
}

/**
 * Wraps a read that answers the same for every visitor (the shop's name, its collections) so that one
 * process asks the platform at most once per `maxAgeMs`: callers in between share the kept answer, and
 * an answer older than that is still given while one read in the background replaces it, so no shopper
 * waits for the refresh. A failed read is never kept (the next caller asks again) and a failed refresh
 * keeps the older answer. Never wrap a read of one shopper's data.
 * @example
 * const readCollections = createSharedRead(() => listCollections(publicClient))
 * const collections = await readCollections()
 */
export function createSharedRead<T>(read: () => Promise<T>, options: SharedReadOptions<T> = {}) {
  const maxAgeMs = options.maxAgeMs ?? SHARED_READ_MAX_AGE_MS
  const isKept = options.isKept ?? (() => true)
  const now = options.now ?? Date.now
  let kept: { value: T; readAt: number } | undefined
  let reading: Promise<T> | undefined

  function readNow(): Promise<T> {
    if (!reading) {
      const started = now()
      reading = read()
        .then((value) => {
          if (isKept(value)) kept = { value, readAt: started }
          return value
        })
        .finally(() => {
          reading = undefined
        })
    }
    return reading
  }

  return function sharedRead(): Promise<T> {
    if (!kept) return readNow()
    if (now() - kept.readAt >= maxAgeMs) {
      // Nobody awaits the refresh: a failure leaves the kept answer for the next try.
      readNow().catch(() => undefined)
    }
    return Promise.resolve(kept.value)
  }
}

/**
 * One shared read per key object (a public client): the key's own answers, dropped with the key.
 * @example
 * const sharedCollections = createSharedReads((client: PublicClient) => () => listCollections(client))
 * await sharedCollections(publicClient)
 */
export function createSharedReads<K extends object, T>(
  toRead: (key: K) => () => Promise<T>,
  options: SharedReadOptions<T> = {},
): (key: K) => Promise<T> {
  const reads = new WeakMap<K, () => Promise<T>>()
  return (key) => {
    let found = reads.get(key)
    if (!found) {
      found = createSharedRead(toRead(key), options)
      reads.set(key, found)
    }
    return found()
  }
}
