import { describe, expect, it } from 'vitest'
import {
  type CatalogueSearch,
  countFilters,
  isFiltered,
  parseCatalogueSearch,
  parsePage,
  toCatalogueSearchParams,
  toPageHref,
  toProductListQuery,
} from './catalogue-search'

const blank: CatalogueSearch = {
  q: '',
  collection: '',
  minPrice: undefined,
  maxPrice: undefined,
  inStockOnly: false,
  sort: 'newest',
  page: 1,
}

function parse(search: string) {
  return parseCatalogueSearch(new URLSearchParams(search))
}

describe('parseCatalogueSearch', () => {
  it('reads every part of the state from the query string', () => {
    expect(
      parse(
        'q=linen+tee&collection=tees-and-tops&minPrice=10&maxPrice=25.5&inStock=1&sort=price-desc&page=3',
      ),
    ).toEqual({
      q: 'linen tee',
      collection: 'tees-and-tops',
      minPrice: 10,
      maxPrice: 25.5,
      inStockOnly: true,
      sort: 'price-desc',
      page: 3,
    })
  })

  it('gives the defaults for an empty query string and for the empty fields a GET form sends', () => {
    expect(parse('')).toEqual(blank)
    expect(parse('q=&collection=&minPrice=&maxPrice=&sort=newest')).toEqual(blank)
  })

  it('sorts by relevance while searching unless told otherwise, and never by relevance without a search', () => {
    expect(parse('q=mug').sort).toBe('relevance')
    expect(parse('q=mug&sort=name').sort).toBe('name')
    expect(parse('sort=relevance').sort).toBe('newest')
  })

  it('ignores values it cannot use instead of failing the page', () => {
    expect(
      parse('minPrice=-5&maxPrice=abc&sort=cheapest&page=0&inStock=yes&collection=%3Cscript%3E'),
    ).toEqual(blank)
  })

  it('reads a minimum above the maximum as the range the shopper meant', () => {
    const state = parse('minPrice=50&maxPrice=20')
    expect([state.minPrice, state.maxPrice]).toEqual([20, 50])
  })

  it('tidies the search text and keeps it within the platform’s 200 characters', () => {
    expect(parse('q=%20%20red%20%20%20mug%20').q).toBe('red mug')
    expect(parse(`q=${'a'.repeat(500)}`).q).toHaveLength(200)
  })
})

describe('toCatalogueSearchParams', () => {
  it('leaves out every default, so the plain list has the bare URL', () => {
    expect(toCatalogueSearchParams(blank).toString()).toBe('')
    expect(toCatalogueSearchParams({ ...blank, q: 'mug', sort: 'relevance' }).toString()).toBe('q=mug')
  })

  it('round-trips through parseCatalogueSearch', () => {
    const state: CatalogueSearch = {
      q: 'rain jacket',
      collection: 'outerwear',
      minPrice: 12.5,
      maxPrice: 100,
      inStockOnly: true,
      sort: 'name',
      page: 2,
    }
    expect(parseCatalogueSearch(toCatalogueSearchParams(state))).toEqual(state)
  })
})

describe('toPageHref', () => {
  it('links to another page of the same list, and page 1 without a page parameter', () => {
    const state = { ...blank, sort: 'price-asc' as const, page: 2 }
    expect(toPageHref('/products', state, 3)).toBe('/products?sort=price-asc&page=3')
    expect(toPageHref('/collections/bags', { ...blank, page: 2 }, 1)).toBe('/collections/bags')
  })
})

describe('isFiltered', () => {
  it('is true once a search, collection, price or stock filter narrows the list; sort and page do not', () => {
    expect(isFiltered({ ...blank, sort: 'name', page: 4 })).toBe(false)
    expect(isFiltered({ ...blank, inStockOnly: true })).toBe(true)
    expect(isFiltered({ ...blank, maxPrice: 0 })).toBe(true)
    expect(isFiltered({ ...blank, q: 'tee' })).toBe(true)
  })
})

describe('countFilters', () => {
  it('counts the narrowings of the filters form, each end of the price on its own, and not the search', () => {
    expect(countFilters({ ...blank, q: 'tee', sort: 'name', page: 3 })).toBe(0)
    expect(countFilters({ ...blank, collection: 'bags', minPrice: 0 })).toBe(2)
    expect(countFilters({ ...blank, collection: 'bags', minPrice: 5, maxPrice: 20, inStockOnly: true })).toBe(
      4,
    )
  })
})

describe('toProductListQuery', () => {
  it('sends the newest first and no filter for the plain list', () => {
    expect(toProductListQuery(blank, { pageSize: 24 })).toEqual({
      sort: [{ fieldName: 'createdDate', order: 'DESC' }],
      paging: { limit: 24, offset: 0 },
    })
  })

  it('filters on the collection id, the discounted price range and stock, and pages by offset', () => {
    const state = {
      ...blank,
      minPrice: 10,
      maxPrice: 30,
      inStockOnly: true,
      sort: 'price-asc' as const,
      page: 3,
    }
    expect(toProductListQuery(state, { pageSize: 12, collectionId: 'c1' })).toEqual({
      filter: {
        collectionIds: { $hasSome: ['c1'] },
        price: { $gte: 10, $lte: 30 },
        'stock.inStock': { $eq: true },
      },
      sort: [{ fieldName: 'price', order: 'ASC' }],
      paging: { limit: 12, offset: 24 },
    })
  })

  it('searches without a sort, so the platform orders by relevance', () => {
    expect(toProductListQuery({ ...blank, q: 'mug', sort: 'relevance' }, { pageSize: 24 })).toEqual({
      search: { expression: 'mug' },
      paging: { limit: 24, offset: 0 },
    })
  })

  it('keeps a price bound of zero', () => {
    expect(toProductListQuery({ ...blank, maxPrice: 0 }, { pageSize: 24 }).filter).toEqual({
      price: { $lte: 0 },
    })
  })
})

describe('parsePage', () => {
  it('reads a positive page number', () => {
    expect(parsePage('3')).toBe(3)
  })

  it('treats anything else as the first page', () => {
    for (const value of [null, '', '0', '-2', '1.5', 'abc', '9999999']) expect(parsePage(value)).toBe(1)
  })
})
