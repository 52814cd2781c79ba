import type { Api } from '../http/api.ts'
import { registerBulkRoutes } from './bulk/bulk-routes.ts'
import type { CatalogueDeps } from './catalogue-access.ts'
import { registerCollectionRoutes } from './collections/collection-routes.ts'
import { registerCollectionWriteRoutes } from './collections/collection-write-routes.ts'
import type { CatalogueWriteDeps } from './products/merchant-product-writes.ts'
import { registerProductMediaRoutes } from './products/product-media-routes.ts'
import { registerProductRoutes } from './products/product-routes.ts'
import { registerProductWriteRoutes } from './products/product-write-routes.ts'
import { registerVariantRoutes } from './products/variant-routes.ts'

export type { CatalogueDeps, CatalogueWriteDeps }

/** Every catalogue call: products and their variants (v1), variants across products, collections. */
export function registerCatalogueRoutes(api: Api, deps: CatalogueDeps & CatalogueWriteDeps) {
  registerProductRoutes(api, deps)
  registerProductWriteRoutes(api, deps)
  registerProductMediaRoutes(api, deps)
  registerBulkRoutes(api, deps)
  registerVariantRoutes(api, deps)
  registerCollectionRoutes(api, deps)
  registerCollectionWriteRoutes(api, deps)
}
