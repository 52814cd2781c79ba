import { describe, expect, it } from 'vitest'
import { toFeaturedCollections } from './featured-collections'

const collection = (id: string, numberOfProducts = 3) => ({ _id: id, name: id, numberOfProducts })

describe('toFeaturedCollections', () => {
  // Bags and Tees hold the products; New in and Sale pick some of them. Every bag is also new: Bags has no
  // product of its own, yet it is the bags' home (the first of equals, by name), so it is no curated one.
  const products = [
    { collectionIds: ['bags', 'new-in'] },
    { collectionIds: ['bags', 'new-in', 'sale'] },
    { collectionIds: ['tees'] },
    { collectionIds: ['tees', 'sale'] },
  ]

  it('puts the curated collections first, each part in the order given (by name)', () => {
    const named = ['bags', 'new-in', 'sale', 'tees'].map((id) => collection(id))
    expect(toFeaturedCollections(named, products).map((entry) => entry._id)).toEqual([
      'new-in',
      'sale',
      'bags',
      'tees',
    ])
  })

  it('leaves out collections without products, and keeps the order without a sample of the catalogue', () => {
    const named = [collection('bags'), collection('empty', 0), collection('sale'), collection('tees')]
    expect(toFeaturedCollections(named, products).map((entry) => entry._id)).toEqual(['sale', 'bags', 'tees'])
    expect(toFeaturedCollections(named, []).map((entry) => entry._id)).toEqual(['bags', 'sale', 'tees'])
  })
})
