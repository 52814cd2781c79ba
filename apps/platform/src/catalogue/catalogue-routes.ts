import type { Api } from '../http/api.ts'
import { registerBulkRoutes } from './bulk-routes.ts'
import type { CatalogueDeps } from './catalogue-access.ts'
import { registerCollectionRoutes } from './collection-routes.ts'
import { registerCollectionWriteRoutes } from './collection-write-routes.ts'
import type { CatalogueWriteDeps } from './merchant-product-writes.ts'
import { registerProductMediaRoutes } from './product-media-routes.ts'
import { registerProductRoutes } from './product-routes.ts'
import { registerProductWriteRoutes } from './product-write-routes.ts'
import { registerVariantRoutes } from './variant-routes.ts'

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
