import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../db/db.ts'
import { ValidationError } from '../http/errors.ts'
import { databaseKinds, openTestDatabase } from '../testing/test-database.ts'
import { FilterCompiler, type QueryFields } from './filter-compiler.ts'

const fields: QueryFields = {
  name: { sql: 'p.name', type: 'string' },
  price: { sql: 'p.price_minor', type: 'number', cast: 'int', toParam: (v) => Math.round(v * 100) },
  tags: { sql: '', type: 'idSet', setSql: 'select t.id from tags t where t.product_id = p.id' },
  media: { sql: 'p.media', type: 'json' },
}

function compile(filter: unknown) {
  const params: unknown[] = ['site']
  const sql = new FilterCompiler(fields, params, 'query.filter').compile(filter)
  return { sql, params }
}

describe('FilterCompiler', () => {
  it('compiles to parameterised SQL and never inlines a value', () => {
    const { sql, params } = compile({ name: "x' or 1=1 --", price: { $gte: 10.5, $lt: 20 } })
    expect(sql).toBe('p.name = $2::text and p.price_minor >= $3::int and p.price_minor < $4::int')
    expect(params).toEqual(['site', "x' or 1=1 --", 1050, 2000])
  })

  it('nests $and, $or and $not', () => {
    const { sql } = compile({ $or: [{ name: 'a' }, { $not: { name: { $startsWith: 'b' } } }] })
    expect(sql).toBe('(p.name = $2::text or not (starts_with(lower(p.name), lower($3::text))))')
  })

  it('treats null equality as IS NULL', () => {
    expect(compile({ name: null }).sql).toBe('p.name is null')
    expect(compile({ name: { $ne: null } }).sql).toBe('p.name is not null')
  })

  it('refuses prototype keys as field names', () => {
    expect(() => compile({ constructor: 'x' })).toThrow(ValidationError)
    expect(() => compile({ ['__proto__']: 'x' })).toThrow(ValidationError)
  })

  it('bounds depth, list sizes and the number of conditions', () => {
    let deep: unknown = { name: 'x' }
    for (let i = 0; i < 20; i++) deep = { $not: deep }
    expect(() => compile(deep)).toThrow(/deeper/)
    expect(() => compile({ name: { $in: Array.from({ length: 101 }, String) } })).toThrow(/at most 100/)
    expect(() => compile({ $and: Array.from({ length: 70 }, () => ({ name: 'x' })) })).toThrow(/more than 64/)
  })

  it('checks value types per field', () => {
    expect(() => compile({ price: { $gt: Number.NaN } })).toThrow(/finite number/)
    expect(() => compile({ tags: { $hasSome: ['not-a-uuid'] } })).toThrow(/UUID/)
    expect(() => compile({ name: { $in: [] } })).toThrow(/non-empty/)
  })
})

describe('FilterCompiler $isEmpty', () => {
  it('compiles true to the emptiness of each kind of field and false to its exact opposite', () => {
    expect(compile({ name: { $isEmpty: true } }).sql).toBe("(coalesce(p.name, '') = '')")
    expect(compile({ name: { $isEmpty: false } }).sql).toBe("not (coalesce(p.name, '') = '')")
    expect(compile({ price: { $isEmpty: true } }).sql).toBe('(p.price_minor is null)')
    expect(compile({ tags: { $isEmpty: true } }).sql).toBe(
      '(not exists (select t.id from tags t where t.product_id = p.id))',
    )
    expect(compile({ media: { $isEmpty: false } }).sql).toBe(
      `not (coalesce(p.media, 'null'::jsonb) in ('null'::jsonb, '""'::jsonb, '[]'::jsonb, '{}'::jsonb))`,
    )
    expect(compile({ name: { $isEmpty: true } }).params).toEqual(['site'])
  })

  it('takes only a boolean', () => {
    for (const value of ['true', 1, null, []]) {
      expect(() => compile({ name: { $isEmpty: value } })).toThrow(/must be a boolean/)
    }
  })

  it('leaves json fields to $exists and $isEmpty', () => {
    expect(compile({ media: { $exists: true } }).sql).toBe('p.media is not null')
    expect(() => compile({ media: { $eq: [] } })).toThrow(/not supported on this field/)
  })
})

