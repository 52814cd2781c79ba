import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import type { TestProject } from 'vitest/node'
import type { Db } from '../db/db.ts'
import { migrate } from '../db/migrate.ts'
import { fromPglite } from '../db/pglite-db.ts'
import { openPostgres } from '../db/postgres-db.ts'
import { seedDemoStore } from '../seed/demo-store.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    /** Snapshots of migrated PGlite databases: `empty` has no data, `demo` has the demo store. */
    pgliteTemplates: { empty: string; demo: string }
    /** Template databases on the PostgreSQL server of `TEST_DATABASE_URL`, when there is one. */
    postgresTemplates: { url: string; empty: string; demo: string } | null
  }
}

async function prepare(db: Db, seed: boolean) {
  await migrate(db)
  if (seed) await seedDemoStore(db)
}

// Creating and migrating a database costs seconds; each test file instead clones one of these.
export async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'aisle-test-templates-'))
  const templates = { empty: join(dir, 'empty.tar'), demo: join(dir, 'demo.tar') }
  for (const [name, seed] of [
    ['empty', false],
    ['demo', true],
  ] as const) {
    const pglite = await PGlite.create()
    await prepare(fromPglite(pglite), seed)
    const dump = await pglite.dumpDataDir('none')
    writeFileSync(templates[name], new Uint8Array(await dump.arrayBuffer()))
    await pglite.close()
  }
  project.provide('pgliteTemplates', templates)

  const url = process.env.TEST_DATABASE_URL
  let postgresTemplates: { url: string; empty: string; demo: string } | null = null
  if (url) {
    const suffix = `${process.pid}_${Date.now()}`
    postgresTemplates = { url, empty: `aisle_tpl_empty_${suffix}`, demo: `aisle_tpl_demo_${suffix}` }
    const admin = openPostgres(url, { max: 1 })
    for (const [name, seed] of [
      [postgresTemplates.empty, false],
      [postgresTemplates.demo, true],
    ] as const) {
      await admin.query(`create database ${name}`)
      const target = new URL(url)
      target.pathname = `/${name}`
      const db = openPostgres(target.toString(), { max: 1 })
      await prepare(db, seed)
      await db.close()
    }
    await admin.close()
  }
  project.provide('postgresTemplates', postgresTemplates)

  return async () => {
    rmSync(dir, { recursive: true, force: true })
    if (url && postgresTemplates) {
      const admin = openPostgres(url, { max: 1 })
      await admin.query(`drop database if exists ${postgresTemplates.empty} with (force)`)
      await admin.query(`drop database if exists ${postgresTemplates.demo} with (force)`)
      await admin.close()
    }
  }
}
