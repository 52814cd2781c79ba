import { z } from 'zod'
import type { Api } from '../../http/api.ts'
import type { Caller } from '../../http/caller.ts'
import { ApplicationError } from '../../http/errors.ts'
import { IdParam } from '../../http/validation.ts'
import type { Query } from '../../query/query-request.ts'
import { audienceOf, type CatalogueDeps } from '../catalogue-access.ts'
import { PagingMetadata, VariantSchema } from '../catalogue-schemas.ts'
import { registerQueryRoutes } from '../query-routes.ts'
import { toWireVariant } from './product-wire.ts'
import { findVariant, queryVariants } from './variant-store.ts'

const QueryVariantsResponse = z.object({ variants: z.array(VariantSchema), metadata: PagingMetadata })

/** Variants across products (the store variants of the spec): query and by id. */
export function registerVariantRoutes(api: Api, deps: CatalogueDeps) {
  const { db, publicUrl } = deps

  async function answerQuery(caller: Caller, query: Query) {
    const site = caller.site
    const page = await queryVariants(db, audienceOf(caller), query, site.currency)
    return {
      variants: page.records.map(({ record, variant }) =>
        toWireVariant(record, variant, site, { publicUrl }),
      ),
      metadata: { count: page.records.length, offset: page.offset, total: page.total },
    }
  }

  registerQueryRoutes(
    api,
    {
      path: '/stores/v1/variants/query',
      operationId: 'queryStoreVariants',
      summary: 'Query variants across products',
      response: QueryVariantsResponse,
    },
    (caller, query) => answerQuery(caller, query),
  )

  api.route(
    {
      method: 'get',
      path: '/stores/v1/variants/:id',
      operationId: 'getStoreVariant',
      summary: 'Get a variant by id',
      tag: 'Catalogue',
      auth: 'caller',
      params: IdParam,
      response: z.object({ variant: VariantSchema }),
    },
    async ({ params, caller }) => {
      const found = await findVariant(db, audienceOf(caller), params.id)
      const site = caller.site
      if (!found)
        throw new ApplicationError('VARIANT_NOT_FOUND', `Variant ${params.id} was not found`, {
          id: params.id,
        })
      return { variant: toWireVariant(found.record, found.variant, site, { publicUrl }) }
    },
  )
}
