import { MEASUREMENT_UNITS } from '../catalogue/products/price-per-unit.ts'

/**
 * The catalogue part of the GraphQL schema (version `alpha`). Every type mirrors the wire form the REST
 * catalogue answers (`catalogue/catalogue-schemas.ts`), with the same field names (`id`, `createdDate`,
 * `lastUpdated`), so a client reads the same objects over both; a test holds the two together.
 */
export const catalogueTypeDefs = /* GraphQL */ `
"""A JSON object: a filter in the query operator language, a variant's choices, a cart's info."""
scalar JSONObject

"""
The query object of the REST query calls: a filter in the operator language, a sort, offset paging
(50 by default, at most 100) and, for products, full-text search. Pass a filter with operators in a
variable: GraphQL literals cannot spell names that start with "$".
"""
input QueryInput {
  filter: JSONObject
  sort: [SortingInput!]
  paging: PagingInput
  search: SearchInput
}

input SortingInput {
  fieldName: String!
  order: SortOrder
}

enum SortOrder {
  ASC
  DESC
}

input PagingInput {
  limit: Int
  offset: Int
}

input SearchInput {
  expression: String!
}

type PagingMetadata {
  """Items on this page."""
  count: Int!
  offset: Int!
  """Items that match the query in all."""
  total: Int!
}

type FormattedPrice {
  price: String!
  discountedPrice: String!
  pricePerUnit: String
}

type PriceData {
  currency: String!
  price: Float!
  discountedPrice: Float!
  """The discounted price per the product's base quantity; null when it has no pricePerUnitData."""
  pricePerUnit: Float
  formatted: FormattedPrice!
}

"""Spec section 3, MeasurementUnit."""
enum MeasurementUnit {
  ${MEASUREMENT_UNITS.join('\n  ')}
}

"""How a product's unit price is worked out."""
type PricePerUnitData {
  totalQuantity: Float!
  totalMeasurementUnit: MeasurementUnit!
  baseQuantity: Float!
  baseMeasurementUnit: MeasurementUnit!
}

"""Merchant-only: null unless the caller is a merchant API key with the catalogue permission."""
type CostAndProfitData {
  itemCost: Float!
  formattedItemCost: String!
  profit: Float!
  formattedProfit: String!
  """Profit as a percentage of the price."""
  profitMargin: Float!
}

type Range {
  minValue: Float!
  maxValue: Float!
}

enum MediaItemType {
  image
  video
  audio
  document
  zip
}

"""One derived size of an image."""
type ImageResolution {
  url: String!
  width: Float!
  height: Float!
  """"webp"."""
  format: String!
}

type MediaImage {
  """The file as uploaded; it never expires."""
  url: String!
  width: Float!
  height: Float!
  altText: String!
  """WebP copies at 160, 400, 800 and 1600 pixels wide (never wider than the image); the demo seed's SVG drawings are rendered to them on first request."""
  resolutions: [ImageResolution!]!
}

"""The smallest picture of an image: its narrowest derived size, or the image itself."""
type MediaThumbnail {
  url: String!
  width: Float!
  height: Float!
  altText: String!
}

"""A video's file as uploaded (decision 052)."""
type VideoFile {
  url: String!
  width: Float!
  height: Float!
}

"""A video's container."""
enum VideoFormat {
  mp4
  webm
}

"""One file of a video: the upload itself, in its container."""
type VideoResolution {
  url: String!
  width: Float!
  height: Float!
  format: VideoFormat!
}

"""A product's video: its file, and the poster shown before it plays."""
type MediaVideo {
  files: [VideoFile!]!
  resolutions: [VideoResolution!]!
  posters: [MediaImage!]!
  stillFrameMediaId: String
}

type MediaItem {
  id: String!
  mediaType: MediaItemType!
  title: String!
  """Images only."""
  image: MediaImage
  """Videos only."""
  video: MediaVideo
  """A picture's smallest size; a video's poster's."""
  thumbnail: MediaThumbnail
}

type Media {
  mainMedia: MediaItem
  items: [MediaItem!]!
}

type MediaItems {
  items: [MediaItem!]!
}

enum ProductDiscountType {
  UNDEFINED
  NONE
  AMOUNT
  PERCENT
}

type Discount {
  type: ProductDiscountType!
  value: Float!
}

enum InventoryStatus {
  IN_STOCK
  OUT_OF_STOCK
  PARTIALLY_OUT_OF_STOCK
}

type ProductStock {
  trackInventory: Boolean!
  quantity: Int
  inStock: Boolean!
  inventoryStatus: InventoryStatus!
}

enum OptionType {
  drop_down
  color
}

type ProductOptionChoice {
  value: String!
  description: String!
  inStock: Boolean!
  visible: Boolean!
  media: MediaItems!
}

type ProductOption {
  optionType: OptionType!
  name: String!
  choices: [ProductOptionChoice!]!
}

type VariantStock {
  trackQuantity: Boolean!
  quantity: Int
  inStock: Boolean!
}

type VariantDetails {
  priceData: PriceData!
  """Prices in the display currency the x-wix-currency header asks for, when the site offers it; null otherwise."""
  convertedPriceData: PriceData
  costAndProfitData: CostAndProfitData
  weight: Float
  sku: String!
  visible: Boolean!
}

"""A variant as a product lists it."""
type ProductVariant {
  id: ID!
  """The chosen description per option name: {"Size": "M", "Color": "Red"}."""
  choices: JSONObject!
  variant: VariantDetails!
  stock: VariantStock!
}

enum ProductType {
  physical
  digital
}

type Product {
  id: ID!
  name: String!
  slug: String!
  description: String!
  productType: ProductType!
  sku: String!
  brand: String
  ribbon: String
  visible: Boolean!
  weight: Float
  weightRange: Range!
  price: PriceData!
  priceData: PriceData!
  """Prices in the display currency the x-wix-currency header asks for, when the site offers it; null otherwise."""
  convertedPriceData: PriceData
  costAndProfitData: CostAndProfitData
  priceRange: Range!
  """Lowest and highest cost of the visible variants (merchant data)."""
  costRange: Range
  pricePerUnitData: PricePerUnitData
  discount: Discount!
  stock: ProductStock!
  media: Media!
  productOptions: [ProductOption!]!
  manageVariants: Boolean!
  """The visible variants."""
  variants: [ProductVariant!]!
  collectionIds: [ID!]!
  """The collections the caller may see that hold the product (loaded in one batch per request)."""
  collections: [Collection!]!
  """ISO-8601 date-time."""
  createdDate: String!
  """ISO-8601 date-time."""
  lastUpdated: String!
}

"""The picture of a store variant: the first of its choices'."""
type VariantMedia {
  image: MediaImage
}

"""A variant on its own, with its product (a store variant, as GET /stores/v1/variants/{id})."""
type Variant {
  id: ID!
  variantId: ID!
  productId: ID!
  productName: String!
  variantName: String!
  managedVariant: Boolean!
  sku: String!
  choices: JSONObject!
  collectionIds: [ID!]!
  stock: VariantStock!
  weight: Float
  """What a shopper pays: priceData.discountedPrice."""
  price: Float!
  """Merchant data."""
  cost: Float
  priceData: PriceData!
  """Prices in the display currency the x-wix-currency header asks for, when the site offers it; null otherwise."""
  convertedPriceData: PriceData
  costAndProfitData: CostAndProfitData
  media: VariantMedia!
  visible: Boolean!
  product: Product
  collections: [Collection!]!
}

type Collection {
  id: ID!
  slug: String!
  name: String!
  description: String!
  media: Media!
  """Products in the collection that the caller may see."""
  numberOfProducts: Int!
  visible: Boolean!
  createdDate: String!
  updatedDate: String!
}

type ProductsPage {
  products: [Product!]!
  metadata: PagingMetadata!
}

type VariantsPage {
  variants: [Variant!]!
  metadata: PagingMetadata!
}

type CollectionsPage {
  collections: [Collection!]!
  metadata: PagingMetadata!
}
`

/** The catalogue's root query fields. */
export const catalogueQueryFields = /* GraphQL */ `
  """A product by id (PRODUCT_NOT_FOUND when the caller may not see it)."""
  product(id: ID!): Product
  """A product by slug."""
  productBySlug(slug: String!): Product
  """Products matching a query, as POST /stores/v1/products/query-platformized."""
  products(query: QueryInput): ProductsPage
  """A variant by id (VARIANT_NOT_FOUND when the caller may not see it)."""
  variant(id: ID!): Variant
  """Variants across products matching a query, as POST /stores/v1/variants/query."""
  variants(query: QueryInput): VariantsPage
  """A collection by id (COLLECTION_NOT_FOUND when the caller may not see it)."""
  collection(id: ID!): Collection
  """A collection by slug."""
  collectionBySlug(slug: String!): Collection
  """Collections matching a query, as POST /stores/v2/collections/query."""
  collections(query: QueryInput): CollectionsPage
`
