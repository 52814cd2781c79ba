import type { CostAndProfitData, MediaImage, MediaVideo, PriceData } from './product.js'

/**
 * A variant as the store-wide variant calls answer it (spec section 3, "Variant"): one sellable
 * combination of a product's choices, with its product's names.
 */
export interface StoreVariant {
  _id?: string
  variantId?: string
  productId?: string
  variantName?: string
  productName?: string
  /** Whether the product manages its variants (true) or this is its only default variant (false). */
  managedVariant?: boolean
  sku?: string
  /** Option name -> choice description, e.g. `{ Size: 'M' }`. */
  choices?: Record<string, string>
  collectionIds?: string[]
  weight?: number
  /** What a shopper pays: `priceData.discountedPrice`, as the `price` filter and sort read it. */
  price?: number
  /** The variant's cost: merchant data, sent to a merchant's API key only. */
  cost?: number
  priceData?: PriceData
  convertedPriceData?: PriceData
  costAndProfitData?: CostAndProfitData
  stock?: { trackQuantity?: boolean; quantity?: number; inStock?: boolean }
  /** The variant's picture: the first of its choices' (a colour's); the platform stores no videos. */
  media?: { image?: MediaImage; video?: MediaVideo }
  visible?: boolean
}
