// The shop's collections in the order the home page and the menu offer them. The platform has no "featured"
// flag: the curated collections (New in, Sale, Gifts: each of their products has its home elsewhere, see
// `home-collection.ts`) are what a shop puts forward, so they come first; then the collections of one kind of
// product. Each part keeps the order it came in (by name). A collection without products is not offered.

/** What the order reads of a collection. */
export interface FeaturableCollection {
  _id?: string | undefined
  numberOfProducts?: number | undefined
}

/**
 * The collections that hold products, curated ones first: those whose share of products of their own
 * (`toOwnProductShares`) is 0. A collection missing from `shares` (none of its products in the sample) counts
 * as a kind collection, so a shop that could not be sampled keeps the name order.
 */
export function toFeaturedCollections<C extends FeaturableCollection>(
  collections: readonly C[],
  shares: ReadonlyMap<string, number>,
): C[] {
  const held = collections.filter((collection) => (collection.numberOfProducts ?? 0) > 0)
  const isCurated = (collection: C) => collection._id !== undefined && shares.get(collection._id) === 0
  return [...held.filter(isCurated), ...held.filter((collection) => !isCurated(collection))]
}
