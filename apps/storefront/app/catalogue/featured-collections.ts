import { type CollectionMember, findHomeCollection, toOwnProductShares } from './home-collection'

// The shop's collections in the order the home page and the menu offer them. The platform has no "featured"
// flag: the curated collections (New in, Sale, Gifts) are what a shop puts forward, so they come first; then
// the collections of one kind of product. A curated collection is the home of none of its products: each of
// them has its home in a kind's collection (`home-collection.ts`, the rule the product page's breadcrumb
// follows). Each part keeps the order it came in (by name). A collection without products is not offered.

/** What the order reads of a collection. */
export interface FeaturableCollection {
  _id?: string | undefined
  numberOfProducts?: number | undefined
}

/**
 * The collections that hold products, curated ones first: those that are the home collection of none of
 * `products` (a sample of the catalogue). Without a sample every collection keeps its place.
 */
export function toFeaturedCollections<C extends FeaturableCollection>(
  collections: readonly C[],
  products: readonly CollectionMember[],
): C[] {
  const held = collections.filter((collection) => (collection.numberOfProducts ?? 0) > 0)
  const shares = toOwnProductShares(products)
  const homes = new Set(products.map((product) => findHomeCollection(product, held, shares)?._id))
  const isKind = (collection: C) => homes.has(collection._id)
  return [...held.filter((collection) => !isKind(collection)), ...held.filter(isKind)]
}
