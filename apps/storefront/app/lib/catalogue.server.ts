import type { Product } from '@aisle/sdk'
import { data } from 'react-router'
import type { AisleClient } from './aisle.server'
import { toRouteError } from './route-error.server'

/**
 * Returns the visible product with this slug.
 * @throws a 404 route error response (`PRODUCT_NOT_FOUND`) when there is none, or the SDK's error as a route error.
 */
export async function getProductBySlug(client: AisleClient, slug: string): Promise<Product> {
  let product: Product | undefined
  try {
    const result = await client.products.queryProducts().eq('slug', slug).limit(1).find()
    product = result.items[0]
  } catch (error) {
    throw toRouteError(error)
  }
  if (!product || product.visible === false) throw data({ code: 'PRODUCT_NOT_FOUND' }, { status: 404 })
  return product
}
