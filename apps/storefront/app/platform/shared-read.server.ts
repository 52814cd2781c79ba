/** How long a shared read is served from memory before it is read again. */
export const SHARED_READ_MAX_AGE_MS = 30_000

export interface SharedReadOptions<T> {
  /** Milliseconds an answer is served without asking again; `SHARED_READ_MAX_AGE_MS` by default. */
  maxAgeMs?: number
  /**
   * Milliseconds past `maxAgeMs` an answer is still served while one read in the background replaces it;
   * older than that, callers wait for a new read. Without it an old answer is served however old it is.
   */
  staleMs?: number
  /**
   * Milliseconds past `maxAgeMs + staleMs` the kept answer is still given when the read that should replace
   * it fails (the platform unreachable), rather than the failure; 0 by default. Never for a gone answer.
   */
  staleIfErrorMs?: number
  /** Whether an answer may be kept: one that says "could not read" (undefined, say) is not. */
  isKept?: (value: T) => boolean
  /**
   * Whether a failed read is the platform's answer that the thing is gone (a 404), not a failure to read:
   * the kept answer is then dropped, so the next caller asks and gets that answer, rather than being served
   * the old one while the platform is unreachable.
   */
  isGone?: (error: unknown) => boolean
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
  const staleMs = options.staleMs ?? Number.POSITIVE_INFINITY
  const staleIfErrorMs = options.staleIfErrorMs ?? 0
  const isKept = options.isKept ?? (() => true)
  // Asked at each call, so a test's fake clock applies to reads made before it was set.
  const now = options.now ?? (() => Date.now())
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
        .catch((error: unknown) => {
          if (options.isGone?.(error)) kept = undefined
          throw error
        })
        .finally(() => {
          reading = undefined
        })
    }
    return reading
  }

  return function sharedRead(): Promise<T> {
    if (!kept) return readNow()
    const age = now() - kept.readAt
    if (age >= maxAgeMs + staleMs) {
      const fallback = kept
      if (age >= maxAgeMs + staleMs + staleIfErrorMs) return readNow()
      // A failed read gives the older answer while it is young enough; a gone one dropped it (`isGone`).
      return readNow().catch((error: unknown) => {
        if (kept === fallback && !options.isGone?.(error)) return fallback.value
        throw error
      })
    }
    if (age >= maxAgeMs) {
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

/**
 * How long a keyed catalogue read is served without asking (1 s: under load one read serves every page of
 * that second, and a merchant's change shows on the next page after it); older, callers wait for one shared
 * read, and are given the older answer for up to a minute only when that read fails.
 */
export const FRESH_READ_MAX_AGE_MS = 1_000
export const FRESH_READ_STALE_MS = 0
export const FRESH_READ_STALE_IF_ERROR_MS = 59_000
/** How many keys one key object keeps at most (the least recently asked out first). */
export const FRESH_READ_MAX_KEYS = 200

/**
 * One shared read per key object (a public client) and argument, for reads that depend on what the page
 * asks (a product's slug, a list's query) yet answer alike for every visitor: each is read at most once per
 * `maxAgeMs` (1 s) by the process; older, the callers of that moment wait for one read together (the older
 * answer given only if that read fails, for up to a minute). `toKey` names everything the read depends on besides the key object;
 * the key object carries the rest (a public client stands for its display currency). At most `maxKeys`
 * arguments are kept per key object, the least recently asked dropped first. Never wrap a read of one
 * shopper's data: only a client that holds no shopper's tokens may be the key.
 * @example
 * const findSharedProduct = createKeyedSharedReads(
 *   (client: PublicClient, slug: string) => getProductBySlug(client, slug),
 *   { toKey: (slug) => slug },
 * )
 * await findSharedProduct(publicClient, 'classic-tee')
 */
export function createKeyedSharedReads<K extends object, A, T>(
  read: (key: K, argument: A) => Promise<T>,
  options: SharedReadOptions<T> & { toKey: (argument: A) => string; maxKeys?: number },
): (key: K, argument: A) => Promise<T> {
  const { toKey, maxKeys = FRESH_READ_MAX_KEYS, ...readOptions } = options
  const sharedOptions = {
    maxAgeMs: FRESH_READ_MAX_AGE_MS,
    staleMs: FRESH_READ_STALE_MS,
    staleIfErrorMs: FRESH_READ_STALE_IF_ERROR_MS,
    ...readOptions,
  }
  const readsByKey = new WeakMap<K, Map<string, () => Promise<T>>>()
  return (key, argument) => {
    let reads = readsByKey.get(key)
    if (!reads) {
      reads = new Map()
      readsByKey.set(key, reads)
    }
    const name = toKey(argument)
    let found = reads.get(name)
    if (found) {
      // Most recently asked last, so it is the last to go.
      reads.delete(name)
    } else {
      found = createSharedRead(() => read(key, argument), sharedOptions)
      if (reads.size >= maxKeys) {
        const oldest = reads.keys().next().value
        if (oldest !== undefined) reads.delete(oldest)
      }
    }
    reads.set(name, found)
    return found()
  }
}
