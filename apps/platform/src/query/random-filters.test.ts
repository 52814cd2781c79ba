import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../db/db.ts'
import { databaseKinds, openTestDatabase } from '../testing/test-database.ts'
import { createTestPlatform } from '../testing/test-platform.ts'

/** A small seeded PRNG (mulberry32): the same seed gives the same requests, so a failure can be replayed. */
function random(seed: number) {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

const fields = [
  'id',
  'name',
  'slug',
  'sku',
  'price',
  'price.price',
  'stock.inStock',
  'collectionIds',
  'createdDate',
  'brand',
  'weight',
  'nope',
  '__proto__',
  'constructor',
  '',
]
const operators = [
  '$eq',
  '$ne',
  '$gt',
  '$gte',
  '$lt',
  '$lte',
  '$in',
  '$hasSome',
  '$hasAll',
  '$startsWith',
  '$contains',
  '$exists',
  '$regex',
  '$and',
  '$where',
]
const values: unknown[] = [
  0,
  -1,
  1.5,
  1e308,
  -0,
  'x',
  '',
  "' or 1=1 --",
  '%',
  '_',
  '\\',
  '\u0000',
  '😀',
  'a'.repeat(2_000),
  true,
  false,
  null,
  [],
  ['a'],
  [1, 2],
  ['58649b04-8822-4e9c-9f16-0daead46a8aa'],
  {},
  { $eq: 1 },
  '2026-01-01T00:00:00Z',
  'not-a-date',
  '58649b04-8822-4e9c-9f16-0daead46a8aa',
  Array.from({ length: 150 }, (_, i) => i),
]

function pick<T>(next: () => number, items: readonly T[]): T {
  return items[Math.floor(next() * items.length)]!
}

function randomFilter(next: () => number, depth = 0): unknown {
  const roll = next()
  if (depth < 3 && roll < 0.15)
    return { [pick(next, ['$and', '$or'])]: [randomFilter(next, depth + 1), randomFilter(next, depth + 1)] }
  if (depth < 3 && roll < 0.2) return { $not: randomFilter(next, depth + 1) }
  if (roll < 0.25) return pick(next, values)
  const field = pick(next, fields)
  return next() < 0.3
    ? { [field]: pick(next, values) }
    : { [field]: { [pick(next, operators)]: pick(next, values) } }
}

describe.each(databaseKinds())('random product queries on %s', (kind) => {
  let db: Db
  let platform: ReturnType<typeof createTestPlatform>
  let token: string
  beforeAll(async () => {
    db = await openTestDatabase(kind)
    platform = createTestPlatform(db)
    token = (await platform.visitorTokens()).access_token
  })
  afterAll(() => db.close())

  it('never answer 5xx: 400 with field violations for what is wrong, 200 with a page for the rest', async () => {
    const next = random(20261122)
    const statuses = new Map<number, number>()
    for (let i = 0; i < 400; i++) {
      const query: Record<string, unknown> = { filter: randomFilter(next) }
      if (next() < 0.3)
        query.sort = [{ fieldName: pick(next, fields), order: pick(next, ['ASC', 'DESC', 'UP']) }]
      if (next() < 0.3)
        query.paging = {
          limit: pick(next, [0, 1, 50, 100, 101, -1, 1.5, '10']),
          offset: pick(next, [0, 10, -5, 1e9]),
        }
      if (next() < 0.2) query.search = { expression: pick(next, values) }
      const response = await platform.call('POST', '/stores/v1/products/query-platformized', {
        token,
        body: { query },
      })
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1)
      expect(response.status, JSON.stringify(query).slice(0, 300)).toBeLessThan(500)
      if (response.status === 200) expect(response.json.metadata.total).toBeGreaterThanOrEqual(0)
      else
        expect(
          response.json.details.validationError.fieldViolations.length,
          JSON.stringify(query).slice(0, 300),
        ).toBeGreaterThan(0)
    }
    // Both outcomes occur, so the generator reaches the compiler and the database, not only validation.
    expect(statuses.get(200)).toBeGreaterThan(20)
    expect(statuses.get(400)).toBeGreaterThan(20)
  })
})
