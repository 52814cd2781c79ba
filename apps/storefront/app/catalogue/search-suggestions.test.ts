import { describe, expect, it } from 'vitest'
import { parseSuggestionQuery, toSearchSuggestions } from './search-suggestions'

const product = (name: string, slug: string, price: number, discountedPrice = price) => ({
  _id: slug,
  name,
  slug,
  priceData: { currency: 'USD', price, discountedPrice },
  stock: { inStock: true },
})

const collections = [
  { _id: '1', name: 'Tees & Tops', slug: 'tees-and-tops' },
  { _id: '2', name: 'Outerwear', slug: 'outerwear' },
  { _id: '3', name: 'Hidden', slug: '' },
]

describe('the search field’s suggestions', () => {
  it('link to the products found, with the price a shopper pays', () => {
    const suggestions = toSearchSuggestions(
      'tee',
      [
        product('Classic Tee', 'classic-tee', 24, 19.2),
        product('Harbor Pocket Tee', 'harbor-pocket-tee', 36),
      ],
      [],
      'http://api.test',
    )
    expect(suggestions.products).toEqual([
      { name: 'Classic Tee', href: '/products/classic-tee', price: '$19.20', imageUrl: undefined },
      {
        name: 'Harbor Pocket Tee',
        href: '/products/harbor-pocket-tee',
        price: '$36.00',
        imageUrl: undefined,
      },
    ])
  })

  it('offer the collections whose name holds every word typed, in any case', () => {
    expect(toSearchSuggestions('TEES tops', [], collections, '').collections).toEqual([
      { name: 'Tees & Tops', href: '/collections/tees-and-tops' },
    ])
    expect(toSearchSuggestions('tees wool', [], collections, '').collections).toEqual([])
  })

  it('read the search text trimmed, its spaces folded and its length capped', () => {
    expect(parseSuggestionQuery(new URLSearchParams({ q: '  classic   tee ' }))).toBe('classic tee')
    expect(parseSuggestionQuery(new URLSearchParams({ q: 'x'.repeat(300) }))).toHaveLength(200)
    expect(parseSuggestionQuery(new URLSearchParams())).toBe('')
  })
})
