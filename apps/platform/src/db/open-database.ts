import { join } from 'node:path'
import type { Logger } from '../log.ts'
import { lockDataDir } from './data-dir-lock.ts'
import type { Db } from './db.ts'
import { openPglite } from './pglite-db.ts'
import { openPostgres } from './postgres-db.ts'
import type { ReplicaConfig } from './replica-config.ts'
import { createReplicaRoutingDb } from './replica-routing-db.ts'

/**
 * Opens the configured database: a PostgreSQL server when `databaseUrl` is set (with its read
 * replicas, when `replicas` names some: see `createReplicaRoutingDb`), otherwise PGlite in `dataDir`,
 * locked against a second process. Closing the database releases the lock.
 */
export async function openDatabase(options: {
  databaseUrl: string | undefined
  dataDir: string
  replicas?: ReplicaConfig
  logger?: Logger
  /** Which writes a caller's next replica read must see (`ReplicaRoutingOptions.isSeenByReplicaReads`). */
  isSeenByReplicaReads?: (sql: string) => boolean
}): Promise<Db> {
  if (options.databaseUrl) {
    const primary = openPostgres(options.databaseUrl)
    const urls = options.replicas?.urls ?? []
    if (urls.length === 0) return primary
    return createReplicaRoutingDb({
      primary,
      // Named by host and port: never the URL, which may hold a password.
      replicas: urls.map((url) => ({ name: new URL(url).host, db: openPostgres(url) })),
      maxLagMs: options.replicas?.maxLagMs ?? 0,
      logger: options.logger,
      isSeenByReplicaReads: options.isSeenByReplicaReads,
    })
  }
  const release = lockDataDir(options.dataDir)
  try {
    const db = await openPglite({ dataDir: join(options.dataDir, 'pglite') })
    return {
      ...db,
      async close() {
        try {
          await db.close()
        } finally {
          release()
        }
      },
    }
  } catch (error) {
    release()
    throw error
  }
}
