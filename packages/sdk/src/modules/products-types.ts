// The products module's types: a file of types only, so the lazily loaded merchant calls
// (product-writes.ts) and the module (products.ts) both import it without importing each other.
import type { HttpMethod } from '../http/create-http-client.js'
import type { QueryBuilder } from '../query/query-builder.js'
import type { PagingMetadata, QueryInput } from '../query/wire-query.js'
import type { Collection } from '../types/collection.js'
import type {
  BulkAdjustProductPropertyOptions,
  BulkProductsResponse,
  BulkUpdateProductsPropertyOptions,
  MediaAssignmentToChoice,
  MediaItemInput,
  Product,
  ProductOptionsAvailabilityResponse,
  QueryProductVariantsOptions,
  QueryProductVariantsResponse,
  UpdateProductVariantsResponse,
  VariantOverride,
} from '../types/product.js'

/** Options of `products.getProduct(id, options)`. */
export interface GetProductOptions {
  /** Also return merchant data (cost and profit); needs a merchant's credentials. */
  includeMerchantSpecificData?: boolean
}

/**
 * The earlier answer shape of `getProduct`, `{ product }`: still readable on the product it resolves
 * with, so `const { product } = await getProduct(id)` keeps working.
 */
export interface GetProductResponse {
  /** @deprecated `getProduct` resolves with the product itself; read its fields directly. */
  product?: Product
}

/** Answer of `queryProducts(query)`. */
export interface QueryProductsResponse {
  products: Product[]
  metadata: PagingMetadata
}

/**
 * The catalogue's product calls (spec section 7, "Catalogue (read)" and "Catalogue (write)");
 * `client.products`. Read calls go to the read-only host as GETs where the spec has a GET. The write
 * calls are the merchant's: use a client with `ApiKeyStrategy`.
 */
