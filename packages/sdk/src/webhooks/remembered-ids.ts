/** The ids a receiver has processed, the most recent `limit` of them: what duplicates are told by. */
export interface RememberedIds {
  has(id: string): boolean
  /** Remembers `id`, forgetting the oldest one when `limit` are remembered already. */
  add(id: string): void
  /** Forgets `id`, so that a delivery of it again is processed (after its handlers failed). */
  delete(id: string): void
}

/**
 * Creates an empty {@link RememberedIds}. Memory stays bounded: a `Set` keeps insertion order, so the
 * oldest id is the first one.
 */
export function createRememberedIds(limit: number): RememberedIds {
  const ids = new Set<string>()
  return {
    has: (id) => ids.has(id),
    add(id) {
      ids.delete(id)
      ids.add(id)
      while (ids.size > limit) ids.delete(ids.values().next().value as string)
    },
    delete(id) {
      ids.delete(id)
    },
  }
}
