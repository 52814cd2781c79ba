import { z } from 'zod'
import type { Db } from '../../db/db.ts'
import type { Caller } from '../../http/caller.ts'
import { ApplicationError } from '../../http/errors.ts'
import { wireNumber } from '../../http/wire-number.ts'
import type { Query } from '../../query/query-request.ts'
import type { DisplayCurrency } from '../../sites/display-currencies/display-currencies.ts'
import { audienceOf, wantsMerchantData } from '../catalogue-access.ts'
import { resolveDisplayCurrency } from '../display-currency.ts'
import { optionsAvailability } from './options-availability.ts'
import { findProduct, type ProductRecord, queryProducts } from './product-store.ts'
import { toWireProduct, toWireSelectedVariant, toWireVariant } from './product-wire.ts'

/** What a catalogue read needs: the database, and the origin of media URLs. */
export interface CatalogueReadDeps {
  db: Db
  publicUrl: string
}

/** The body of an options availability read: a (partial) choice, option name to choice description. */
export const ProductOptionsAvailabilityBody = z.object({
  options: z.record(z.string().max(100), z.string().max(200)).default({}),
})

/** The body of a query of one product's variants. */
export const QueryProductVariantsBody = z.object({
  choices: z.record(z.string().max(100), z.string().max(200)).optional(),
  variantIds: z.array(z.guid()).max(100).optional(),
  paging: z
    .object({
      limit: wireNumber(z.number().int().min(0).max(100)).default(100),
      offset: wireNumber(z.number().int().min(0)).default(0),
    })
    .optional(),
  includeMerchantSpecificData: z.boolean().optional(),
})
export type QueryProductVariantsInput = { id: string; currency?: string | undefined } & z.output<
  typeof QueryProductVariantsBody
>

/**
 * The product with this id, if the caller may see it (merchants see hidden ones too).
 *
 * @throws ApplicationError `PRODUCT_NOT_FOUND`.
 */
export async function getProductRecord(db: Db, caller: Caller, id: string): Promise<ProductRecord> {
  const record = await findProduct(db, audienceOf(caller), id)
  if (!record) throw new ApplicationError('PRODUCT_NOT_FOUND', `Product ${id} was not found`, { id })
  return record
}

/**
 * A product by id, in its wire form; cost and profit only for a merchant with the catalogue permission
 * who asks for them.
 *
 * @throws ApplicationError `PRODUCT_NOT_FOUND`.
 */
export async function getProduct(
  deps: CatalogueReadDeps,
  caller: Caller,
  input: { id: string; includeMerchantSpecificData?: boolean | undefined; currency?: string | undefined },
) {
  const includeMerchantData = wantsMerchantData(caller, input.includeMerchantSpecificData === true)
  const displayCurrency = await resolveDisplayCurrency(deps.db, caller.site, input.currency)
  const record = await getProductRecord(deps.db, caller, input.id)
  return {
    product: toWireProduct(record, caller.site, {
      publicUrl: deps.publicUrl,
      includeMerchantData,
      displayCurrency,
    }),
  }
}

/**
 * One page of the products the caller may see that match the query, with the total that match; cost
 * and profit only for a merchant with the catalogue permission who asks for them. The REST query, the
 * dashboard and GraphQL's `products` (which resolves the display currency once per request and passes
 * it) all read their pages here.
 */
export async function queryProductPage(
  deps: CatalogueReadDeps,
  caller: Caller,
  query: Query,
  options: {
    includeMerchantSpecificData?: boolean
    currency?: string | undefined
    /** The display currency already resolved from `currency` (`resolveDisplayCurrency`). */
    displayCurrency?: DisplayCurrency | undefined
  } = {},
) {
  const site = caller.site
  const includeMerchantData = wantsMerchantData(caller, options.includeMerchantSpecificData === true)
  const displayCurrency =
    'displayCurrency' in options
      ? options.displayCurrency
      : await resolveDisplayCurrency(deps.db, site, options.currency)
  const page = await queryProducts(deps.db, audienceOf(caller), query, site.currency)
  return {
    products: page.records.map((record) =>
      toWireProduct(record, site, { publicUrl: deps.publicUrl, includeMerchantData, displayCurrency }),
    ),
    metadata: { count: page.records.length, offset: page.offset, total: page.total },
  }
}

/**
 * A page of one product's variants matching the choices and ids given; shoppers see visible ones only.
 *
 * @throws ApplicationError `PRODUCT_NOT_FOUND`.
 */
export async function queryProductVariants(
  deps: CatalogueReadDeps,
  caller: Caller,
  input: QueryProductVariantsInput,
) {
  const record = await getProductRecord(deps.db, caller, input.id)
  const site = caller.site
  const includeMerchantData = wantsMerchantData(caller, input.includeMerchantSpecificData === true)
  const displayCurrency = await resolveDisplayCurrency(deps.db, site, input.currency)
  const matching = record.variants.filter(
    (variant) =>
      (caller.kind === 'merchant' || variant.visible) &&
      (!input.variantIds || input.variantIds.includes(variant.id)) &&
      Object.entries(input.choices ?? {}).every(([name, choice]) => variant.choices[name] === choice),
  )
  const { limit, offset } = input.paging ?? { limit: 100, offset: 0 }
  const page = matching.slice(offset, offset + limit)
  return {
    variants: page.map((variant) =>
      toWireVariant(record, variant, site, {
        publicUrl: deps.publicUrl,
        includeMerchantData,
        displayCurrency,
      }),
    ),
    metadata: { count: page.length, offset, total: matching.length },
  }
}

/**
 * What can still be picked of a product for a (partial) choice of options: each choice's availability,
 * the variants that fit, the variant when the choice is whole, and the media to show for it.
 *
 * @throws ApplicationError `PRODUCT_NOT_FOUND`.
 */
export async function getProductOptionsAvailability(
  deps: CatalogueReadDeps,
  caller: Caller,
  input: { id: string; currency?: string | undefined } & z.output<typeof ProductOptionsAvailabilityBody>,
) {
  const record = await getProductRecord(deps.db, caller, input.id)
  const site = caller.site
  const availability = optionsAvailability(record, input.options)
  const options = {
    publicUrl: deps.publicUrl,
    displayCurrency: await resolveDisplayCurrency(deps.db, site, input.currency),
  }
  const product = toWireProduct(record, site, options)
  const selected =
    availability.selectedVariant && toWireSelectedVariant(record, availability.selectedVariant, site, options)
  return {
    selectedVariant: selected,
    variants: availability.variants.map((variant) => toWireVariant(record, variant, site, options)),
    availableForPurchase: availability.availableForPurchase,
    productOptions: product.productOptions.map((option) => ({
      ...option,
      choices: option.choices.map((choice) => ({
        ...choice,
        ...availability.choices.get(option.name)?.get(choice.description),
      })),
    })),
    media:
      selected && selected.media.length > 0
        ? { mainMedia: selected.media[0], items: selected.media }
        : product.media,
  }
}