export interface ProductsModule {
  /**
   * Gets one product by id (`GET /v1/products/{id}`).
   *
   * @throws {AisleError} `INVALID_ARGUMENT` for an empty id (checked before calling); a 404 application
   * error when there is no such product.
   */
  getProduct(id: string, options?: GetProductOptions): Promise<Product & GetProductResponse>
  /**
   * Starts a product query: an immutable builder whose `find()` sends it as a cacheable GET to the
   * read-only host, or as the fallback POST when its query string would pass 4000 characters.
   */
  queryProducts(): QueryBuilder<Product>
  /**
   * Sends a query object as it is (filter, sort, paging, search) and resolves with the whole answer,
   * `{ products, metadata }`.
   *
   * @throws {AisleError} `INVALID_ARGUMENT` (validation) for a filter the platform does not accept.
   */
  queryProducts(query: QueryInput): Promise<QueryProductsResponse>
  /**
   * Tells which variant the chosen options pick and whether it can be bought
   * (`POST /v1/products/{id}/productOptionsAvailability`).
   *
   * @param options option name -> choice description, e.g. `{ Size: 'M', Colour: 'Red' }`.
   * @throws {AisleError} as any call (spec section 8).
   */
  getProductOptionsAvailability(
    id: string,
    options: Record<string, string>,
  ): Promise<ProductOptionsAvailabilityResponse>
  /**
   * Lists variants of one product by choices or ids (`POST /v1/products/{id}/variants/query`).
   *
   * @throws {AisleError} as any call (spec section 8).
   */
  queryProductVariants(
    id: string,
    options?: QueryProductVariantsOptions,
  ): Promise<QueryProductVariantsResponse>
  /**
   * Gets one collection by slug (catalogue v1, `GET /v1/collections/slug/{slug}`).
   *
   * @throws {AisleError} a 404 application error when there is no such collection.
   */
  getCollectionBySlug(slug: string): Promise<Collection>
  /** Creates a product (merchant). @throws {AisleError} as any call (spec section 8). */
  createProduct(product: Product): Promise<Product>
  /** Changes a product's fields (merchant; `PATCH /v1/products/{product.id}`). @throws {AisleError} as any call. */
  updateProduct(id: string, product: Product): Promise<Product>
  /** Deletes a product (merchant). @throws {AisleError} as any call (spec section 8). */
  deleteProduct(id: string): Promise<void>
  /** Changes variants of a product, chosen by choices or ids (merchant). @throws {AisleError} as any call. */
  updateProductVariants(id: string, variants: VariantOverride[]): Promise<UpdateProductVariantsResponse>
  /** Resets every variant of a product to the product's own data (merchant). @throws {AisleError} as any call. */
  resetAllProductVariantData(id: string): Promise<void>
  /** Adds products to a collection, by collection id (merchant). @throws {AisleError} as any call. */
  addProductsToCollection(id: string, productIds: string[]): Promise<void>
  /** Removes products from a collection, by collection id (merchant). @throws {AisleError} as any call. */
  removeProductsFromCollection(id: string, productIds: string[]): Promise<void>
  /** Adds media to a product (merchant). @throws {AisleError} as any call (spec section 8). */
  addProductMedia(id: string, media: MediaItemInput[]): Promise<void>
  /** Removes media from a product, by media id (merchant). @throws {AisleError} as any call. */
  removeProductMedia(id: string, mediaIds: string[]): Promise<void>
  /** Assigns media to choices of a product's options (merchant). @throws {AisleError} as any call. */
  addProductMediaToChoices(id: string, media: MediaAssignmentToChoice[]): Promise<void>
  /** Removes media from choices of a product's options (merchant). @throws {AisleError} as any call. */
  removeProductMediaFromChoices(id: string, media: MediaAssignmentToChoice[]): Promise<void>
  /** Deletes all options of a product (merchant). @throws {AisleError} as any call (spec section 8). */
  deleteProductOptions(id: string): Promise<void>
  /** Removes a product's brand (merchant). @throws {AisleError} as any call (spec section 8). */
  removeBrand(id: string): Promise<void>
  /** Removes a product's ribbon (merchant). @throws {AisleError} as any call (spec section 8). */
  removeRibbon(id: string): Promise<void>
  /** Creates a collection (merchant). @throws {AisleError} as any call (spec section 8). */
  createCollection(collection: Collection): Promise<Collection>
  /** Changes a collection (merchant; `PATCH /v1/collections/{collection.id}`). @throws {AisleError} as any call. */
  updateCollection(id: string, collection: Collection): Promise<Collection>
  /** Deletes a collection (merchant). @throws {AisleError} as any call (spec section 8). */
  deleteCollection(id: string): Promise<void>
  /** Sets the price, cost or weight of many products (merchant). @throws {AisleError} as any call. */
  bulkUpdateProductsProperty(options: BulkUpdateProductsPropertyOptions): Promise<BulkProductsResponse>
  /** Shifts the price, cost or weight of many products (merchant). @throws {AisleError} as any call. */
  bulkAdjustProductProperty(options: BulkAdjustProductPropertyOptions): Promise<BulkProductsResponse>
  /** Creates a product through the platformized catalogue (v2, merchant). @throws {AisleError} as any call. */
  createProductPlatformized(product: Product): Promise<Product>
  /** Changes a product through the platformized catalogue (v2, merchant). @throws {AisleError} as any call. */
  updateProductPlatformized(id: string, product: Product): Promise<Product>
  /** Deletes a product through the platformized catalogue (v2, merchant). @throws {AisleError} as any call. */
  deleteProductPlatformized(id: string): Promise<void>
}

/** The merchant calls of the products module (spec section 7, "Catalogue (write)"). */
export type ProductWrites = Pick<
  ProductsModule,
  | 'createProduct'
  | 'updateProduct'
  | 'deleteProduct'
  | 'updateProductVariants'
  | 'resetAllProductVariantData'
  | 'addProductsToCollection'
  | 'removeProductsFromCollection'
  | 'addProductMedia'
  | 'removeProductMedia'
  | 'addProductMediaToChoices'
  | 'removeProductMediaFromChoices'
  | 'deleteProductOptions'
  | 'removeBrand'
  | 'removeRibbon'
  | 'createCollection'
  | 'updateCollection'
  | 'deleteCollection'
  | 'bulkUpdateProductsProperty'
  | 'bulkAdjustProductProperty'
  | 'createProductPlatformized'
  | 'updateProductPlatformized'
  | 'deleteProductPlatformized'
>

/**
 * One catalogue call of the products module: `/stores` + `path`, with the product (or, for `entity`
 * `collection`, the collection) number fields; resolves with `entity` of the answer when given.
 */
export type ProductCall = <T>(method: HttpMethod, path: string, body?: unknown, entity?: string) => Promise<T>
