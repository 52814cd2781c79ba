import type { Db } from './db.ts'
import { formatWalPosition, parseWalPosition, type WalPosition } from './wal-position.ts'

/** A read replica the platform may read from: its name (for logs and status) and its connection. */
export interface ReplicaLink {
  name: string
  db: Db
}

/** What one process knows of a replica, from its last probe. */
export interface ReplicaState {
  link: ReplicaLink
  /** It answered the last probe as a standby in recovery. */
  isUp: boolean
  /** The last WAL position it had replayed when asked. */
  replayed: WalPosition | undefined
  /** How far behind the primary it was at the last probe, in milliseconds (`Infinity`: unknown). */
  lagMs: number
  lastError: string | undefined
}

/** A primary WAL position and when it was read. */
export interface PrimarySample {
  at: number
  position: WalPosition
}

/** A replica's state for status pages and metrics. */
export interface ReplicaStatus {
  name: string
  isUp: boolean
  isUsable: boolean
  lagMs: number | null
  replayed: string | null
  lastError: string | null
}

/**
 * How stale a replica is: the time since the newest primary sample it has replayed (0 when it has
 * replayed the latest one). Every commit acknowledged before a sample's time lies at or below its
 * position, so a replica past that position misses nothing older. `Infinity` when it is behind every
 * sample kept (or none is kept).
 */
export function estimateReplicaLagMs(
  samples: readonly PrimarySample[],
  replayed: WalPosition,
  now: number,
): number {
  const latest = samples.at(-1)
  if (!latest) return Number.POSITIVE_INFINITY
  if (replayed >= latest.position) return 0
  for (let index = samples.length - 2; index >= 0; index--) {
    const sample = samples[index] as PrimarySample
    if (sample.position <= replayed) return Math.max(0, now - sample.at)
  }
  return Number.POSITIVE_INFINITY
}

/** Whether a replica may serve reads: up, and no further behind than `maxLagMs`. */
export function isUsableReplica(state: ReplicaState, maxLagMs: number): boolean {
  return state.isUp && state.lagMs <= maxLagMs
}

/**
 * The replica for the next request, taking turns (`turn` counts requests) among the usable ones;
 * `undefined` when none is usable.
 */
export function pickReplica(
  states: readonly ReplicaState[],
  maxLagMs: number,
  turn: number,
): ReplicaState | undefined {
  const usable = states.filter((state) => isUsableReplica(state, maxLagMs))
  return usable[turn % Math.max(usable.length, 1)]
}

/** The replicas' health as one process sees it, kept fresh by a probe every `probeIntervalMs`. */
export interface ReplicaHealth {
  /** Probes the primary and every replica once. */
  probe(): Promise<void>
  /** Starts probing in the background (the timer does not keep the process alive). */
  start(): void
  stop(): Promise<void>
  /** The replica for the next request, or `undefined` when none may serve reads. */
  pick(): ReplicaState | undefined
  /**
   * Whether the replica has replayed `position`, asking it again when what is known is older (a
   * replayed position only grows, so a known one at or past `position` needs no question).
   */
  hasReplayed(state: ReplicaState, position: WalPosition): Promise<boolean>
  /** Takes a replica out of use until the next probe finds it answering again. */
  markDown(state: ReplicaState, error: unknown): void
  status(): ReplicaStatus[]
}

const REPLAYED_SQL = 'select pg_is_in_recovery() as recovering, pg_last_wal_replay_lsn()::text as replayed'

function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

/** Settles like `promise`, or rejects after `ms`: a replica that hangs must not hold up a probe. */
function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

/**
 * Tracks the replicas' health and lag. Each probe reads the primary's WAL insert position, then each
 * replica's replayed position; a replica that fails to answer, or answers as a primary (promoted), is
 * down until a later probe.
 */
export function createReplicaHealth(options: {
  primary: Db
  replicas: readonly ReplicaLink[]
  maxLagMs: number
  probeIntervalMs: number
  now?: () => number
}): ReplicaHealth {
  const now = options.now ?? Date.now
  const states: ReplicaState[] = options.replicas.map((link) => ({
    link,
    isUp: false,
    replayed: undefined,
    lagMs: Number.POSITIVE_INFINITY,
    lastError: 'not probed yet',
  }))
  // Enough samples to tell a lag of `maxLagMs` from a longer one.
  const keep = Math.ceil(options.maxLagMs / options.probeIntervalMs) + 2
  const samples: PrimarySample[] = []
  // A replica slower than this to say where it is counts as down.
  const answerWithinMs = Math.max(2_000, options.probeIntervalMs * 2)
  let turn = 0
  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> | undefined

  function askReplayed(state: ReplicaState) {
    return withTimeout(
      state.link.db.query<{ recovering: boolean; replayed: string | null }>(REPLAYED_SQL),
      answerWithinMs,
    )
  }

  function markDown(state: ReplicaState, error: unknown) {
    state.isUp = false
    state.lastError = describeError(error)
  }

  function record(state: ReplicaState, row: { recovering: boolean; replayed: string | null } | undefined) {
    if (!row?.recovering || !row.replayed) {
      state.isUp = false
      state.lastError = 'not a standby in recovery'
      return
    }
    const replayed = parseWalPosition(row.replayed)
    state.replayed = state.replayed !== undefined && state.replayed > replayed ? state.replayed : replayed
    state.isUp = true
    state.lastError = undefined
  }

  async function probeReplica(state: ReplicaState) {
    try {
      const [row] = await askReplayed(state)
      record(state, row)
      if (state.isUp && state.replayed !== undefined)
        state.lagMs = estimateReplicaLagMs(samples, state.replayed, now())
    } catch (error) {
      markDown(state, error)
    }
  }

  async function probe() {
    try {
      const [row] = await withTimeout(
        options.primary.query<{ position: string }>('select pg_current_wal_insert_lsn()::text as position'),
        answerWithinMs,
      )
      if (row) samples.push({ at: now(), position: parseWalPosition(row.position) })
      if (samples.length > keep) samples.splice(0, samples.length - keep)
    } catch {
      // The primary is away: the replicas' lag cannot be told; they keep their last one.
    }
    await Promise.all(states.map(probeReplica))
  }

  function schedule() {
    timer = setTimeout(() => {
      running = probe().finally(() => {
        running = undefined
        if (timer) schedule()
      })
    }, options.probeIntervalMs)
    timer.unref()
  }

  return {
    probe,
    start() {
      if (!timer) schedule()
    },
    async stop() {
      clearTimeout(timer)
      timer = undefined
      await running
    },
    pick() {
      return pickReplica(states, options.maxLagMs, turn++)
    },
    async hasReplayed(state, position) {
      if (state.replayed !== undefined && state.replayed >= position) return true
      try {
        const [row] = await askReplayed(state)
        record(state, row)
      } catch (error) {
        markDown(state, error)
      }
      return state.isUp && state.replayed !== undefined && state.replayed >= position
    },
    markDown,
    status() {
      return states.map((state) => ({
        name: state.link.name,
        isUp: state.isUp,
        isUsable: isUsableReplica(state, options.maxLagMs),
        lagMs: Number.isFinite(state.lagMs) ? state.lagMs : null,
        replayed: state.replayed === undefined ? null : formatWalPosition(state.replayed),
        lastError: state.lastError ?? null,
      }))
    },
  }
}
