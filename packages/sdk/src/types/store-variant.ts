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
  price?: number
  cost?: number
  priceData?: PriceData
  convertedPriceData?: PriceData
  costAndProfitData?: CostAndProfitData
  stock?: { trackQuantity?: boolean; quantity?: number; inStock?: boolean }
  media?: { image?: MediaImage; video?: MediaVideo }
  visible?: boolean
}
