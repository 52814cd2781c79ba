import type { Api } from '../http/api.ts'
import type { CatalogueDeps } from './catalogue-access.ts'
import { registerCollectionRoutes } from './collection-routes.ts'
import { registerProductRoutes } from './product-routes.ts'
import { registerVariantRoutes } from './variant-routes.ts'

export type { CatalogueDeps }

/** Every catalogue call: products and their variants (v1), variants across products, collections. */
export function registerCatalogueRoutes(api: Api, deps: CatalogueDeps) {
  registerProductRoutes(api, deps)
  registerVariantRoutes(api, deps)
  registerCollectionRoutes(api, deps)
}
