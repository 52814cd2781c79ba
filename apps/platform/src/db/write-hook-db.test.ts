import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { databaseKinds, openTestDatabase } from '../testing/test-database.ts'
import type { Db } from './db.ts'
import { withWriteHook } from './write-hook-db.ts'

describe.each(databaseKinds())('withWriteHook on %s', (kind) => {
  let raw: Db
  let db: Db
  const seen: string[] = []
  beforeAll(async () => {
    raw = await openTestDatabase(kind, 'empty')
    await raw.query('create table notes (id int primary key, body text)')
    db = withWriteHook(raw, () => seen.push('write'))
  })
  afterAll(() => raw.close())

  it('tells after a statement that may write, never after a plain select', async () => {
    seen.length = 0
    await db.query('select count(*) from notes')
    expect(seen).toEqual([])
    await db.query("insert into notes values (1, 'a')")
    expect(seen).toEqual(['write'])
    await db.query("with changed as (update notes set body = 'b' returning id) select * from changed")
    expect(seen).toEqual(['write', 'write'])
  })

  it('counts a read-only with as a read, and only the writes it concerns with a filter', async () => {
    seen.length = 0
    await db.query('with n as (select * from notes) select count(*) from n')
    expect(seen).toEqual([])
    const filtered = withWriteHook(raw, () => seen.push('notes'), {
      concerns: (sql) => sql.includes('notes'),
    })
    await raw.query('create table if not exists other (id int primary key)')
    await filtered.query('insert into other values (1) on conflict do nothing')
    expect(seen).toEqual([])
    await filtered.query("insert into notes values (9, 'z')")
    expect(seen).toEqual(['notes'])
  })

  it('tells once after the commit of a transaction that wrote, and not for one rolled back', async () => {
    seen.length = 0
    await db.transaction(async (tx) => {
      await tx.query("insert into notes values (2, 'c')")
      await tx.query("insert into notes values (3, 'd')")
      // Not yet: a read elsewhere could still see the rows as they were.
      expect(seen).toEqual([])
    })
    expect(seen).toEqual(['write'])
    await expect(
      db.transaction(async (tx) => {
        await tx.query("insert into notes values (4, 'e')")
        throw new Error('changed my mind')
      }),
    ).rejects.toThrow('changed my mind')
    expect(seen).toEqual(['write'])
    await db.transaction((tx) => tx.query('select * from notes'))
    expect(seen).toEqual(['write'])
  })
})
