import { z } from 'zod'
import type { Api } from '../../http/api.ts'
import type { Caller } from '../../http/caller.ts'
import { ApplicationError } from '../../http/errors.ts'
import { IdParam } from '../../http/validation.ts'
import type { Query } from '../../query/query-request.ts'
import type { DisplayCurrency } from '../../sites/display-currencies/display-currencies.ts'
import { audienceOf, type CatalogueDeps, wantsMerchantData } from '../catalogue-access.ts'
import { PagingMetadata, StoreVariantSchema } from '../catalogue-schemas.ts'
import { CURRENCY_HEADER, resolveDisplayCurrency } from '../display-currency.ts'
import { registerQueryRoutes } from '../query-routes.ts'
import { toWireStoreVariant } from './product-wire.ts'
import { findVariant, queryVariants } from './variant-store.ts'

export const QueryVariantsResponse = z.object({
  variants: z.array(StoreVariantSchema),
  metadata: PagingMetadata,
})
export const GetVariantResponse = z.object({ variant: StoreVariantSchema })

// The spec gives these calls no includeMerchantSpecificData: a merchant's key gets the cost always.
const wireOptions = (caller: Caller, publicUrl: string, displayCurrency: DisplayCurrency | undefined) => ({
  publicUrl,
  includeMerchantData: wantsMerchantData(caller, true),
  displayCurrency,
})

/** Variants across products (the store variants of the spec): query and by id. */
export function registerVariantRoutes(api: Api, deps: CatalogueDeps) {
  const { db, publicUrl } = deps

  async function answerQuery(caller: Caller, query: Query, currency: string | undefined) {
    const site = caller.site
    const displayCurrency = await resolveDisplayCurrency(db, site, currency)
    const page = await queryVariants(db, audienceOf(caller), query, site.currency)
    return {
      variants: page.records.map(({ record, variant }) =>
        toWireStoreVariant(record, variant, site, wireOptions(caller, publicUrl, displayCurrency)),
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
    (caller, query, c) => answerQuery(caller, query, c.req.header(CURRENCY_HEADER)),
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
      response: GetVariantResponse,
    },
    async ({ params, caller }, c) => {
      const displayCurrency = await resolveDisplayCurrency(db, caller.site, c.req.header(CURRENCY_HEADER))
      const found = await findVariant(db, audienceOf(caller), params.id)
      const site = caller.site
      if (!found)
        throw new ApplicationError('VARIANT_NOT_FOUND', `Variant ${params.id} was not found`, {
          id: params.id,
        })
      return {
        variant: toWireStoreVariant(
          found.record,
          found.variant,
          site,
          wireOptions(caller, publicUrl, displayCurrency),
        ),
      }
    },
  )
}
