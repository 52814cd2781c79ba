import { join } from 'node:path'
import { lockDataDir } from './data-dir-lock.ts'
import type { Db } from './db.ts'
import { openPglite } from './pglite-db.ts'
import { openPostgres } from './postgres-db.ts'

/**
 * Opens the configured database: a PostgreSQL server when `databaseUrl` is set, otherwise PGlite in
 * `dataDir`, locked against a second process. Closing the database releases the lock.
 */
export async function openDatabase(options: {
  databaseUrl: string | undefined
  dataDir: string
}): Promise<Db> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl)
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
