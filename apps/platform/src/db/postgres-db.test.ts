import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type PostgresServer, startPrimary } from '../../../../scripts/topology/replicated-postgres.mjs'
import { isDatabaseUnavailableError } from './database-unavailable.ts'
import { type Db, prepared } from './db.ts'
import { openPostgres } from './postgres-db.ts'

/** PostgreSQL's server binaries, where scripts/postgres.mjs looks for them (it installs them otherwise). */
function hasPostgresBinaries(): boolean {
  if (process.env.PG_BIN) return existsSync(join(process.env.PG_BIN, 'initdb'))
  const debian = '/usr/lib/postgresql'
  return (
    existsSync(debian) &&
    readdirSync(debian).some((version) => existsSync(join(debian, version, 'bin/initdb')))
  )
}

const isRunnable = hasPostgresBinaries()
if (!isRunnable) {
  console.warn(
    'postgres-db.test.ts: skipped, no PostgreSQL server binaries (set PG_BIN or install postgresql)',
  )
}

async function caught(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => undefined,
    (error: unknown) => error,
  )
}

describe.skipIf(!isRunnable)('openPostgres when the server goes away', () => {
  let server: PostgresServer
  let db: Db
  beforeAll(async () => {
    server = await startPrimary({ isDurable: false })
    db = openPostgres(server.url, { max: 2 })
    await db.query('create table probe (n integer)')
  }, 120_000)
  afterAll(async () => {
    await db?.close()
    await server?.stop()
  })

  it('runs a prepared `select *` by its text once a column is added (a transaction fails once)', async () => {
    // One connection, so the statement runs where it was prepared.
    const single = openPostgres(server.url, { max: 1 })
    try {
      await single.query('create table widened (id integer primary key)')
      await single.query('insert into widened (id) values (1)')
      const read = prepared('select * from widened where id = $1')
      const locked = prepared('select * from widened where id = $1 for update')
      expect(await single.query(read, [1])).toEqual([{ id: 1 }])
      expect(await single.transaction((tx) => tx.query(locked, [1]))).toEqual([{ id: 1 }])
      await single.query("alter table widened add column name text not null default 'a'")
      // Inside a transaction PostgreSQL's refusal of the prepared plan (its result changed) aborts it,
      // once; the next transaction runs the statement's text.
      const refused = await caught(single.transaction((tx) => tx.query(locked, [1])))
      expect((refused as { code?: string }).code).toBe('0A000')
      expect(await single.transaction((tx) => tx.query(locked, [1]))).toEqual([{ id: 1, name: 'a' }])
      // Outside a transaction the statement runs again at once.
      expect(await single.query(read, [1])).toEqual([{ id: 1, name: 'a' }])
      expect(await single.query(read, [1])).toEqual([{ id: 1, name: 'a' }])
    } finally {
      await single.close()
    }
  })

  it('fails a transaction whose connection ends between two statements, and keeps the process and the pool', async () => {
    const admin = openPostgres(server.url, { max: 1 })
    try {
      const failure = await caught(
        db.transaction(async (tx) => {
          await tx.query('insert into probe (n) values (1)')
          const [row] = await tx.query<{ pid: number }>('select pg_backend_pid() as pid')
          await admin.query('select pg_terminate_backend($1)', [row?.pid])
          // The end of the connection reaches this client while no statement runs.
          await new Promise((resolve) => setTimeout(resolve, 200))
          await tx.query('insert into probe (n) values (2)')
        }),
      )
      expect(isDatabaseUnavailableError(failure)).toBe(true)
      expect(await db.query('select count(*)::int as n from probe')).toEqual([{ n: 0 }])
    } finally {
      await admin.close()
    }
  })

  it('fails statements as unavailable while the server restarts, and serves again afterwards', async () => {
    await db.query('select 1')
    const restarting = server.restart({ pauseMs: 1_000 })
    await new Promise((resolve) => setTimeout(resolve, 500))
    const failure = await caught(db.query('select 1'))
    await restarting
    expect(isDatabaseUnavailableError(failure)).toBe(true)
    expect(await db.query('select 1 as one')).toEqual([{ one: 1 }])
    await db.transaction((tx) => tx.query('insert into probe (n) values (3)'))
    expect(await db.query('select count(*)::int as n from probe')).toEqual([{ n: 1 }])
  }, 60_000)
})
