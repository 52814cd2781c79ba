import type { PriceData, PricePerUnitData, Product } from '@aisle/sdk'
import { type ImageView, toImageView } from '../media/image'
import { formatPrice } from '../store/money'

/**
 * A price; `discountedAmount` is set only when it is lower than `amount`. Each amount comes formatted too
 * (`$24.00`), by the loader: the browser then hydrates the page without building an `Intl.NumberFormat`,
 * whose first one loads the locale's data (about 60 ms of main thread, 250 ms on Lighthouse's phone).
 */
export interface PriceView {
  amount: number
  discountedAmount?: number
  currency: string
  /** `amount` in the store's locale. */
  formatted: string
  /** `discountedAmount` in the store's locale, set with it. */
  discountedFormatted?: string
  /** The unit price of a product sold by measure: `amount` (`formatted`) per `per` ("100 g"). */
  perUnit?: { amount: number; formatted: string; per: string }
}

/** What the product grid shows of a product. */
export interface ProductCardView {
  id: string
  slug: string
  name: string
  price: PriceView
  image?: ImageView
  inStock: boolean
  /** The merchant's badge, e.g. "Sale" or "New". */
  ribbon?: string
}

/** One page of a product list, as a loader answers it. */
export interface ProductListView {
  products: ProductCardView[]
  /** Products matching on all pages. */
  total: number
  page: number
  pageCount: number
}

/** What the product page shows of a product beside its options: the choices' prices and pictures vary. */
export interface ProductDetailView {
  id: string
  slug: string
  name: string
  description: string
  ribbon?: string
  /** The discount in words, e.g. "20% off". */
  discount?: string
}

// Units whose short form is not their code in lower case (spec section 3, MeasurementUnit).
const UNIT_SYMBOLS: Record<string, string> = { L: 'L', CBM: 'm³', SQM: 'm²', FLOZ: 'fl oz', SQFT: 'sq ft' }

/** `100, 'G'` -> `'100 g'`, `1, 'L'` -> `'L'`: what follows the slash of a unit price. */
export function toUnitQuantityText(quantity: number, unit: string): string {
  const symbol = UNIT_SYMBOLS[unit] ?? unit.toLowerCase()
  return quantity === 1 ? symbol : `${quantity} ${symbol}`
}

/**
 * Reshapes a catalogue price, keeping a discount only when it lowers the price, and the unit price
 * when the product has one; formats each amount in the store's locale.
 */
export function toPriceView(
  price: PriceData | undefined,
  fallbackCurrency = 'USD',
  unit?: PricePerUnitData,
): PriceView {
  const amount = price?.price ?? 0
  const currency = price?.currency || fallbackCurrency
  const discounted = price?.discountedPrice
  const formatted = formatPrice(amount, currency)
  const view: PriceView =
    discounted !== undefined && discounted < amount
      ? {
          amount,
          discountedAmount: discounted,
          currency,
          formatted,
          discountedFormatted: formatPrice(discounted, currency),
        }
      : { amount, currency, formatted }
  if (price?.pricePerUnit !== undefined && unit?.baseQuantity !== undefined && unit.baseMeasurementUnit) {
    view.perUnit = {
      amount: price.pricePerUnit,
      formatted: formatPrice(price.pricePerUnit, currency),
      per: toUnitQuantityText(unit.baseQuantity, unit.baseMeasurementUnit),
    }
  }
  return view
}

/** Reduces product descriptions (which may hold merchant HTML) to plain text, so nothing is injected. */
export function toPlainText(html: string): string {
  return html
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<\s*(br|\/p|\/div|\/li|\/h[1-6])\s*\/?>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/[ \t]+/g, ' ')
    .replace(/\s*\n\s*/g, '\n')
    .trim()
}

/** Reshapes an SDK product into what a product card needs (a small, serialisable payload). */
export function toProductCard(product: Product, mediaBaseUrl: string): ProductCardView {
  const name = product.name ?? ''
  const card: ProductCardView = {
    id: product._id ?? '',
    slug: product.slug ?? '',
    name,
    // In the shopper's display currency when the platform converted it (decision 040).
    price: toPriceView(product.convertedPriceData ?? product.priceData, undefined, product.pricePerUnitData),
    inStock: product.stock?.inStock !== false,
  }
  // A product that leads with a video shows its poster (decision 052).
  const main = product.media?.mainMedia
  const image = toImageView(main?.image ?? main?.video?.posters?.[0], name, mediaBaseUrl)
  if (image) card.image = image
  if (product.ribbon) card.ribbon = product.ribbon
  return card
}

/** Says a product's discount in words ("20% off", "$5.00 off"), or undefined when there is none. */
export function toDiscountLabel(discount: Product['discount'], currency: string): string | undefined {
  const value = discount?.value
  if (!value || value <= 0) return undefined
  if (discount.type === 'PERCENT') return `${value}% off`
  if (discount.type === 'AMOUNT') return `${formatPrice(value, currency)} off`
  return undefined
}

/** Reshapes an SDK product into the product page's heading part; options and price come from the selection. */
export function toProductDetail(product: Product): ProductDetailView {
  const detail: ProductDetailView = {
    id: product._id ?? '',
    slug: product.slug ?? '',
    name: product.name ?? '',
    description: toPlainText(product.description ?? ''),
  }
  if (product.ribbon) detail.ribbon = product.ribbon
  const currency = product.priceData?.currency || 'USD'
  const discount = toDiscountLabel(product.discount, currency)
  if (discount) detail.discount = discount
  return detail
}
