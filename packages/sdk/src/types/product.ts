import type {
  InventoryStatus,
  MeasurementUnit,
  MediaItemType,
  OptionType,
  ProductDiscountType,
  ProductType,
} from './enumerations.js'

/** Prices of a product or variant, as numbers in the store's currency, and formatted. */
export interface PriceData {
  /** ISO-4217 currency code. */
  currency?: string
  price?: number
  /** Price after the product's discount. */
  discountedPrice?: number
  pricePerUnit?: number
  formatted?: { price?: string; discountedPrice?: string; pricePerUnit?: string }
}

/** Cost and profit of a product or variant (merchant data). */
export interface CostAndProfitData {
  itemCost?: number
  formattedItemCost?: string
  profit?: number
  formattedProfit?: string
  /** Profit as a fraction of the price. */
  profitMargin?: number
}

/** Lowest and highest value across a product's variants. */
export interface NumericRange {
  minValue?: number
  maxValue?: number
}

/** How a price per unit is computed. */
export interface PricePerUnitData {
  totalQuantity?: number
  totalMeasurementUnit?: MeasurementUnit
  baseQuantity?: number
  baseMeasurementUnit?: MeasurementUnit
}

/** One resolution of an image or a video: a copy of it at another size or in another format. */
export interface MediaResolution {
  url?: string
  width?: number
  height?: number
  /** File format: `webp` for the platform's image sizes, a container such as `mp4` for videos. */
  format?: string
}

/** One resolution of a video. */
export type VideoResolution = MediaResolution

/** One derived size of an image (the platform serves WebP copies at 160, 400, 800 and 1600 px wide). */
export type ImageResolution = MediaResolution

/** An image as stored by the platform. */
export interface MediaImage {
  url?: string
  width?: number
  height?: number
  altText?: string
  /** When a signed `url` stops working (ISO-8601). */
  urlExpirationDate?: string
  /** Smaller copies for `srcset`, narrowest first (WebP, rendered from the demo seed's SVG drawings too). */
  resolutions?: ImageResolution[]
}

/** A video, its resolutions and posters. */
export interface MediaVideo {
  files?: MediaImage[]
  resolutions?: VideoResolution[]
  posters?: MediaImage[]
  stillFrameMediaId?: string
  /** When the signed URLs stop working (ISO-8601). */
  urlExpirationDate?: string
}

/** The smallest picture of a media item: the image's narrowest resolution, or the image itself. */
export interface MediaThumbnail {
  url?: string
  width?: number
  height?: number
  altText?: string
}

/** One image or video of a product, collection or choice. */
export interface MediaItem {
  _id?: string
  mediaType?: MediaItemType
  title?: string
  thumbnail?: MediaThumbnail
  image?: MediaImage
  video?: MediaVideo
}

/** One choice of a product option (a colour, a size). */
export interface Choice {
  /** The choice as shown; for colour options, the colour code. */
  value?: string
  description?: string
  inStock?: boolean
  visible?: boolean
  /** The choice's pictures (a colour's), in order. */
  media?: { items?: MediaItem[] }
}

/** An option of a product and its choices. */
export interface ProductOption {
  optionType?: OptionType
  name?: string
  choices?: Choice[]
}

/** Stock of a product. */
export interface ProductStock {
  trackInventory?: boolean
  quantity?: number
  inStock?: boolean
  inventoryStatus?: InventoryStatus
}

/** The sellable data of a variant (spec section 3, "Variant"). */
export interface VariantData {
  priceData?: PriceData
  convertedPriceData?: PriceData
  costAndProfitData?: CostAndProfitData
  weight?: number
  sku?: string
  visible?: boolean
}

/** A variant of a product: one combination of choices. */
export interface Variant {
  _id?: string
  /** Option name -> choice description, e.g. `{ Size: 'M' }`. */
  choices?: Record<string, string>
  variant?: VariantData
  stock?: { trackQuantity?: boolean; quantity?: number; inStock?: boolean }
}

/** A product of the catalogue (spec section 3, "Product"). */
export interface Product {
  _id?: string
  name?: string
  /** URL-friendly unique name. */
  slug?: string
  visible?: boolean
  productType?: ProductType
  description?: string
  sku?: string
  weight?: number
  weightRange?: NumericRange
  stock?: ProductStock
  price?: PriceData
  priceData?: PriceData
  convertedPriceData?: PriceData
  priceRange?: NumericRange
  costAndProfitData?: CostAndProfitData
  /** Lowest and highest cost of the visible variants (merchant data, like `costAndProfitData`). */
  costRange?: NumericRange
  pricePerUnitData?: PricePerUnitData
  ribbon?: string
  brand?: string
  media?: { mainMedia?: MediaItem; items?: MediaItem[] }
  manageVariants?: boolean
  productOptions?: ProductOption[]
  discount?: { type?: ProductDiscountType; value?: number }
  collectionIds?: string[]
  variants?: Variant[]
  /** Last change of the product or its variants (ISO-8601). */
  lastUpdated?: string
  _createdDate?: string
}

