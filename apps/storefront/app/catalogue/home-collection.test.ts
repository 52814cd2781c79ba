import { describe, expect, it } from 'vitest'
import { findHomeCollection, toOwnProductShares } from './home-collection'

// In name order, as the storefront lists them: the curated "Sale" comes before the kind "Tees & Tops".
const collections = [
  { _id: 'bags', name: 'Bags' },
  { _id: 'gifts', name: 'Gifts' },
  { _id: 'sale', name: 'Sale' },
  { _id: 'tees', name: 'Tees & Tops' },
]

const catalogue = [
  { collectionIds: ['tees', 'sale'] },
  { collectionIds: ['tees'] },
  { collectionIds: ['tees'] },
  { collectionIds: ['bags', 'sale', 'gifts'] },
  { collectionIds: ['bags'] },
  { collectionIds: ['gifts', 'bags'] },
]

describe('a product’s home collection', () => {
  it('counts for each collection the share of its products that sit in it alone', () => {
    const shares = toOwnProductShares(catalogue)
    expect(shares.get('tees')).toBeCloseTo(2 / 3)
    expect(shares.get('bags')).toBeCloseTo(1 / 3)
    expect(shares.get('sale')).toBe(0)
    expect(shares.get('gifts')).toBe(0)
  })

  it('is the collection of its kind rather than a curated one listed before it', () => {
    const shares = toOwnProductShares(catalogue)
    expect(findHomeCollection({ collectionIds: ['sale', 'tees'] }, collections, shares)?.name).toBe(
      'Tees & Tops',
    )
    expect(findHomeCollection({ collectionIds: ['gifts', 'sale', 'bags'] }, collections, shares)?.name).toBe(
      'Bags',
    )
  })

  it('is the first of equals in the given order, and the only one when there is one', () => {
    const shares = toOwnProductShares(catalogue)
    expect(findHomeCollection({ collectionIds: ['sale', 'gifts'] }, collections, shares)?.name).toBe('Gifts')
    expect(findHomeCollection({ collectionIds: ['sale'] }, collections, new Map())?.name).toBe('Sale')
  })

  it('is none when the product sits in no collection the shop shows', () => {
    expect(findHomeCollection({ collectionIds: ['hidden'] }, collections, new Map())).toBeUndefined()
    expect(findHomeCollection({}, collections, new Map())).toBeUndefined()
  })
})
