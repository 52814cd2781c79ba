import { describe, expect, it } from 'vitest'
import { isAisleError } from '../http/aisle-error.js'
import { createQueryBuilder } from './query-builder.js'
import type { QueryPage, WireQuery } from './wire-query.js'

interface Item {
  _id: string
  price: number
  name: string
}

function createRecordingBuilder(total = 0) {
  const queries: WireQuery[] = []
  const builder = createQueryBuilder<Item>(async (query): Promise<QueryPage<Item>> => {
    queries.push(query)
    const count = Math.max(0, Math.min(query.paging.limit, total - query.paging.offset))
    const items = Array.from({ length: count }, (_, index) => ({
      _id: `item-${query.paging.offset + index}`,
      price: index,
      name: 'x',
    }))
    return { items, pagingMetadata: { count, offset: query.paging.offset, total } }
  })
  return { builder, queries }
}

describe('createQueryBuilder', () => {
  it('sends paging of 50 from offset 0 by default and nothing else', () => {
    expect(createRecordingBuilder().builder.toQuery()).toEqual({ paging: { limit: 50, offset: 0 } })
  })

  it('writes each operator in the platform language', () => {
    const { builder } = createRecordingBuilder()
    const query = builder
      .eq('name', 'a')
      .ne('slug', 'b')
      .between('price', 1, 9)
      .gt('rating', 1)
      .ge('weight', 2)
      .le('stock', 3)
      .in('sku', ['s1', 's2'])
      .hasSome('collectionIds', ['c1'])
      .hasAll('tags', ['t1', 't2'])
      .startsWith('title', 'Lin')
      .contains('description', 'cotton')
      .exists('ribbon')
      .toQuery()
    expect(query.filter).toEqual({
      name: { $eq: 'a' },
      slug: { $ne: 'b' },
      price: { $gte: 1, $lt: 9 },
      rating: { $gt: 1 },
      weight: { $gte: 2 },
      stock: { $lte: 3 },
      sku: { $in: ['s1', 's2'] },
      collectionIds: { $hasSome: ['c1'] },
      tags: { $hasAll: ['t1', 't2'] },
      title: { $startsWith: 'Lin' },
      description: { $contains: 'cotton' },
      ribbon: { $exists: true },
    })
  })

  it('writes isEmpty, isNotEmpty and between', () => {
    const query = createRecordingBuilder()
      .builder.isEmpty('ribbon')
      .isNotEmpty('brand')
      .between('price', 10, 20)
      .toQuery()
    expect(query.filter).toEqual({
      ribbon: { $isEmpty: true },
      brand: { $isEmpty: false },
      price: { $gte: 10, $lt: 20 },
    })
  })

  it('keeps the conditions already set when not is added', () => {
    const { builder } = createRecordingBuilder()
    const query = builder.eq('visible', true).gt('price', 5).not(builder.eq('ribbon', 'Sale')).toQuery()
    expect(query.filter).toEqual({
      visible: { $eq: true },
      price: { $gt: 5 },
      $not: { ribbon: { $eq: 'Sale' } },
    })
  })

  it('puts all conditions under $and as soon as a field repeats', () => {
    const query = createRecordingBuilder().builder.gt('price', 1).lt('price', 5).eq('name', 'a').toQuery()
    expect(query.filter).toEqual({
      $and: [{ price: { $gt: 1 } }, { price: { $lt: 5 } }, { name: { $eq: 'a' } }],
    })
  })

  it('uses wire names for _id and _createdDate in filters and sorts, also inside dotted paths', () => {
    const query = createRecordingBuilder()
      .builder.eq('_id', 'p1')
      .eq('variants._id', 'v1')
      .descending('_createdDate')
      .toQuery()
    expect(query.filter).toEqual({ id: { $eq: 'p1' }, 'variants.id': { $eq: 'v1' } })
    expect(query.sort).toEqual([{ fieldName: 'createdDate', order: 'DESC' }])
  })

  it('sorts by the fields in the order given', () => {
    const query = createRecordingBuilder().builder.ascending('price', 'name').descending('_id').toQuery()
    expect(query.sort).toEqual([
      { fieldName: 'price', order: 'ASC' },
      { fieldName: 'name', order: 'ASC' },
      { fieldName: 'id', order: 'DESC' },
    ])
  })

  it('combines queries with or, and and not', () => {
    const { builder } = createRecordingBuilder()
    const cheap = builder.lt('price', 10)
    const named = builder.eq('name', 'a')
    expect(builder.eq('visible', true).or(cheap, named).toQuery().filter).toEqual({
      $or: [{ visible: { $eq: true } }, { price: { $lt: 10 } }, { name: { $eq: 'a' } }],
    })
    expect(cheap.and(named).toQuery().filter).toEqual({ price: { $lt: 10 }, name: { $eq: 'a' } })
    expect(cheap.not(named).toQuery().filter).toEqual({ price: { $lt: 10 }, $not: { name: { $eq: 'a' } } })
  })

  it('never changes the builder it was called on', () => {
    const { builder } = createRecordingBuilder()
    const base = builder.eq('name', 'a')
    base.gt('price', 1).ascending('price').limit(5).skip(10)
    expect(base.toQuery()).toEqual({ filter: { name: { $eq: 'a' } }, paging: { limit: 50, offset: 0 } })
  })

  it('refuses a limit or skip that is not a usable integer', () => {
    const { builder } = createRecordingBuilder()
    for (const attempt of [() => builder.limit(0), () => builder.limit(2.5), () => builder.skip(-1)]) {
      expect(attempt).toThrowError(/must be a (positive|non-negative) integer/)
    }
    try {
      builder.limit(-3)
    } catch (error) {
      expect(isAisleError(error) && error.code).toBe('INVALID_ARGUMENT')
    }
  })

  it('answers a page with its paging and walks to the next and previous pages', async () => {
    const { builder, queries } = createRecordingBuilder(25)
    const first = await builder.limit(10).find()
    expect(first).toMatchObject({ totalCount: 25, totalPages: 3, pageSize: 10, currentPage: 0 })
    expect(first.pagingMetadata).toEqual({ count: 10, offset: 0, total: 25 })
    expect(first.items.map((item) => item._id)).toEqual(
      Array.from({ length: 10 }, (_, index) => `item-${index}`),
    )
    expect([first.hasPrev(), first.hasNext()]).toEqual([false, true])

    const third = await (await first.next()).next()
    expect(third.currentPage).toBe(2)
    expect(third.items).toHaveLength(5)
    expect([third.hasPrev(), third.hasNext()]).toEqual([true, false])

    const second = await third.prev()
    expect(second.currentPage).toBe(1)
    expect(queries.map((query) => query.paging)).toEqual([
      { limit: 10, offset: 0 },
      { limit: 10, offset: 10 },
      { limit: 10, offset: 20 },
      { limit: 10, offset: 10 },
    ])
  })

  it('keeps filter and sort when walking pages', async () => {
    const { builder, queries } = createRecordingBuilder(30)
    const page = await builder.eq('name', 'x').ascending('price').limit(10).find()
    await page.next()
    expect(queries[1]).toEqual({
      filter: { name: { $eq: 'x' } },
      sort: [{ fieldName: 'price', order: 'ASC' }],
      paging: { limit: 10, offset: 10 },
    })
  })
})
