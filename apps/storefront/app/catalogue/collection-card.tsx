import { Link } from 'react-router'
import { ResponsiveImage } from '../media/responsive-image'
import { type CollectionView, toProductCountText } from './collection-view'

/** A card's width: two columns on a phone, cards of 10rem and up on wider screens (`.collection-grid`). */
const COLLECTION_CARD_IMAGE_SIZES = '(min-width: 48rem) 14rem, 50vw'

/** One collection on the home page: its picture and name (the link), and how many products it holds. */
export function CollectionCard({
  collection,
  isAboveTheFold,
}: {
  collection: CollectionView
  /** Cards in the first screenful load their picture at once. */
  isAboveTheFold: boolean
}) {
  return (
    <li className="collection-card">
      <Link to={`/collections/${encodeURIComponent(collection.slug)}`} prefetch="intent">
        {collection.image ? (
          <ResponsiveImage
            image={collection.image}
            sizes={COLLECTION_CARD_IMAGE_SIZES}
            alt=""
            loading={isAboveTheFold ? 'eager' : 'lazy'}
          />
        ) : (
          <span className="image-placeholder" />
        )}
        <h3 className="collection-card-name">{collection.name}</h3>
      </Link>
      <p className="collection-card-count">{toProductCountText(collection.productCount)}</p>
    </li>
  )
}
