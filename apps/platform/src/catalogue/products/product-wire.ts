import { mediaFileUrl, toWireImage, toWireVideo } from '../../media/media-wire.ts'
import { applyDiscount, formatMoney, toMajorNumber } from '../../money/money.ts'
import { convertMinor, type DisplayCurrency } from '../../sites/display-currencies/display-currencies.ts'
import type { Site } from '../../sites/site-store.ts'
import { type PricePerUnitData, pricePerUnitMinor } from './price-per-unit.ts'
import type { ProductMedia, ProductRecord, VariantRow } from './product-store.ts'

/** Where media files are served: `${publicUrl}/media/${id}`. */
export function mediaUrl(publicUrl: string, fileId: string): string {
  return mediaFileUrl(publicUrl, fileId)
}

/** The picture a product leads with, for its cart lines: its first media item, or that video's poster. */
export function mainPicture(media: readonly ProductMedia[]) {
  const first = media[0]
  if (first?.mediaType !== 'video') return first
  return first.poster && { ...first.poster, altText: first.altText }
}

/**
 * The picture a variant leads with, for its cart and order lines: the first media item of its chosen
 * options (a colour's picture), else its product's main picture.
 */
export function variantPicture(record: ProductRecord, variant: VariantRow | undefined) {
  const ids = variant
    ? record.product.options.flatMap(
        (option) =>
          option.choices.find((c) => c.description === variant.choices[option.name])?.mediaIds ?? [],
      )
    : []
  const own = record.product.media.filter((m) => ids.includes(m.id))
  return mainPicture(own.length > 0 ? own : record.product.media)
}

/**
 * A product's, choice's or collection's media item on the wire: a picture's `image` with its derived
 * `resolutions`, or a video's `video` with its file and poster (decision 052); and the `thumbnail`.
 */
export function toWireMediaItem(media: ProductMedia, publicUrl: string) {
  if (media.mediaType === 'video') {
    const poster = media.poster && { ...media.poster, altText: media.altText }
    return {
      id: media.id,
      mediaType: 'video' as const,
      title: media.title,
      ...toWireVideo({ ...media, format: media.format ?? 'mp4' }, poster, publicUrl),
    }
  }
  return {
    id: media.id,
    mediaType: 'image' as const,
    title: media.title,
    ...toWireImage(media, publicUrl),
  }
}

/**
 * A price on the wire; with the product's unit data, `pricePerUnit` too: what a shopper pays (the
 * discounted price) per base quantity, as Wix works it out. With a display currency, every amount is
 * converted at its rate (the unit price from the converted discounted price).
 */
function priceData(
  listMinor: number,
  discountedMinor: number,
  site: Site,
  perUnit: PricePerUnitData | null,
  display?: DisplayCurrency,
) {
  const currency = display?.currency ?? site.currency
  const list = display ? convertMinor(listMinor, site.currency, display) : listMinor
  const discounted = display ? convertMinor(discountedMinor, site.currency, display) : discountedMinor
  const unitMinor = perUnit ? pricePerUnitMinor(discounted, perUnit) : undefined
  return {
    currency,
    price: toMajorNumber(list, currency),
    discountedPrice: toMajorNumber(discounted, currency),
    pricePerUnit: unitMinor === undefined ? undefined : toMajorNumber(unitMinor, currency),
    formatted: {
      price: formatMoney(list, currency, site.locale),
      discountedPrice: formatMoney(discounted, currency, site.locale),
      pricePerUnit: unitMinor === undefined ? undefined : formatMoney(unitMinor, currency, site.locale),
    },
  }
}

/** A variant's own list price, or the product's when it has none. */
export function variantListPrice(record: ProductRecord, variant: VariantRow): number {
  return variant.price_minor ?? record.product.price_minor
}

/** A variant's price after the product's discount. */
export function variantDiscountedPrice(record: ProductRecord, variant: VariantRow): number {
  const { discount_type, discount_value } = record.product
  return applyDiscount(variantListPrice(record, variant), discount_type, discount_value)
}

function inventoryStatus(record: ProductRecord): 'IN_STOCK' | 'OUT_OF_STOCK' | 'PARTIALLY_OUT_OF_STOCK' {
  const { product, variants } = record
  if (!product.manage_variants || variants.length === 0) return product.in_stock ? 'IN_STOCK' : 'OUT_OF_STOCK'
  const inStock = variants.filter((v) => v.in_stock).length
  if (inStock === variants.length) return 'IN_STOCK'
  return inStock === 0 ? 'OUT_OF_STOCK' : 'PARTIALLY_OUT_OF_STOCK'
}