/**
 * A variant as a product's variant calls answer it: the product's variant entry, with the store
 * variant's names and its data at the top level too (the platform answers these calls in one shape).
 */
export interface ProductVariant extends Variant {
  productId?: string
  productName?: string
  variantName?: string
  /** The same as `priceData`. */
  price?: PriceData
  priceData?: PriceData
  costAndProfitData?: CostAndProfitData
  weight?: number
  sku?: string
  visible?: boolean
  /** The pictures of the variant's choices (a colour's). */
  media?: { items?: MediaItem[] }
  collectionIds?: string[]
}

/** The variant the chosen options pick (`getProductOptionsAvailability`), flat as the spec's client reads it. */
export interface SelectedVariant {
  /** The variant's id, to add it to a cart. */
  variantId?: string
  priceData?: PriceData
  convertedPriceData?: PriceData
  weight?: number
  sku?: string
  /** Whether it can be bought now: in stock, and its product too. */
  inStock?: boolean
  visible?: boolean
  /** The pictures of the variant's choices (a colour's). */
  media?: MediaItem[]
}

/** Answer of `products.getProductOptionsAvailability`: the variant the chosen options pick, if any. */
export interface ProductOptionsAvailabilityResponse {
  selectedVariant?: SelectedVariant
  variants?: ProductVariant[]
  availableForPurchase?: boolean
  productOptions?: ProductOption[]
  media?: { mainMedia?: MediaItem; items?: MediaItem[] }
}

/** Body of `products.queryProductVariants`: which variants of one product to list. */
export interface QueryProductVariantsOptions {
  /** Option name -> choice description, e.g. `{ Size: 'M' }`. */
  choices?: Record<string, string>
  variantIds?: string[]
  paging?: { limit?: number; offset?: number }
  includeMerchantSpecificData?: boolean
}

/** Answer of `products.queryProductVariants`. */
export interface QueryProductVariantsResponse {
  variants?: ProductVariant[]
  metadata?: { count?: number; offset?: number; total?: number }
}

/** A media item to add to a product, by id or URL, optionally for some choices. */
export interface MediaItemInput {
  mediaId?: string
  url?: string
  choice?: { option: string; choice: string }
}

/** Media of one choice of an option, by media id. */
export interface MediaAssignmentToChoice {
  option: string
  choice: string
  mediaIds: string[]
}

/** A variant change of `products.updateProductVariants`: the choices it applies to and its new data. */
export interface VariantOverride {
  choices?: Record<string, string>
  variantIds?: string[]
  price?: number
  cost?: number
  weight?: number
  sku?: string
  visible?: boolean
}

/** Answer of `products.updateProductVariants`. */
export interface UpdateProductVariantsResponse {
  variants?: ProductVariant[]
}

/** Body of `products.bulkUpdateProductsProperty`: set one property of many products. */
export interface BulkUpdateProductsPropertyOptions {
  ids: string[]
  set: { price?: number; cost?: number; weight?: number }
}

/** Body of `products.bulkAdjustProductProperty`: shift one property of many products. */
export interface BulkAdjustProductPropertyOptions {
  ids: string[]
  /** An amount (`{ amount }`) or a percentage (`{ percentage }`) per property. */
  adjust: {
    price?: { amount?: number; percentage?: number }
    cost?: { amount?: number; percentage?: number }
    weight?: { amount?: number; percentage?: number }
  }
}

/** A product's price, cost and weight before or after a bulk change. */
export interface BulkValues {
  price?: number
  cost?: number | null
  weight?: number | null
}

/**
 * Answer of the bulk product calls: the outcome per product as the spec's client reads it (`results`,
 * `bulkActionMetadata`), and the platform's own account of the change (`changes`, `applied`, and the
 * `bulkOperationId` to undo it by; docs/decisions/031-sdk-types-follow-the-wire.md).
 */
export interface BulkProductsResponse {
  /** One per product changed, in the order of `ids`; none for a preview. */
  results?: { itemMetadata?: { _id?: string; originalIndex?: number; success?: boolean } }[]
  bulkActionMetadata?: { totalSuccesses?: number; totalFailures?: number; undetailedFailures?: number }
  /** Absent for a preview; pass it to undo the change. */
  bulkOperationId?: string
  /** False for a preview (`preview: true`): nothing was changed. */
  applied?: boolean
  changes?: { productId?: string; name?: string; before?: BulkValues; after?: BulkValues }[]
}
