import { Link } from 'react-router'
import { Price } from './price'
import type { ProductCardView } from './product-view'

export interface ProductCardProps {
  product: ProductCardView
  /** Cards in the first screenful load their image at once; the rest wait until scrolled near. */
  isAboveTheFold: boolean
}

/** One product in the grid: image, name (the link) and price. */
export function ProductCard({ product, isAboveTheFold }: ProductCardProps) {
  return (
    <li className="product-card">
      <Link to={`/products/${encodeURIComponent(product.slug)}`} prefetch="intent">
        {product.image ? (
          // The name beside the image is the link's text, so the image is decorative here.
          <img
            src={product.image.url}
            width={product.image.width}
            height={product.image.height}
            alt=""
            loading={isAboveTheFold ? 'eager' : 'lazy'}
            decoding="async"
          />
        ) : (
          <span className="image-placeholder" />
        )}
        <h2 className="product-card-name">{product.name}</h2>
      </Link>
      <Price price={product.price} />
      {product.inStock ? null : <p className="stock-note">Out of stock</p>}
    </li>
  )
}
