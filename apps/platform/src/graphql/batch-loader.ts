/** Loads values by key for one request, each key at most once, many keys in one batch. */
export interface BatchLoader<K, V> {
  /** The value of `key`, or `undefined` when there is none; loaded with every other key asked for in the same tick. */
  load(key: K): Promise<V | undefined>
  /** The values of `keys` in their order (`undefined` where there is none). */
  loadMany(keys: readonly K[]): Promise<(V | undefined)[]>
  /** Remembers a value read by other means, so that loading its key costs nothing. */
  prime(key: K, value: V): void
}

interface Pending<K, V> {
  key: K
  resolve: (value: V | undefined) => void
  reject: (error: unknown) => void
}

// After the promise jobs of the current tick: GraphQL resolves a whole list level in them, so every
// key asked for at that level lands in one batch (the DataLoader scheduling).
function afterPromiseJobs(fn: () => void) {
  void Promise.resolve().then(() => process.nextTick(fn))
}

/**
 * Creates a per-request loader: keys asked for in the same tick go to `loadBatch` together (at most
 * `maxBatchSize` per call), and each key's answer is kept for the rest of the request.
 *
 * @example
 * ```ts
 * const products = createBatchLoader((ids: string[]) => findProductsByIds(db, audience, ids))
 * const [a, b] = await Promise.all([products.load(idA), products.load(idB)]) // one statement
 * ```
 */
export function createBatchLoader<K, V>(
  loadBatch: (keys: K[]) => Promise<ReadonlyMap<K, V>>,
  options: { maxBatchSize?: number } = {},
): BatchLoader<K, V> {
  const maxBatchSize = options.maxBatchSize ?? 100
  const answers = new Map<K, Promise<V | undefined>>()
  let queue: Pending<K, V>[] = []

  async function run(batch: Pending<K, V>[]) {
    try {
      const found = await loadBatch(batch.map((pending) => pending.key))
      for (const pending of batch) pending.resolve(found.get(pending.key))
    } catch (error) {
      for (const pending of batch) pending.reject(error)
    }
  }

  function dispatch() {
    const batch = queue
    queue = []
    for (let start = 0; start < batch.length; start += maxBatchSize) {
      void run(batch.slice(start, start + maxBatchSize))
    }
  }

  function load(key: K): Promise<V | undefined> {
    const known = answers.get(key)
    if (known) return known
    const answer = new Promise<V | undefined>((resolve, reject) => {
      if (queue.length === 0) afterPromiseJobs(dispatch)
      queue.push({ key, resolve, reject })
    })
    answers.set(key, answer)
    return answer
  }

  return {
    load,
    loadMany: (keys) => Promise.all(keys.map(load)),
    prime(key, value) {
      if (!answers.has(key)) answers.set(key, Promise.resolve(value))
    },
  }
}
