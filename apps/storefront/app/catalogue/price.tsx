import type { PriceView } from './product-view'

/** A unit price under the price: "$2.40 / 100 g", read out as "$2.40 per 100 g". */
function PerUnit({ price }: { price: PriceView }) {
  if (!price.perUnit) return null
  return (
    <p className="price-per-unit">
      {price.perUnit.formatted}
      <span aria-hidden="true"> / </span>
      <span className="visually-hidden"> per </span>
      {price.perUnit.per}
    </p>
  )
}

/**
 * A price in its currency, as the loader formatted it; a discount shows the old price struck through, read
 * out as such; a product sold by measure shows its unit price on the line after it.
 */
export function Price({ price, className = 'price' }: { price: PriceView; className?: string }) {
  // The unit price is a line of its own after the price, so the price element holds the price alone.
  if (price.discountedFormatted === undefined) {
    return (
      <>
        <p className={className}>{price.formatted}</p>
        <PerUnit price={price} />
      </>
    )
  }
  return (
    <>
      <p className={className}>
        <span className="visually-hidden">Sale price </span>
        <span className="price-sale">{price.discountedFormatted}</span>{' '}
        <span className="visually-hidden">Regular price </span>
        <s className="price-regular">{price.formatted}</s>
      </p>
      <PerUnit price={price} />
    </>
  )
}
