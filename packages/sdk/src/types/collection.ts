import type { MediaItem } from './product.js'

/** A collection of products (spec section 3, "Collection"). */
export interface Collection {
  _id?: string
  name?: string
  /** URL-friendly unique name. */
  slug?: string
  description?: string
  /** Whether the collection is shown in the store. */
  visible?: boolean
  numberOfProducts?: number
  media?: { mainMedia?: MediaItem; items?: MediaItem[] }
  _createdDate?: string
  _updatedDate?: string
}
