import { Link } from 'react-router'
import { ResponsiveImage } from '../media/responsive-image'
import { Price } from './price'
import type { ProductCardView } from './product-view'

/** A card's width: two columns on a phone, cards of 13 to 18rem from 48rem up (`.product-grid`). */
const PRODUCT_CARD_IMAGE_SIZES = '(min-width: 48rem) 18rem, 50vw'

export interface ProductCardProps {
  product: ProductCardView
  /** Cards in the first screenful load their image at once; the rest wait until scrolled near. */
  isAboveTheFold: boolean
  /** The level of the card's heading, one below the section it sits in. */
  headingLevel?: 2 | 3
}

/** One product in a grid: image, ribbon, name (the link), price and stock. */
export function ProductCard({ product, isAboveTheFold, headingLevel = 2 }: ProductCardProps) {
  const Heading = headingLevel === 3 ? 'h3' : 'h2'
  return (
    <li className="product-card">
      <Link to={`/products/${encodeURIComponent(product.slug)}`} prefetch="intent">
        {product.image ? (
          // The name beside the image is the link's text, so the image is decorative here.
          <ResponsiveImage
            image={product.image}
            sizes={PRODUCT_CARD_IMAGE_SIZES}
            alt=""
            loading={isAboveTheFold ? 'eager' : 'lazy'}
          />
        ) : (
          <span className="image-placeholder" />
        )}
        <Heading className="product-card-name">{product.name}</Heading>
      </Link>
      {/* After the link, so its name stays the product's; the stylesheet sets it on the image. */}
      {product.ribbon ? <span className="ribbon">{product.ribbon}</span> : null}
      <Price price={product.price} />
      {product.inStock ? null : <p className="stock-note">Sold out</p>}
    </li>
  )
}

export interface ProductGridProps {
  products: readonly ProductCardView[]
  /** How many cards load their image eagerly: the first row or so. */
  eagerImages?: number
  /** The list's accessible name. */
  label?: string
  headingLevel?: 2 | 3
}

/** A grid of product cards, named for assistive technology. */
export function ProductGrid({
  products,
  eagerImages = 4,
  label = 'Products',
  headingLevel = 2,
}: ProductGridProps) {
  return (
    <ul className="product-grid" aria-label={label}>
      {products.map((product, index) => (
        <ProductCard
          key={product.id}
          product={product}
          isAboveTheFold={index < eagerImages}
          headingLevel={headingLevel}
        />
      ))}
    </ul>
  )
}
