import { describe, expect, it } from 'vitest'
import { ValidationError } from '../http/errors.ts'
import { FilterCompiler, type QueryFields } from './filter-compiler.ts'

const fields: QueryFields = {
  name: { sql: 'p.name', type: 'string' },
  price: { sql: 'p.price_minor', type: 'number', cast: 'int', toParam: (v) => Math.round(v * 100) },
  tags: { sql: '', type: 'idSet', setSql: 'select t.id from tags t where t.product_id = p.id' },
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
