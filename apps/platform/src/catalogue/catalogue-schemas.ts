import { z } from 'zod'
import { WireImageSchema, WireThumbnailSchema, WireVideoSchema } from '../media/media-wire.ts'
import { MEASUREMENT_UNITS } from './products/price-per-unit.ts'

/** Wire shapes of the catalogue: they document the API (OpenAPI) and tests hold answers to them. */

export const SlugParam = z.object({ slug: z.string().min(1).max(200) })

/** `includeMerchantSpecificData=true`: cost and profit, for merchant API keys. */
export const MerchantDataParam = z.object({
  includeMerchantSpecificData: z.enum(['true', 'false']).optional(),
})

const PriceData = z.object({
  currency: z.string(),
  price: z.number(),
  discountedPrice: z.number(),
  pricePerUnit: z
    .number()
    .optional()
    .describe("the discounted price per the product's base quantity; only when it has pricePerUnitData"),
  formatted: z.object({
    price: z.string(),
    discountedPrice: z.string(),
    pricePerUnit: z.string().optional(),
  }),
})

/** `priceData` in the display currency the caller asked for (the `x-wix-currency` header; decision 040). */
const ConvertedPriceData = PriceData.describe(
  "priceData in the currency of the x-wix-currency header, when the site offers it; checkout charges the store's currency",
)

/** Spec section 3, `MeasurementUnit`. */
const MeasurementUnitSchema = z.enum(MEASUREMENT_UNITS)

/** How a product's unit price is worked out (spec section 3, `pricePerUnitData`). */
export const PricePerUnitDataSchema = z.object({
  totalQuantity: z.number().describe('how much the product holds, in totalMeasurementUnit'),
  totalMeasurementUnit: MeasurementUnitSchema,
  baseQuantity: z.number().describe('the quantity the unit price is given for, in baseMeasurementUnit'),
  baseMeasurementUnit: MeasurementUnitSchema,
})

export const MediaItemSchema = z.object({
  id: z.string(),
  mediaType: z
    .enum(['image', 'video', 'audio', 'document', 'zip'])
    .describe('image or video: the platform takes no other media'),
  title: z.string(),
  image: WireImageSchema.optional().describe('images only'),
  video: WireVideoSchema.optional().describe('videos only (decision 052)'),
  thumbnail: WireThumbnailSchema.optional().describe("a picture's smallest size; a video's poster's"),
})

const Range = z.object({ minValue: z.number(), maxValue: z.number() })

const CostAndProfit = z.object({
  itemCost: z.number(),
  formattedItemCost: z.string(),
  profit: z.number(),
  formattedProfit: z.string(),
  profitMargin: z.number().describe('profit as a percentage of the price'),
})

const VariantStock = z.object({
  trackQuantity: z.boolean(),
  quantity: z.number().int().optional(),
  inStock: z.boolean(),
})

const ProductVariantEntry = z.object({
  id: z.string(),
  choices: z.record(z.string(), z.string()),
  variant: z.object({
    priceData: PriceData,
    convertedPriceData: ConvertedPriceData.optional(),
    costAndProfitData: CostAndProfit.optional(),
    weight: z.number().optional(),
    sku: z.string(),
    visible: z.boolean(),
  }),
  stock: VariantStock,
})

export const ProductSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  productType: z.enum(['physical', 'digital']),
  sku: z.string(),
  brand: z.string().optional(),
  ribbon: z.string().optional(),
  visible: z.boolean(),
  weight: z.number().optional(),
  weightRange: Range,
  price: PriceData,
  priceData: PriceData,
  convertedPriceData: ConvertedPriceData.optional(),
  costAndProfitData: CostAndProfit.optional().describe(
    'merchant API keys with includeMerchantSpecificData only',
  ),
  priceRange: Range,
  costRange: Range.optional().describe('merchant API keys with includeMerchantSpecificData only'),
  pricePerUnitData: PricePerUnitDataSchema.optional(),
  discount: z.object({ type: z.enum(['UNDEFINED', 'NONE', 'AMOUNT', 'PERCENT']), value: z.number() }),
  stock: z.object({
    trackInventory: z.boolean(),
    quantity: z.number().int().optional(),
    inStock: z.boolean(),
    inventoryStatus: z.enum(['IN_STOCK', 'OUT_OF_STOCK', 'PARTIALLY_OUT_OF_STOCK']),
  }),
  media: z.object({ mainMedia: MediaItemSchema.optional(), items: z.array(MediaItemSchema) }),
  productOptions: z.array(
    z.object({
      optionType: z.enum(['drop_down', 'color']),
      name: z.string(),
      choices: z.array(
        z.object({
          value: z.string(),
          description: z.string(),
          inStock: z.boolean(),
          visible: z.boolean(),
          media: z.object({ items: z.array(MediaItemSchema) }),
        }),
      ),
    }),
  ),
  manageVariants: z.boolean(),
  variants: z.array(ProductVariantEntry),
  collectionIds: z.array(z.string()),
  createdDate: z.iso.datetime(),
  lastUpdated: z.iso.datetime(),
})

export const VariantSchema = ProductVariantEntry.extend({
  productId: z.string(),
  productName: z.string(),
  variantName: z.string(),
  price: PriceData,
  priceData: PriceData,
  costAndProfitData: CostAndProfit.optional(),
  weight: z.number().optional(),
  sku: z.string(),
  visible: z.boolean(),
  media: z.object({ items: z.array(MediaItemSchema) }),
  collectionIds: z.array(z.string()),
})

/** The variant the chosen options pick (options availability), flat as the spec's client reads it. */
export const SelectedVariantSchema = z.object({
  variantId: z.string(),
  priceData: PriceData,
  convertedPriceData: ConvertedPriceData.optional(),
  weight: z.number().optional(),
  sku: z.string(),
  inStock: z.boolean().describe('the variant and its product are in stock'),
  visible: z.boolean(),
  media: z.array(MediaItemSchema).describe("the pictures of the variant's choices"),
})

/** A store variant (spec section 3, "Variant"): the store-wide variant calls answer these. */
export const StoreVariantSchema = z.object({
  id: z.string(),
  variantId: z.string(),
  productId: z.string(),
  productName: z.string(),
  variantName: z.string(),
  managedVariant: z.boolean(),
  sku: z.string(),
  choices: z.record(z.string(), z.string()),
  collectionIds: z.array(z.string()),
  stock: VariantStock,
  weight: z.number().optional(),
  price: z.number().describe('what a shopper pays: priceData.discountedPrice, as the price filter reads it'),
  cost: z.number().optional().describe('merchant API keys only'),
  priceData: PriceData,
  convertedPriceData: ConvertedPriceData.optional(),
  costAndProfitData: CostAndProfit.optional().describe('merchant API keys only'),
  media: z
    .object({ image: WireImageSchema.optional() })
    .describe("the first picture of the variant's choices; the platform stores no videos"),
  visible: z.boolean(),
})

export const PagingMetadata = z.object({
  count: z.number().int(),
  offset: z.number().int(),
  total: z.number().int(),
})

export const CollectionSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  media: z.object({ mainMedia: MediaItemSchema.optional(), items: z.array(MediaItemSchema) }),
  numberOfProducts: z.number().int(),
  visible: z.boolean(),
  createdDate: z.iso.datetime(),
  updatedDate: z.iso.datetime(),
})
