import { AsyncLocalStorage } from 'node:async_hooks'
import { type Logger, silentLogger } from '../log.ts'
import {
  ensureCallerWritePositions,
  findCallerWrite,
  forgetCallerWrites,
  recordCallerWrite,
} from './caller-write-positions.ts'
import { type Db, type Statement, statementText } from './db.ts'
import { isReadOnlyStatement } from './read-only-statement.ts'
import { isReplicaFallbackError } from './replica-errors.ts'
import {
  createReplicaHealth,
  type ReplicaLink,
  type ReplicaState,
  type ReplicaStatus,
} from './replica-health.ts'

/** What the read routing needs to know of one request before it runs. */
export interface RoutedRequest {
  /** The request may be answered from a replica (a catalogue GET, see `http/read-routing.ts`). */
  mayReadReplica: boolean
  /** A hash of the caller's credential, to keep their own writes visible to them; none when anonymous. */
  callerKey: string | undefined
}

/**
 * A `Db` over a primary and its read replicas. Outside `runRequest` (workers, migrations) every
 * statement goes to the primary. Inside it, a request that may read a replica has its read-only
 * statements answered by one replica, chosen when it first reads, as long as that replica is up, within
 * the lag bound and has replayed the caller's last write; everything else goes to the primary.
 */
export interface ReplicaRoutingDb extends Db {
  readonly kind: 'postgres'
  /**
   * Runs one request with its statements routed. Writes mark the caller: once the request is done,
   * the primary's WAL position is kept for them, so that their next read, in any process, waits for a
   * replica that has replayed it or goes to the primary. A request inside another (an in-process call)
   * follows the outer one.
   */
  runRequest<T>(request: RoutedRequest, fn: () => Promise<T>): Promise<T>
  /** The replicas' health as this process sees it. */
  replicaStatus(): ReplicaStatus[]
}

/** Whether `db` routes reads to replicas. */
export function isReplicaRoutingDb(db: Db): db is ReplicaRoutingDb {
  return 'runRequest' in db && typeof db.runRequest === 'function'
}

interface RequestRoute extends RoutedRequest {
  /** The replica chosen at the first read (`undefined`: the primary), decided once per request. */
  choice: Promise<ReplicaState | undefined> | undefined
  /** Once a request has read from the primary it stays there, so it never sees data go back in time. */
  isOnPrimary: boolean
  /** It wrote something a replica read of its caller's may show: their write position is recorded. */
  hasWritten: boolean
}

export interface ReplicaRoutingOptions {
  primary: Db
  replicas: readonly ReplicaLink[]
  /** A replica further behind the primary than this serves no reads. */
  maxLagMs: number
  /** How often each process asks the replicas where they are (500 ms). */
  probeIntervalMs?: number
  /** Told when a replica fails a read that the primary then answers, and when a write position is lost. */
  logger?: Logger
  /**
   * Whether a write statement may change rows that a replica-read request shows (default: every write
   * may). A request whose writes all may not (a shopper's cart, say, which no catalogue read shows)
   * records no write position for its caller: no later replica read of theirs can miss it.
   */
  isSeenByReplicaReads?: (sql: string) => boolean
}

// A caller's write is forgotten after this long: any replica still behind it is far past the lag bound.
const WRITE_MEMORY_MS = 10 * 60 * 1000

/**
 * Opens the routing over a primary and replicas: creates the write-position table if missing, probes
 * the replicas once, then keeps probing in the background.
 * @example
 * ```ts
 * const db = await createReplicaRoutingDb({ primary, replicas: [{ name: 'replica-1', db: replica }], maxLagMs: 2000 })
 * const answer = await db.runRequest({ mayReadReplica: true, callerKey }, () => app.fetch(request))
 * ```
 */