// The compiled SQL run on the database: what "empty" selects, row by row.
describe.each(databaseKinds())('FilterCompiler $isEmpty on %s', (kind) => {
  let db: Db
  const items: QueryFields = {
    label: { sql: 'e.label', type: 'string' },
    amount: { sql: 'e.amount', type: 'number' },
    doc: { sql: 'e.doc', type: 'json' },
    tags: { sql: '', type: 'idSet', setSql: 'select t.tag from empty_tags t where t.item_id = e.id' },
  }
  beforeAll(async () => {
    db = await openTestDatabase(kind, 'empty')
    await db.query(`create table empty_items (id int primary key, label text, amount numeric, doc jsonb)`)
    await db.query(`create table empty_tags (item_id int not null, tag uuid not null)`)
    await db.query(
      `insert into empty_items (id, label, amount, doc) values
         (1, null, null, null), (2, '', 0, '[]'), (3, 'x', 1, '[1]'), (4, ' ', null, '{}'),
         (5, 'y', 2, 'null'), (6, 'z', 3, '""'), (7, 'w', 4, '{"a": 1}')`,
    )
    await db.query(
      `insert into empty_tags (item_id, tag) values (3, '00000000-0000-4000-8000-000000000001'),
         (7, '00000000-0000-4000-8000-000000000002')`,
    )
  })
  afterAll(() => db.close())

  async function select(filter: unknown) {
    const params: unknown[] = []
    const where = new FilterCompiler(items, params, 'query.filter').compile(filter)
    const rows = await db.query<{ id: number }>(
      `select id from empty_items e where ${where} order by id`,
      params,
    )
    return rows.map((row) => row.id)
  }

  it('finds missing and empty strings, and everything else with false', async () => {
    expect(await select({ label: { $isEmpty: true } })).toEqual([1, 2])
    expect(await select({ label: { $isEmpty: false } })).toEqual([3, 4, 5, 6, 7])
  })

  it('finds missing numbers only: 0 is a value', async () => {
    expect(await select({ amount: { $isEmpty: true } })).toEqual([1, 4])
    expect(await select({ amount: { $isEmpty: false } })).toEqual([2, 3, 5, 6, 7])
  })

  it('finds sets without members', async () => {
    expect(await select({ tags: { $isEmpty: true } })).toEqual([1, 2, 4, 5, 6])
    expect(await select({ tags: { $isEmpty: false } })).toEqual([3, 7])
  })

  it('finds missing json and JSON null, "", [] and {}', async () => {
    expect(await select({ doc: { $isEmpty: true } })).toEqual([1, 2, 4, 5, 6])
    expect(await select({ doc: { $isEmpty: false } })).toEqual([3, 7])
  })

  it('negates exactly under $not, with missing values too', async () => {
    expect(await select({ $not: { label: { $isEmpty: true } } })).toEqual([3, 4, 5, 6, 7])
    expect(await select({ $not: { amount: { $isEmpty: false } } })).toEqual([1, 4])
    expect(await select({ label: { $isEmpty: false }, tags: { $isEmpty: true } })).toEqual([4, 5, 6])
  })
})

// $hasSome of a set with its own condition on the row's key: the same rows, from one read of the set's
// index, instead of a subplan or a probe of the set per row (a collection page of the 10k store probed
// it for every product of the site).
describe.each(databaseKinds())('FilterCompiler $hasSome on %s', (kind) => {
  let db: Db
  const tags = 'select t.tag from some_tags t where t.item_id = e.id'
  const withMember: QueryFields = {
    tags: {
      sql: '',
      type: 'idSet',
      setSql: tags,
      hasSome: (ids) => `e.id in (select t.item_id from some_tags t where t.tag = any(${ids}) offset 0)`,
    },
  }
  const without: QueryFields = { tags: { sql: '', type: 'idSet', setSql: tags } }
  const first = '00000000-0000-4000-8000-000000000001'
  const second = '00000000-0000-4000-8000-000000000002'
  beforeAll(async () => {
    db = await openTestDatabase(kind, 'empty')
    await db.query('create table some_items (id int primary key, created int not null)')
    await db.query('create index some_items_newest on some_items (created desc, id desc)')
    await db.query(
      'create table some_tags (item_id int not null, tag uuid not null, primary key (tag, item_id))',
    )
    await db.query('insert into some_items (id, created) select n, n from generate_series(1, 6000) n')
    await db.query(
      `insert into some_tags (item_id, tag)
       select id, case when id % 3 = 0 then $1::uuid else $2::uuid end from some_items where id % 2 = 0`,
      [first, second],
    )
    await db.query('analyze some_items')
    await db.query('analyze some_tags')
  })
  afterAll(() => db.close())

  function where(fields: QueryFields, filter: unknown) {
    const params: unknown[] = []
    return { sql: new FilterCompiler(fields, params, 'query.filter').compile(filter), params }
  }

  it('hands the ids’ parameter to the set’s own condition', () => {
    expect(where(withMember, { tags: { $hasSome: [first] } }).sql).toBe(
      'e.id in (select t.item_id from some_tags t where t.tag = any($1::uuid[]) offset 0)',
    )
  })

  it('selects the rows the member test around the set selects', async () => {
    for (const ids of [[first], [second], [first, second]]) {
      const rows = async (fields: QueryFields) => {
        const compiled = where(fields, { tags: { $hasSome: ids } })
        return db.query(`select id from some_items e where ${compiled.sql} order by id`, compiled.params)
      }
      const expected = await rows(without)
      expect(expected.length).toBeGreaterThan(0)
      expect(await rows(withMember)).toEqual(expected)
    }
  })

  // A page of the newest items with their total, as the products query asks: an index on the order
  // tempts the planner to walk every item and probe the set for each.
  it('reads the set once for a page, not once per row', async () => {
    const compiled = where(withMember, { tags: { $hasSome: [first] } })
    const plan = await db.query<{ 'QUERY PLAN': string }>(
      `explain select id, count(*) over () as total from some_items e where ${compiled.sql}
        order by e.created desc, e.id desc limit 24`,
      compiled.params,
    )
    const text = plan.map((row) => row['QUERY PLAN']).join('\n')
    expect(text).toMatch(/Hash/)
    expect(text).not.toMatch(/SubPlan|Nested Loop/)
  })
})
