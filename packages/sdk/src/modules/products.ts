import type { HttpClient, HttpMethod } from '../http/create-http-client.js'
import { encodePathSegment } from '../http/encode-path-segment.js'
import type { NumberFields } from '../http/wire-transform.js'
import { loadOnFirstCall } from '../load-on-first-call.js'
import { createQueryMethod } from '../query/create-query-method.js'
import type { Product } from '../types/product.js'
import { collectionNumberFields } from './collections.js'
import type {
  GetProductOptions,
  GetProductResponse,
  ProductCall,
  ProductsModule,
  ProductWrites,
  QueryProductsResponse,
} from './products-types.js'
import { withAnswerKey } from './with-answer-key.js'

export type {
  GetProductOptions,
  GetProductResponse,
  ProductCall,
  ProductsModule,
  ProductWrites,
  QueryProductsResponse,
}

/**
 * Fields of product answers that hold numbers (see `NumberFields`). `discount.value` is named with its
 * parent because a choice's `value` is a string.
 */
export const productNumberFields: NumberFields = new Set([
  'price',
  'discountedPrice',
  'pricePerUnit',
  'weight',
  'cost',
  'itemCost',
  'profit',
  'profitMargin',
  'minValue',
  'maxValue',
  'totalQuantity',
  'baseQuantity',
  'quantity',
  'discount.value',
])

/** Options of `getProduct`. */

/**
 * The products module; pass it in `modules` to get `client.products`.
 *
 * @example
 * ```ts
 * const client = createClient({ auth, baseUrl, modules: { products } })
 * const { items, hasNext } = await client.products.queryProducts().eq('slug', 'linen-shirt').find()
 * const product = await client.products.getProduct(items[0]._id)
 * ```
 */
export function products(http: HttpClient): ProductsModule {
  const call: ProductCall = <T>(method: HttpMethod, path: string, body?: unknown, entity?: string) =>
    http.request<T>({
      method,
      api: 'stores',
      path,
      body,
      entity,
      numberFields: entity === 'collection' ? collectionNumberFields : productNumberFields,
    })
  const product = (id: string, rest = '') => `/v1/products/${encodePathSegment('id', id)}${rest}`
  // The merchant calls load on their first call: a storefront never downloads them.
  const writes = loadOnFirstCall<ProductWrites>(productWriteNames, async () =>
    (await import('./product-writes.js')).createProductWrites(call, encodePathSegment),
  )

  return {
    getProduct: async (id, options = {}) =>
      http
        .request<Product>({
          method: 'GET',
          api: 'stores',
          path: product(id),
          params: { includeMerchantSpecificData: options.includeMerchantSpecificData },
          numberFields: productNumberFields,
          entity: 'product',
        })
        .then(withAnswerKey('product')),
    queryProducts: createQueryMethod<Product, QueryProductsResponse>(http, {
      path: '/v1/products/query-platformized',
      key: 'products',
      numberFields: productNumberFields,
    }),
    getProductOptionsAvailability: async (id, options) =>
      call('POST', product(id, '/productOptionsAvailability'), { options }),
    queryProductVariants: async (id, options = {}) => call('POST', product(id, '/variants/query'), options),
    getCollectionBySlug: async (slug) =>
      call('GET', `/v1/collections/slug/${encodePathSegment('slug', slug)}`, undefined, 'collection'),
    ...writes,
  }
}

// The calls of `ProductWrites`, listed here rather than imported: an import would load them at once.
const productWriteNames = [
  'createProduct',
  'updateProduct',
  'deleteProduct',
  'updateProductVariants',
  'resetAllProductVariantData',
  'addProductsToCollection',
  'removeProductsFromCollection',
  'addProductMedia',
  'removeProductMedia',
  'addProductMediaToChoices',
  'removeProductMediaFromChoices',
  'deleteProductOptions',
  'removeBrand',
  'removeRibbon',
  'createCollection',
  'updateCollection',
  'deleteCollection',
  'bulkUpdateProductsProperty',
  'bulkAdjustProductProperty',
  'createProductPlatformized',
  'updateProductPlatformized',
  'deleteProductPlatformized',
] as const satisfies readonly (keyof ProductWrites)[]
// Fails to compile when `ProductWrites` gains a call this list lacks.
const listsEveryWrite: Exclude<keyof ProductWrites, (typeof productWriteNames)[number]> extends never
  ? true
  : false = true
void listsEveryWrite
