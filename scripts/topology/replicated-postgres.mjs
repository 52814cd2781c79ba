// A PostgreSQL primary and its streaming read replica, on loopback ports in temporary directories.
import pg from 'pg'
import { startPostgres, startReplica } from '../postgres.mjs'

/** @typedef {import('../postgres.mjs').PostgresServer} PostgresServer */

// The test servers of scripts/postgres.mjs trade durability for speed; a topology that is killed and
// restarted on purpose keeps what it acknowledged.
const durableSettings = ['fsync = on', 'synchronous_commit = on', 'full_page_writes = on']
const primarySettings = ['wal_level = replica', 'max_wal_senders = 8', 'max_replication_slots = 8']
// The standby tells the primary which rows its queries still read, so replay cancels none of them.
const replicaSettings = ['hot_standby_feedback = on']

/**
 * Starts a primary that streams its WAL to replicas (`wal_level = replica`).
 * @param {{ log?: (line: string) => void, isDurable?: boolean }} [options] `isDurable` (true): fsync,
 *   synchronous commit and full-page writes on, as in production
 * @returns {Promise<PostgresServer>}
 */
export function startPrimary({ log, isDurable = true } = {}) {
  return startPostgres({ log, settings: [...primarySettings, ...(isDurable ? durableSettings : [])] })
}

/**
 * Starts a hot-standby replica of `primary` through the replication slot `slot` (made by
 * `pg_basebackup -R -C`).
 * @param {PostgresServer} primary
 * @param {{ slot?: string, log?: (line: string) => void }} [options]
 * @returns {Promise<PostgresServer>}
 */
export function startStreamingReplica(primary, { slot = 'aisle_replica_1', log } = {}) {
  return startReplica(primary, { slot, log, settings: replicaSettings })
}

/**
 * Starts a primary and one streaming replica.
 * @param {{ log?: (line: string) => void, isDurable?: boolean }} [options]
 * @returns {Promise<{ primary: PostgresServer, replica: PostgresServer, stop: () => Promise<void> }>}
 *   `stop()` stops the replica, then the primary, and removes their directories
 */
export async function startReplicatedPostgres(options = {}) {
  const primary = await startPrimary(options)
  try {
    const replica = await startStreamingReplica(primary, options)
    return {
      primary,
      replica,
      async stop() {
        await replica.stop()
        await primary.stop()
      },
    }
  } catch (error) {
    await primary.stop()
    throw error
  }
}

/**
 * Waits until the replica has replayed everything the primary had written when called.
 * @param {{ url: string }} primary
 * @param {{ url: string }} replica
 * @param {{ timeoutMs?: number }} [options]
 * @returns {Promise<number>} milliseconds from reading the primary's position to the replica having
 *   replayed it (connecting is not counted)
 * @throws {Error} when the replica does not catch up within `timeoutMs` (30 s)
 */
export async function waitForReplay(primary, replica, { timeoutMs = 30_000 } = {}) {
  const primaryClient = new pg.Client({ connectionString: primary.url })
  const replicaClient = new pg.Client({ connectionString: replica.url })
  await Promise.all([primaryClient.connect(), replicaClient.connect()])
  try {
    const started = performance.now()
    const { rows } = await primaryClient.query('select pg_current_wal_insert_lsn()::text as position')
    const position = rows[0].position
    while (performance.now() - started < timeoutMs) {
      const replay = await replicaClient.query(
        'select pg_last_wal_replay_lsn() >= $1::pg_lsn as "isReplayed"',
        [position],
      )
      if (replay.rows[0]?.isReplayed) return performance.now() - started
      await new Promise((resolve) => setTimeout(resolve, 1))
    }
    throw new Error(`the replica did not replay ${position} within ${timeoutMs / 1000} s`)
  } finally {
    await Promise.all([primaryClient.end(), replicaClient.end()])
  }
}

/**
 * The primary's view of its replicas: each one's state and how far behind it is.
 * @param {{ url: string }} primary
 * @returns {Promise<{ state: string, replayLagMs: number | null, replayBytesBehind: number }[]>}
 */
export async function describeReplication(primary) {
  const client = new pg.Client({ connectionString: primary.url })
  await client.connect()
  try {
    const { rows } = await client.query(
      `select state,
              (extract(epoch from replay_lag) * 1000)::float8 as "replayLagMs",
              pg_wal_lsn_diff(pg_current_wal_insert_lsn(), replay_lsn)::float8 as "replayBytesBehind"
         from pg_stat_replication`,
    )
    return rows
  } finally {
    await client.end()
  }
}