/** Cost, profit and margin (profit as a percentage of the price, two decimals): merchant-only data. */
function costAndProfit(priceMinor: number, costMinor: number | null, site: Site) {
  if (costMinor === null) return undefined
  const profit = priceMinor - costMinor
  return {
    itemCost: toMajorNumber(costMinor, site.currency),
    formattedItemCost: formatMoney(costMinor, site.currency, site.locale),
    profit: toMajorNumber(profit, site.currency),
    formattedProfit: formatMoney(profit, site.currency, site.locale),
    profitMargin: priceMinor === 0 ? 0 : Math.round((profit * 10_000) / priceMinor) / 100,
  }
}

/**
 * Options of the wire forms: merchant-only data goes to merchants who ask for it; a display currency
 * adds `convertedPriceData` beside every `priceData`.
 */
export interface WireOptions {
  publicUrl: string
  includeMerchantData?: boolean
  displayCurrency?: DisplayCurrency | undefined
}

/** The variant part of a product's wire form. */
function toWireVariantEntry(record: ProductRecord, variant: VariantRow, site: Site, options: WireOptions) {
  const { product } = record
  const discounted = variantDiscountedPrice(record, variant)
  return {
    id: variant.id,
    choices: variant.choices,
    variant: {
      priceData: priceData(variantListPrice(record, variant), discounted, site, product.price_per_unit),
      convertedPriceData:
        options.displayCurrency &&
        priceData(
          variantListPrice(record, variant),
          discounted,
          site,
          product.price_per_unit,
          options.displayCurrency,
        ),
      costAndProfitData: options.includeMerchantData
        ? costAndProfit(discounted, variant.cost_minor ?? product.cost_minor, site)
        : undefined,
      weight: variant.weight ?? product.weight ?? undefined,
      sku: variant.sku ?? product.sku ?? '',
      visible: variant.visible,
    },
    stock: {
      trackQuantity: variant.track_quantity,
      quantity: variant.track_quantity ? (variant.quantity ?? 0) : undefined,
      inStock: variant.in_stock && product.in_stock,
    },
  }
}

/** The media of a variant: the media of its chosen options (a colour's pictures), else none. */
function variantMedia(record: ProductRecord, variant: VariantRow, publicUrl: string) {
  const ids = record.product.options.flatMap((option) => {
    const choice = option.choices.find((c) => c.description === variant.choices[option.name])
    return choice?.mediaIds ?? []
  })
  return record.product.media.filter((m) => ids.includes(m.id)).map((m) => toWireMediaItem(m, publicUrl))
}

/** A variant on its own (variants queries, variant by id, options availability). */
export function toWireVariant(record: ProductRecord, variant: VariantRow, site: Site, options: WireOptions) {
  const entry = toWireVariantEntry(record, variant, site, options)
  return {
    ...entry,
    productId: record.product.id,
    productName: record.product.name,
    variantName: Object.values(variant.choices).join(' / ') || record.product.name,
    price: entry.variant.priceData,
    priceData: entry.variant.priceData,
    costAndProfitData: entry.variant.costAndProfitData,
    weight: entry.variant.weight,
    sku: entry.variant.sku,
    visible: variant.visible,
    media: { items: variantMedia(record, variant, options.publicUrl) },
    collectionIds: record.collectionIds,
  }
}

/**
 * The variant the chosen options pick, flat as the spec's client reads it (`selectedVariant` of the
 * options availability): `inStock` when it and its product can be bought.
 */
export function toWireSelectedVariant(
  record: ProductRecord,
  variant: VariantRow,
  site: Site,
  options: WireOptions,
) {
  const entry = toWireVariantEntry(record, variant, site, options)
  return {
    variantId: variant.id,
    priceData: entry.variant.priceData,
    convertedPriceData: entry.variant.convertedPriceData,
    weight: entry.variant.weight,
    sku: entry.variant.sku,
    inStock: entry.stock.inStock,
    visible: variant.visible,
    media: variantMedia(record, variant, options.publicUrl),
  }
}

/**
 * A store variant (spec section 3, "Variant"; the store-wide variant calls): the variant with its
 * product's names, its `price` (after the product's discount, as the `price` filter reads it) and, for
 * merchants, its `cost` as numbers, and one picture.
 */
