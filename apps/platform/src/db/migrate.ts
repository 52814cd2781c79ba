import type { Db } from './db.ts'
import * as foundation from './migrations/001-foundation.ts'
import * as catalogueSearch from './migrations/002-catalogue-search-cost-outbox.ts'
import * as bulkOperations from './migrations/003-bulk-operations.ts'

/** Every migration, in order. A migration is never edited once it has shipped: add the next one. */
export const migrations: readonly { version: number; name: string; sql: string }[] = [
  { version: 1, name: 'foundation', sql: foundation.sql },
  { version: 2, name: 'catalogue-search-cost-outbox', sql: catalogueSearch.sql },
  { version: 3, name: 'bulk-operations', sql: bulkOperations.sql },
]

// Any fixed number works; it keeps two platform processes from migrating the same server at once.
const MIGRATION_LOCK = 7_310_427

/** Applies the migrations the database has not seen yet, each in its own transaction. Returns their versions. */
export async function migrate(db: Db): Promise<number[]> {
  await db.query(`create table if not exists schema_migrations (
    version integer primary key,
    name text not null,
    applied_date timestamptz not null default now()
  )`)
  const applied: number[] = []
  for (const migration of migrations) {
    const didApply = await db.transaction(async (tx) => {
      await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK])
      const done = await tx.query('select 1 from schema_migrations where version = $1', [migration.version])
      if (done.length > 0) return false
      for (const statement of splitStatements(migration.sql)) await tx.query(statement)
      await tx.query('insert into schema_migrations (version, name) values ($1, $2)', [
        migration.version,
        migration.name,
      ])
      return true
    })
    if (didApply) applied.push(migration.version)
  }
  return applied
}

/** Splits a migration into statements (they contain no semicolons inside literals or bodies). */
function splitStatements(sql: string): string[] {
  return sql
    .split(/;\s*$/m)
    .map((statement) => statement.replace(/^\s*--.*$/gm, '').trim())
    .filter((statement) => statement.length > 0)
}
