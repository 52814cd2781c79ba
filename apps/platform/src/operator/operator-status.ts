import type { Db } from '../db/db.ts'
import { migrations } from '../db/migrate.ts'
import {
  type CountedTable,
  countRows,
  readAppliedVersions,
  readServerVersion,
} from './operator-status-store.ts'

/** What `aisle status` finds: whether the database answers, which migrations it lacks, its rows. */
export type DatabaseStatus =
  | { database: string; reachable: false; error: string }
  | {
      database: string
      reachable: true
      serverVersion: string
      applied: number[]
      pending: { version: number; name: string }[]
      /** Versions the database has that this release does not know: a newer release migrated it. */
      unknown: number[]
      rows: Record<CountedTable, number | null>
    }

/** Reads the status of `db`, named `database` (host, port and name: never a password). */
export async function readDatabaseStatus(db: Db, database: string): Promise<DatabaseStatus> {
  let serverVersion: string
  try {
    serverVersion = await readServerVersion(db)
  } catch (error) {
    return { database, reachable: false, error: error instanceof Error ? error.message : String(error) }
  }
  const applied = await readAppliedVersions(db)
  const known = new Set(migrations.map((migration) => migration.version))
  return {
    database,
    reachable: true,
    serverVersion,
    applied,
    pending: migrations
      .filter((migration) => !applied.includes(migration.version))
      .map(({ version, name }) => ({ version, name })),
    unknown: applied.filter((version) => !known.has(version)),
    rows: await countRows(db),
  }
}

/** The status as a few lines for a person. */
export function formatDatabaseStatus(status: DatabaseStatus): string {
  if (!status.reachable) return `database    ${status.database}: unreachable (${status.error})\n`
  const latest = migrations.findLast((migration) => status.applied.includes(migration.version))
  const lines = [
    `database    ${status.database} (server ${status.serverVersion})`,
    `migrations  ${status.applied.length} applied, ${status.pending.length} pending${latest ? `; latest ${formatVersion(latest)}` : ''}`,
    ...status.pending.map((migration) => `  pending   ${formatVersion(migration)}`),
    ...status.unknown.map((version) => `  unknown   ${version} (applied by a newer release)`),
    `rows        ${Object.entries(status.rows)
      .map(([table, count]) => `${table} ${count ?? '-'}`)
      .join(', ')}`,
  ]
  return `${lines.join('\n')}\n`
}

/** `020 unit-prices-and-display-currencies`. */
export function formatVersion(migration: { version: number; name: string }): string {
  return `${String(migration.version).padStart(3, '0')} ${migration.name}`
}
