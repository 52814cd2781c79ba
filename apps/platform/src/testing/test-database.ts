import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { inject } from 'vitest'
import type { Db } from '../db/db.ts'
import { openPostgres } from '../db/postgres-db.ts'
import { openPooledPglite } from './pglite-pool.ts'

export type DatabaseKind = 'pglite' | 'postgres'

/** The databases the store suites run on: PGlite always, PostgreSQL when the test run has a server. */
export function databaseKinds(): DatabaseKind[] {
  return inject('postgresTemplates') ? ['pglite', 'postgres'] : ['pglite']
}

/**
 * A fresh database of the given kind, cloned from a migrated template (`demo` holds the demo store), or for
 * PGlite one of the worker's earlier ones reset to the template (`pglite-pool.ts`). Closing it drops it
 * (gives it back).
 */
export async function openTestDatabase(kind: DatabaseKind, template: 'empty' | 'demo' = 'demo'): Promise<Db> {
  if (kind === 'pglite')
    return openPooledPglite(template, () => new Blob([readFileSync(inject('pgliteTemplates')[template])]))
  const templates = inject('postgresTemplates')
  if (!templates) throw new Error('no PostgreSQL server for this test run (TEST_DATABASE_URL is unset)')
  const name = `aisle_test_${randomUUID().replaceAll('-', '')}`
  const admin = openPostgres(templates.url, { max: 1 })
  await admin.query(`create database ${name} template ${templates[template]}`)
  const target = new URL(templates.url)
  target.pathname = `/${name}`
  const db = openPostgres(target.toString(), { max: 4 })
  return {
    ...db,
    async close() {
      await db.close()
      await admin.query(`drop database if exists ${name} with (force)`)
      await admin.close()
    },
  }
}
