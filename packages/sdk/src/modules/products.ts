import type { HttpClient } from '../http/create-http-client.js'
import { encodePathSegment } from '../http/encode-path-segment.js'
import { encodeQueryParameter } from '../http/encode-query-parameter.js'
import type { NumberFields } from '../http/wire-transform.js'
import { createQueryBuilder, type QueryBuilder } from '../query/query-builder.js'
import type { PagingMetadata, QueryPage, WireQuery } from '../query/wire-query.js'
import type { Product } from '../types/product.js'

/**
 * Fields of product answers that hold numbers (see `NumberFields`). `value` is only a number under
 * `discount`: a choice's `value` is a string.
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
export interface GetProductOptions {
  /** Also return merchant data (cost and profit); needs a merchant's credentials. */
  includeMerchantSpecificData?: boolean
}

/** Answer of `getProduct`. */
export interface GetProductResponse {
  product?: Product
}

/** The catalogue's product read calls (spec section 7, "Catalogue (read)"); `client.products`. */
export interface ProductsModule {
  /**
   * Gets one product by id.
   *
   * @throws {AisleError} `INVALID_ARGUMENT` for an empty id (checked before calling); a 404 application
   * error when there is no such product.
   */
  getProduct(id: string, options?: GetProductOptions): Promise<GetProductResponse>
  /**
   * Starts a product query. `find()` sends it as a cacheable GET to the read-only host, or as the
   * fallback POST when its query string would pass 4000 characters.
   */
  queryProducts(): QueryBuilder<Product>
}

interface ProductsQueryAnswer {
  products?: Product[]
  metadata?: Partial<PagingMetadata>
}

const queryPath = '/v1/products/query-platformized'

/**
 * The products module; pass it in `modules` to get `client.products`.
 *
 * @example
 * ```ts
 * const client = createClient({ auth, baseUrl, modules: { products } })
 * const { items, hasNext } = await client.products.queryProducts().eq('slug', 'linen-shirt').find()
 * ```
 */
export function products(http: HttpClient): ProductsModule {
  async function runQuery(query: WireQuery): Promise<QueryPage<Product>> {
    const answer = await http.request<ProductsQueryAnswer>({
      method: 'GET',
      api: 'stores',
      path: queryPath,
      params: { q: encodeQueryParameter({ query }) },
      fallback: { method: 'POST', api: 'stores', path: queryPath, body: { query } },
      numberFields: productNumberFields,
    })
    const items = answer.products ?? []
    const metadata = answer.metadata ?? {}
    return {
      items,
      pagingMetadata: {
        count: metadata.count ?? items.length,
        offset: metadata.offset ?? query.paging.offset,
        total: metadata.total ?? query.paging.offset + items.length,
      },
    }
  }

  return {
    async getProduct(id, options = {}) {
      return http.request<GetProductResponse>({
        method: 'GET',
        api: 'stores',
        path: `/v1/products/${encodePathSegment('id', id)}`,
        params: { includeMerchantSpecificData: options.includeMerchantSpecificData },
        numberFields: productNumberFields,
      })
    },
    queryProducts: () => createQueryBuilder(runQuery),
  }
}
