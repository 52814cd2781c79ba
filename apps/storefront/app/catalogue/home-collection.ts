// A shop has two sorts of collection: one per kind of product (T-shirts, Bags), where every product has its
// home, and curated ones (Sale, New in, Gifts) that pick products of any kind, each of which already has a
// home elsewhere. The platform does not say which is which; the products do: a curated collection holds no
// product that sits in it alone, a kind collection does.

/** What the rule reads of a product: the collections it sits in. */
export interface CollectionMember {
  collectionIds?: readonly string[] | undefined
}

/**
 * For each collection, the share (0 to 1) of its products, among `products`, that sit in no other
 * collection: 0 for a curated collection, whose every product has a home elsewhere.
 */
export function toOwnProductShares(products: readonly CollectionMember[]): Map<string, number> {
  const counts = new Map<string, { all: number; own: number }>()
  for (const product of products) {
    const ids = new Set(product.collectionIds ?? [])
    for (const id of ids) {
      const count = counts.get(id) ?? { all: 0, own: 0 }
      count.all += 1
      if (ids.size === 1) count.own += 1
      counts.set(id, count)
    }
  }
  return new Map([...counts].map(([id, { all, own }]) => [id, own / all]))
}

/**
 * The product's home collection among `collections` (the ones the shop shows, in the order that breaks
 * ties): the one with the largest share of products of its own, so a tee goes through "Tees & Tops" rather
 * than "Sale". A collection missing from `shares` counts as having none; undefined when the product sits
 * in none of `collections`.
 */
export function findHomeCollection<C extends { _id?: string | undefined }>(
  product: CollectionMember,
  collections: readonly C[],
  shares: ReadonlyMap<string, number>,
): C | undefined {
  const ids = new Set(product.collectionIds ?? [])
  let best: C | undefined
  let bestShare = -1
  for (const collection of collections) {
    if (!collection._id || !ids.has(collection._id)) continue
    const share = shares.get(collection._id) ?? 0
    if (share > bestShare) {
      best = collection
      bestShare = share
    }
  }
  return best
}