export function toWireStoreVariant(
  record: ProductRecord,
  variant: VariantRow,
  site: Site,
  options: WireOptions,
) {
  const { product } = record
  const entry = toWireVariantEntry(record, variant, site, options)
  const costMinor = variant.cost_minor ?? product.cost_minor
  const first = variantMedia(record, variant, options.publicUrl)[0]
  // A video's picture is its poster.
  const image = first && ('image' in first ? first.image : first.video.posters[0])
  return {
    id: variant.id,
    variantId: variant.id,
    productId: product.id,
    productName: product.name,
    variantName: Object.values(variant.choices).join(' / ') || product.name,
    managedVariant: product.manage_variants,
    sku: entry.variant.sku,
    choices: variant.choices,
    collectionIds: record.collectionIds,
    stock: entry.stock,
    weight: entry.variant.weight,
    price: entry.variant.priceData.discountedPrice,
    cost:
      options.includeMerchantData && costMinor !== null ? toMajorNumber(costMinor, site.currency) : undefined,
    priceData: entry.variant.priceData,
    convertedPriceData: entry.variant.convertedPriceData,
    costAndProfitData: entry.variant.costAndProfitData,
    media: image ? { image } : {},
    visible: variant.visible,
  }
}

function range(values: number[]) {
  return { minValue: Math.min(...values), maxValue: Math.max(...values) }
}

/** The catalogue v1 wire form of a product: the one place rows become what clients see. */
export function toWireProduct(record: ProductRecord, site: Site, options: WireOptions) {
  const { publicUrl } = options
  const { product, variants } = record
  const visibleVariants = variants.filter((v) => v.visible)
  const price = priceData(product.price_minor, product.discounted_price_minor, site, product.price_per_unit)
  const variantPrices = visibleVariants.map((v) =>
    toMajorNumber(variantDiscountedPrice(record, v), site.currency),
  )
  const weights = visibleVariants.map((v) => v.weight ?? product.weight ?? 0)
  const costs = (visibleVariants.length > 0 ? visibleVariants : [undefined]).flatMap((v) => {
    const cost = v?.cost_minor ?? product.cost_minor
    return cost === null ? [] : [toMajorNumber(cost, site.currency)]
  })
  const items = product.media.map((m) => toWireMediaItem(m, publicUrl))
  const mediaById = new Map(items.map((m) => [m.id, m]))
  return {
    id: product.id,
    name: product.name,
    slug: product.slug,
    description: product.description,
    productType: product.product_type,
    sku: product.sku ?? '',
    brand: product.brand ?? undefined,
    ribbon: product.ribbon ?? undefined,
    visible: product.visible,
    weight: product.weight ?? undefined,
    weightRange: range(weights.length > 0 ? weights : [product.weight ?? 0]),
    price,
    priceData: price,
    convertedPriceData:
      options.displayCurrency &&
      priceData(
        product.price_minor,
        product.discounted_price_minor,
        site,
        product.price_per_unit,
        options.displayCurrency,
      ),
    costAndProfitData: options.includeMerchantData
      ? costAndProfit(product.discounted_price_minor, product.cost_minor, site)
      : undefined,
    priceRange: range(variantPrices.length > 0 ? variantPrices : [price.discountedPrice]),
    costRange: options.includeMerchantData && costs.length > 0 ? range(costs) : undefined,
    pricePerUnitData: product.price_per_unit ?? undefined,
    discount: {
      type: product.discount_type,
      value:
        product.discount_type === 'PERCENT'
          ? product.discount_value / 100
          : product.discount_type === 'AMOUNT'
            ? toMajorNumber(product.discount_value, site.currency)
            : 0,
    },
    stock: {
      trackInventory: product.track_inventory,
      quantity: product.track_inventory ? (product.quantity ?? 0) : undefined,
      inStock: product.in_stock,
      inventoryStatus: inventoryStatus(record),
    },
    media: { mainMedia: items[0], items },
    productOptions: product.options.map((option) => ({
      optionType: option.optionType,
      name: option.name,
      choices: option.choices.map((choice) => {
        const matching = visibleVariants.filter((v) => v.choices[option.name] === choice.description)
        return {
          value: choice.value,
          description: choice.description,
          inStock: matching.some((v) => v.in_stock),
          visible: matching.length > 0,
          media: { items: (choice.mediaIds ?? []).flatMap((id) => mediaById.get(id) ?? []) },
        }
      }),
    })),
    manageVariants: product.manage_variants,
    variants: visibleVariants.map((variant) => toWireVariantEntry(record, variant, site, options)),
    collectionIds: record.collectionIds,
    createdDate: product.created_date.toISOString(),
    lastUpdated: product.updated_date.toISOString(),
  }
}
