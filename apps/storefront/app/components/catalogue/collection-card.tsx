import { Link } from 'react-router'
import { type CollectionView, toProductCountText } from './collection-view'

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
          <img
            src={collection.image.url}
            width={collection.image.width}
            height={collection.image.height}
            alt=""
            loading={isAboveTheFold ? 'eager' : 'lazy'}
            decoding="async"
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
