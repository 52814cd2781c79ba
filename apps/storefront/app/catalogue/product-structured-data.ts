import type { Product } from '@aisle/sdk'
import { toFractionDigits } from '../store/money'
import { toPlainText } from './product-view'

/** schema.org's words for stock, as search engines read them. */
const IN_STOCK = 'https://schema.org/InStock'
const OUT_OF_STOCK = 'https://schema.org/OutOfStock'

/** Where the product is and what picture shows it, for its structured data. */
export interface ProductPageLinks {
  /** The product page's canonical URL. */
  url: string
  /** An absolute image URL. */
  image?: string | undefined
}

/**
 * The price a shopper pays, as schema.org wants it: a decimal string with the currency's digits (`"19.20"`).
 */
export function toSchemaPrice(amount: number, currency: string): string {
  return amount.toFixed(toFractionDigits(currency))
}

/**
 * Builds a product's schema.org `Product` (JSON-LD) with what search engines show in results: name,
 * description, image, SKU, brand, and an `Offer` with the price after any discount, the currency and the
 * availability; an `AggregateOffer` with the lowest and highest price when its variants cost differently.
 */
export function toProductJsonLd(product: Product, links: ProductPageLinks): Record<string, unknown> {
  const price = product.priceData
  const currency = price?.currency || 'USD'
  const paid = price?.discountedPrice ?? price?.price ?? 0
  const low = product.priceRange?.minValue
  const high = product.priceRange?.maxValue
  const availability = product.stock?.inStock === false ? OUT_OF_STOCK : IN_STOCK
  const offers =
    low !== undefined && high !== undefined && low < high
      ? {
          '@type': 'AggregateOffer',
          lowPrice: toSchemaPrice(low, currency),
          highPrice: toSchemaPrice(high, currency),
          offerCount: product.variants?.length || undefined,
          priceCurrency: currency,
          availability,
          url: links.url,
        }
      : {
          '@type': 'Offer',
          price: toSchemaPrice(paid, currency),
          priceCurrency: currency,
          availability,
          url: links.url,
        }
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name ?? '',
    description: toPlainText(product.description ?? '') || undefined,
    image: links.image,
    sku: product.sku || undefined,
    brand: product.brand ? { '@type': 'Brand', name: product.brand } : undefined,
    url: links.url,
    offers,
  }
}
