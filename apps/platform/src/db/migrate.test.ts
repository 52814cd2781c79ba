import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { databaseKinds, openTestDatabase } from '../testing/test-database.ts'
import type { Db } from './db.ts'
import { migrate, migrations } from './migrate.ts'

describe.each(databaseKinds())('migrate on %s', (kind) => {
  let db: Db
  beforeAll(async () => {
    db = await openTestDatabase(kind, 'empty')
  })
  afterAll(() => db.close())

  it('records every migration once and applies nothing the second time', async () => {
    const versions = await db.query<{ version: number }>(
      'select version from schema_migrations order by version',
    )
    expect(versions.map((v) => v.version)).toEqual(migrations.map((m) => m.version))
    expect(await migrate(db)).toEqual([])
  })

  it('stores event payloads in their rows up to 4 kB, with lz4 where the server has it', async () => {
    const [setting] = await db.query<{ has_lz4: boolean }>(
      `select 'lz4' = any(enumvals) as has_lz4 from pg_settings where name = 'default_toast_compression'`,
    )
    const [column] = await db.query<{ compression: string }>(
      `select attcompression::text as compression from pg_attribute
       where attrelid = 'events'::regclass and attname = 'payload'`,
    )
    const [table] = await db.query<{ options: string[] }>(
      `select reloptions as options from pg_class where oid = 'events'::regclass`,
    )
    expect(setting?.has_lz4).toBe(kind === 'postgres')
    expect(column?.compression).toBe(kind === 'postgres' ? 'l' : '')
    expect(table?.options).toEqual(['toast_tuple_target=4096'])
  })

  it('lets two migrators race without harm', async () => {
    const results = await Promise.all([migrate(db), migrate(db)])
    expect(results).toEqual([[], []])
  })
})
