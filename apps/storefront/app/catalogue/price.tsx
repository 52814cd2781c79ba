import { formatPrice } from '../store/money'
import type { PriceView } from './product-view'

/** A price in its currency; a discount shows the old price struck through, read out as such. */
export function Price({ price, className = 'price' }: { price: PriceView; className?: string }) {
  if (price.discountedAmount === undefined) {
    return <p className={className}>{formatPrice(price.amount, price.currency)}</p>
  }
  return (
    <p className={className}>
      <span className="visually-hidden">Sale price </span>
      <span className="price-sale">{formatPrice(price.discountedAmount, price.currency)}</span>{' '}
      <span className="visually-hidden">Regular price </span>
      <s className="price-regular">{formatPrice(price.amount, price.currency)}</s>
    </p>
  )
}
