import { describe, expect, it } from 'vitest'
import { toActiveFilters } from './active-filters'
import { parseCatalogueSearch } from './catalogue-search'

const stateOf = (query: string) => parseCatalogueSearch(new URLSearchParams(query))

describe('the active filters as chips', () => {
  it('name each narrowing and link to the same list without it, the rest of the URL kept', () => {
    const state = stateOf('q=tee&collection=bags&minPrice=10&maxPrice=50&inStock=1&sort=price-asc&page=3')
    const filters = toActiveFilters('/products', state, { collectionName: 'Bags', currency: 'USD' })
    expect(filters).toEqual([
      {
        label: '“tee”',
        removeHref: '/products?collection=bags&minPrice=10&maxPrice=50&inStock=1&sort=price-asc',
      },
      { label: 'Bags', removeHref: '/products?q=tee&minPrice=10&maxPrice=50&inStock=1&sort=price-asc' },
      {
        label: 'From $10.00',
        removeHref: '/products?q=tee&collection=bags&maxPrice=50&inStock=1&sort=price-asc',
      },
      {
        label: 'Up to $50.00',
        removeHref: '/products?q=tee&collection=bags&minPrice=10&inStock=1&sort=price-asc',
      },
      {
        label: 'In stock only',
        removeHref: '/products?q=tee&collection=bags&minPrice=10&maxPrice=50&sort=price-asc',
      },
    ])
  })

  it('drop the best-match order with the search it needs', () => {
    const [search] = toActiveFilters('/products', stateOf('q=tee&inStock=1'), { currency: 'USD' })
    expect(search?.removeHref).toBe('/products?inStock=1')
  })

  it('are none for an unfiltered list', () => {
    expect(toActiveFilters('/collections/bags', stateOf('sort=name&page=2'), { currency: 'USD' })).toEqual([])
  })
})
