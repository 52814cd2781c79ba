import { formatPrice } from '../store/money'
import type { PriceView } from './product-view'

/** A unit price after the price: "$2.40 / 100 g", read out as "$2.40 per 100 g". */
function PerUnit({ price }: { price: PriceView }) {
  if (!price.perUnit) return null
  return (
    <>
      {' '}
      <span className="price-per-unit">
        ({formatPrice(price.perUnit.amount, price.currency)}
        <span aria-hidden="true"> / </span>
        <span className="visually-hidden"> per </span>
        {price.perUnit.per})
      </span>
    </>
  )
}

/**
 * A price in its currency; a discount shows the old price struck through, read out as such; a product
 * sold by measure shows its unit price after it.
 */
export function Price({ price, className = 'price' }: { price: PriceView; className?: string }) {
  if (price.discountedAmount === undefined) {
    return (
      <p className={className}>
        {formatPrice(price.amount, price.currency)}
        <PerUnit price={price} />
      </p>
    )
  }
  return (
    <p className={className}>
      <span className="visually-hidden">Sale price </span>
      <span className="price-sale">{formatPrice(price.discountedAmount, price.currency)}</span>{' '}
      <span className="visually-hidden">Regular price </span>
      <s className="price-regular">{formatPrice(price.amount, price.currency)}</s>
      <PerUnit price={price} />
    </p>
  )
}
