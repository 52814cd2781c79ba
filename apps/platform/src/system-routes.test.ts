import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from './app.ts'
import type { Db } from './db/db.ts'
import { checkReadiness, createDrainState, EXPECTED_MIGRATION_VERSION } from './observability/readiness.ts'
import { databaseKinds, openTestDatabase } from './testing/test-database.ts'
import { TEST_PUBLIC_URL } from './testing/test-platform.ts'

function createSystemPlatform(db: Db) {
  const drain = createDrainState()
  const app = createApp({ db, publicUrl: TEST_PUBLIC_URL, drain })
  const get = async (path: string) => {
    const response = await app.request(`${TEST_PUBLIC_URL}${path}`)
    return { status: response.status, headers: response.headers, json: await response.json() }
  }
  return { drain, get }
}

describe.each(databaseKinds())('GET /ready on %s', (kind) => {
  let db: Db
  beforeAll(async () => {
    db = await openTestDatabase(kind, 'empty')
  })
  afterAll(() => db.close())

  it('answers ready with the schema version when the database answers at the expected version', async () => {
    const response = await createSystemPlatform(db).get('/ready')
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(response.json).toEqual({
      status: 'ready',
      database: kind,
      migrationVersion: EXPECTED_MIGRATION_VERSION,
    })
  })

  it('answers 503 NOT_READY once the process drains, and /health stays 200', async () => {
    const platform = createSystemPlatform(db)
    platform.drain.startDraining()
    const response = await platform.get('/ready')
    expect(response.status).toBe(503)
    expect(response.json.details.applicationError).toMatchObject({
      code: 'NOT_READY',
      data: { isDraining: true, database: 'ok' },
    })
    expect(response.json.message).toBe('The platform is shutting down')
    expect((await platform.get('/health')).status).toBe(200)
  })

  it('answers 503 while the schema is behind the version this build expects', async () => {
    // Versions may skip a number (a migration numbered for a branch not merged yet): the one before is read.
    const [last, before] = await db.query<{ version: number; name: string }>(
      'select version, name from schema_migrations order by version desc limit 2',
    )
    await db.query('delete from schema_migrations where version = $1', [last!.version])
    try {
      const response = await createSystemPlatform(db).get('/ready')
      expect(response.status).toBe(503)
      expect(response.json.details.applicationError.data).toMatchObject({
        migrationVersion: before!.version,
        expectedMigrationVersion: EXPECTED_MIGRATION_VERSION,
      })
    } finally {
      await db.query('insert into schema_migrations (version, name) values ($1, $2)', [
        last!.version,
        last!.name,
      ])
    }
  })
})

describe('GET /ready without a database', () => {
  it('answers 503 when the database is closed, while /health still answers', async () => {
    const db = await openTestDatabase('pglite', 'empty')
    const platform = createSystemPlatform(db)
    await db.close()
    const response = await platform.get('/ready')
    expect(response.status).toBe(503)
    expect(response.json.details.applicationError).toMatchObject({
      code: 'NOT_READY',
      data: { database: 'unreachable', isDraining: false },
    })
    expect((await platform.get('/health')).json).toEqual({ status: 'ok', database: 'pglite' })
  })

  it('calls a database that does not answer in time a timeout', async () => {
    // A hung connection is what a real server cannot easily be made to do on demand.
    const hung: Db = {
      kind: 'postgres',
      query: () => new Promise(() => {}),
      transaction: () => new Promise(() => {}),
      close: async () => {},
    }
    const readiness = await checkReadiness({ db: hung, drain: createDrainState(), timeoutMs: 20 })
    expect(readiness).toMatchObject({ isReady: false, database: 'timeout', migrationVersion: undefined })
  })
})
