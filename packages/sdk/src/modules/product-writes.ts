// Loaded on the first merchant call (`import()` in products.ts), so it imports types only: what it
// shares with the eagerly loaded SDK comes as arguments (see auth/member-flows.ts for why).
import type { HttpMethod } from '../http/create-http-client.js'
import type { encodePathSegment } from '../http/encode-path-segment.js'
import type { ProductCall, ProductWrites } from './products-types.js'

/** Builds the merchant calls on the module's `call`. */
export function createProductWrites(
  call: ProductCall,
  encodeSegment: typeof encodePathSegment,
): ProductWrites {
  const product = (id: string, rest = '') => `/v1/products/${encodeSegment('id', id)}${rest}`
  // The write calls, by shape: create an entity; change one by id; act on one by id and answer nothing,
  // sending the second argument (a list) under `key`.
  const create = (path: string, key: string) => async (input: object) =>
    call<never>('POST', path, { [key]: input }, key)
  const update = (base: string, key: string) => async (id: string, input: object) =>
    call<never>('PATCH', `${base}/${encodeSegment('id', id)}`, { [key]: { ...input, _id: id } }, key)
  const byId =
    (method: HttpMethod, base: string, rest = '', key?: string) =>
    async (id: string, list?: unknown[]) => {
      const body = key ? { [key]: list } : method === 'DELETE' ? undefined : {}
      await call(method, `${base}/${encodeSegment('id', id)}${rest}`, body)
    }

  return {
    createProduct: create('/v1/products', 'product'),
    updateProduct: update('/v1/products', 'product'),
    deleteProduct: byId('DELETE', '/v1/products'),
    updateProductVariants: async (id, variants) => call('PATCH', product(id, '/variants'), { variants }),
    resetAllProductVariantData: byId('POST', '/v1/products', '/variants/resetToDefault'),
    addProductsToCollection: byId('POST', '/v1/collections', '/productIds', 'productIds'),
    removeProductsFromCollection: byId('POST', '/v1/collections', '/productIds/delete', 'productIds'),
    addProductMedia: byId('POST', '/v1/products', '/media', 'media'),
    removeProductMedia: byId('POST', '/v1/products', '/media/delete', 'mediaIds'),
    addProductMediaToChoices: byId('PATCH', '/v1/products', '/choices/media', 'media'),
    removeProductMediaFromChoices: byId('POST', '/v1/products', '/choices/media/delete', 'media'),
    deleteProductOptions: byId('DELETE', '/v1/products', '/options'),
    removeBrand: byId('POST', '/v1/products', '/remove-brand'),
    removeRibbon: byId('POST', '/v1/products', '/remove-ribbon'),
    createCollection: create('/v1/collections', 'collection'),
    updateCollection: update('/v1/collections', 'collection'),
    deleteCollection: byId('DELETE', '/v1/collections'),
    bulkUpdateProductsProperty: async (options) => call('POST', '/v1/bulk/products/update', options),
    bulkAdjustProductProperty: async (options) =>
      call('POST', '/v1/bulk/products/adjust-properties', options),
    createProductPlatformized: create('/v2/products-platformized', 'product'),
    updateProductPlatformized: update('/v2/products-platformized', 'product'),
    deleteProductPlatformized: byId('DELETE', '/v2/products-platformized'),
  }
}
