import type { Collection } from '@aisle/sdk'
import { type ImageView, toImageView } from '../media/image'

/** What a collection card and a collection page's heading show. */
export interface CollectionView {
  id: string
  slug: string
  name: string
  description: string
  productCount: number
  image?: ImageView
}

/** Reshapes an SDK collection into what the pages show of it (a small, serialisable payload). */
export function toCollectionView(collection: Collection, mediaBaseUrl: string): CollectionView {
  const name = collection.name ?? ''
  const view: CollectionView = {
    id: collection._id ?? '',
    slug: collection.slug ?? '',
    name,
    description: collection.description ?? '',
    productCount: collection.numberOfProducts ?? 0,
  }
  const image = toImageView(collection.media?.mainMedia?.image, name, mediaBaseUrl)
  if (image) view.image = image
  return view
}

/** Says how many products there are, in words: "1 product", "12 products". */
export function toProductCountText(count: number): string {
  return count === 1 ? '1 product' : `${count} products`
}
