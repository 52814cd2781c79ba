/** A deterministic source of randomness: the same seed gives the same sequence. */
export interface Random {
  /** A float in [0, 1). */
  next(): number
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number
  /** True with probability `p`. */
  chance(p: number): boolean
  /** One item of a non-empty list. */
  pick<T>(items: readonly T[]): T
}

/**
 * A mulberry32 generator: 32 bits of state, fast, good enough to choose inputs (never for secrets).
 * Seeds are folded to 32 bits.
 */
export function createRandom(seed: number): Random {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (p) => next() < p,
    pick<T>(items: readonly T[]): T {
      if (items.length === 0) throw new Error('pick from an empty list')
      return items[Math.floor(next() * items.length)]!
    },
  }
}

/** The seed of request `index` of a run: each request can be regenerated alone from the run's seed. */
export function requestSeed(runSeed: number, index: number): number {
  let hash = (runSeed ^ Math.imul(index + 1, 0x9e3779b1)) >>> 0
  hash = Math.imul(hash ^ (hash >>> 16), 0x85ebca6b) >>> 0
  hash = Math.imul(hash ^ (hash >>> 13), 0xc2b2ae35) >>> 0
  return (hash ^ (hash >>> 16)) >>> 0
}
