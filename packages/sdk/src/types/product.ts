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

/** One image or video of a product, collection or choice. */
export interface MediaItem {
  _id?: string
  mediaType?: MediaItemType
  title?: string
  /** The smallest picture of the item: the image's narrowest resolution, or the image itself. */
  thumbnail?: MediaImage
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
  media?: { mainMedia?: MediaItem; items?: MediaItem[] }
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
  costRange?: NumericRange
  pricePerUnitData?: PricePerUnitData
  additionalInfoSections?: { title?: string; description?: string }[]
  ribbon?: string
  brand?: string
  media?: { mainMedia?: MediaItem; items?: MediaItem[] }
  manageVariants?: boolean
  productOptions?: ProductOption[]
  productPageUrl?: { base?: string; path?: string }
  discount?: { type?: ProductDiscountType; value?: number }
  collectionIds?: string[]
  variants?: Variant[]
  /** Last change of the product or its variants (ISO-8601). */
  lastUpdated?: string
  _createdDate?: string
  _updatedDate?: string
}

/** Answer of `products.getProductOptionsAvailability`: the variant the chosen options pick, if any. */
export interface ProductOptionsAvailabilityResponse {
  selectedVariant?: {
    priceData?: PriceData
    convertedPriceData?: PriceData
    weight?: number
    sku?: string
    inStock?: boolean
    visible?: boolean
    media?: MediaItem[]
  }
  variants?: Variant[]
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
  variants?: Variant[]
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
  variants?: Variant[]
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

/** Answer of the bulk product calls: the outcome per product. */
export interface BulkProductsResponse {
  results?: {
    itemMetadata?: { _id?: string; success?: boolean; error?: { code?: string; description?: string } }
  }[]
  bulkActionMetadata?: { totalSuccesses?: number; totalFailures?: number }
}
