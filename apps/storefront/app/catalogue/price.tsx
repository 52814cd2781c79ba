import { formatPrice } from '../store/money'
import type { PriceView } from './product-view'

/** A unit price under the price: "$2.40 / 100 g", read out as "$2.40 per 100 g". */
function PerUnit({ price }: { price: PriceView }) {
  if (!price.perUnit) return null
  return (
    <p className="price-per-unit">
      {formatPrice(price.perUnit.amount, price.currency)}
      <span aria-hidden="true"> / </span>
      <span className="visually-hidden"> per </span>
      {price.perUnit.per}
    </p>
  )
}

/**
 * A price in its currency; a discount shows the old price struck through, read out as such; a product
 * sold by measure shows its unit price on the line after it.
 */
export function Price({ price, className = 'price' }: { price: PriceView; className?: string }) {
  // The unit price is a line of its own after the price, so the price element holds the price alone.
  if (price.discountedAmount === undefined) {
    return (
      <>
        <p className={className}>{formatPrice(price.amount, price.currency)}</p>
        <PerUnit price={price} />
      </>
    )
  }
  return (
    <>
      <p className={className}>
        <span className="visually-hidden">Sale price </span>
        <span className="price-sale">{formatPrice(price.discountedAmount, price.currency)}</span>{' '}
        <span className="visually-hidden">Regular price </span>
        <s className="price-regular">{formatPrice(price.amount, price.currency)}</s>
      </p>
      <PerUnit price={price} />
    </>
  )
}