export async function createReplicaRoutingDb(options: ReplicaRoutingOptions): Promise<ReplicaRoutingDb> {
  const { primary } = options
  const logger = options.logger ?? silentLogger
  const isSeen = options.isSeenByReplicaReads ?? (() => true)
  const probeIntervalMs = options.probeIntervalMs ?? 500
  const health = createReplicaHealth({ ...options, probeIntervalMs })
  const requests = new AsyncLocalStorage<RequestRoute>()
  await ensureCallerWritePositions(primary)
  await health.probe()
  health.start()
  const forgetting = setInterval(() => {
    forgetCallerWrites(primary, new Date(Date.now() - WRITE_MEMORY_MS)).catch(() => {})
  }, 60_000)
  forgetting.unref()

  function chooseReplica(route: RequestRoute): Promise<ReplicaState | undefined> {
    route.choice ??= (async () => {
      const replica = health.pick()
      if (!replica || !route.callerKey) return replica
      const written = await findCallerWrite(primary, route.callerKey)
      if (written === undefined || (await health.hasReplayed(replica, written))) return replica
      return undefined
    })()
    return route.choice
  }

  async function readReplica<Row>(route: RequestRoute, sql: Statement, params?: readonly unknown[]) {
    const replica = route.isOnPrimary ? undefined : await chooseReplica(route)
    if (replica && !route.isOnPrimary) {
      try {
        const rows = await replica.link.db.query<Row>(sql, params)
        // No rows may mean rows the replica has not replayed yet (a token issued a moment ago, a
        // product just created): only the primary can say they do not exist.
        if (rows.length > 0) return rows
      } catch (error) {
        if (!isReplicaFallbackError(error)) throw error
        health.markDown(replica, error)
        logger.warn('replica read failed; the primary answers', {
          replica: replica.link.name,
          error: error instanceof Error ? error.message : String(error),
        })
      }
    }
    route.isOnPrimary = true
    return primary.query<Row>(sql, params)
  }

  /** The primary's transaction, noting whether it wrote. */
  function tracked(tx: Db, route: RequestRoute): Db {
    return {
      kind: tx.kind,
      query(sql, params) {
        const text = statementText(sql)
        if (!isReadOnlyStatement(text) && isSeen(text)) route.hasWritten = true
        return tx.query(sql, params)
      },
      transaction: (fn) => tx.transaction((inner) => fn(tracked(inner, route))),
      close: () => tx.close(),
    }
  }

  return {
    kind: 'postgres',
    // The primary's pool: the one every write and every fallback waits on.
    connectionStats: () => primary.connectionStats?.() ?? { total: 0, idle: 0, waiting: 0 },
    async query<Row>(sql: Statement, params?: readonly unknown[]) {
      const route = requests.getStore()
      if (!route) return primary.query<Row>(sql, params)
      const text = statementText(sql)
      if (!isReadOnlyStatement(text)) {
        if (isSeen(text)) route.hasWritten = true
        route.isOnPrimary = true
        return primary.query<Row>(sql, params)
      }
      if (!route.mayReadReplica || route.isOnPrimary) return primary.query<Row>(sql, params)
      return readReplica<Row>(route, sql, params)
    },
    async transaction<T>(fn: (tx: Db) => Promise<T>) {
      const route = requests.getStore()
      if (!route) return primary.transaction(fn)
      route.isOnPrimary = true
      return primary.transaction((tx) => fn(tracked(tx, route)))
    },
    async runRequest<T>(request: RoutedRequest, fn: () => Promise<T>) {
      if (requests.getStore()) return fn()
      const route: RequestRoute = {
        ...request,
        choice: undefined,
        isOnPrimary: !request.mayReadReplica,
        hasWritten: false,
      }
      return requests.run(route, async () => {
        const result = await fn()
        // Before the answer leaves: the caller's next request may reach another process at once. The
        // write itself succeeded, so a failure here (the primary gone) does not turn it into an error.
        if (route.hasWritten && route.callerKey) {
          await recordCallerWrite(primary, route.callerKey).catch((error: unknown) =>
            logger.warn('could not record a caller write position', {
              error: error instanceof Error ? error.message : String(error),
            }),
          )
        }
        return result
      })
    },
    replicaStatus: () => health.status(),
    async close() {
      clearInterval(forgetting)
      await health.stop()
      await Promise.all([primary.close(), ...options.replicas.map((replica) => replica.db.close())])
    },
  }
}
