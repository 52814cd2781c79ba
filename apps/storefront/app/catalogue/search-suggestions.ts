import type { Collection, Product } from '@aisle/sdk'
import { toProductCard } from './product-view'

/** Fewer letters than this suggest nothing: one letter matches half the shop. */
export const MIN_SUGGESTION_LENGTH = 2
/** How many products and collections a suggestion list shows at most. */
export const SUGGESTED_PRODUCTS = 5
export const SUGGESTED_COLLECTIONS = 3

/** What the search field suggests as the shopper types: products and collections, each a link. */
export interface SearchSuggestions {
  q: string
  products: { name: string; href: string; price: string; imageUrl?: string | undefined }[]
  collections: { name: string; href: string }[]
}

/** The search text a suggestion request asks about: trimmed, spaces folded, at most 200 characters. */
export function parseSuggestionQuery(params: URLSearchParams): string {
  return (params.get('q') ?? '').trim().replace(/\s+/g, ' ').slice(0, 200)
}

/**
 * The suggestions for a search: the products the catalogue's search found (price after any discount) and
 * the collections whose name holds every word typed, in any case.
 */
export function toSearchSuggestions(
  q: string,
  products: readonly Product[],
  collections: readonly Collection[],
  mediaBaseUrl: string,
): SearchSuggestions {
  const words = q.toLocaleLowerCase().split(' ').filter(Boolean)
  return {
    q,
    products: products.slice(0, SUGGESTED_PRODUCTS).map((product) => {
      const card = toProductCard(product, mediaBaseUrl)
      return {
        name: card.name,
        href: `/products/${encodeURIComponent(card.slug)}`,
        price: card.price.discountedFormatted ?? card.price.formatted,
        imageUrl: card.image?.url,
      }
    }),
    collections: collections
      .filter((collection) => {
        const name = (collection.name ?? '').toLocaleLowerCase()
        return collection.slug && words.length > 0 && words.every((word) => name.includes(word))
      })
      .slice(0, SUGGESTED_COLLECTIONS)
      .map((collection) => ({
        name: collection.name ?? '',
        href: `/collections/${encodeURIComponent(collection.slug ?? '')}`,
      })),
  }
}
