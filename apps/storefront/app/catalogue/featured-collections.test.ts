import { describe, expect, it } from 'vitest'
import { toFeaturedCollections } from './featured-collections'
import { toOwnProductShares } from './home-collection'

const collection = (id: string, numberOfProducts = 3) => ({ _id: id, name: id, numberOfProducts })

describe('toFeaturedCollections', () => {
  // Bags and Tees hold products of their own; Sale and New in only pick products that live elsewhere.
  const shares = toOwnProductShares([
    { collectionIds: ['bags'] },
    { collectionIds: ['bags', 'sale'] },
    { collectionIds: ['tees'] },
    { collectionIds: ['tees', 'new-in', 'sale'] },
  ])

  it('puts the curated collections first, each part in the order given (by name)', () => {
    const named = ['bags', 'new-in', 'sale', 'tees'].map((id) => collection(id))
    expect(toFeaturedCollections(named, shares).map((entry) => entry._id)).toEqual([
      'new-in',
      'sale',
      'bags',
      'tees',
    ])
  })

  it('leaves out collections without products, and keeps the order of ones it knows nothing about', () => {
    const named = [collection('bags'), collection('empty', 0), collection('unknown'), collection('sale')]
    expect(toFeaturedCollections(named, shares).map((entry) => entry._id)).toEqual([
      'sale',
      'bags',
      'unknown',
    ])
    expect(toFeaturedCollections(named, new Map()).map((entry) => entry._id)).toEqual([
      'bags',
      'unknown',
      'sale',
    ])
  })
})
