import { applyDiscount, formatMoney, toMajorNumber } from '../money/money.ts'
import type { Site } from '../sites/site-store.ts'
import type { ProductMedia, ProductRecord, VariantRow } from './product-store.ts'

/** Where media files are served: `${publicUrl}/media/${id}`. */
export function mediaUrl(publicUrl: string, fileId: string): string {
  return `${publicUrl}/media/${fileId}`
}

export function toWireMediaItem(media: ProductMedia, publicUrl: string) {
  return {
    id: media.id,
    mediaType: 'image' as const,
    title: media.title,
    image: {
      url: mediaUrl(publicUrl, media.id),
      width: media.width,
      height: media.height,
      altText: media.altText,
    },
  }
}

function priceData(listMinor: number, discountedMinor: number, site: Site) {
  return {
    currency: site.currency,
    price: toMajorNumber(listMinor, site.currency),
    discountedPrice: toMajorNumber(discountedMinor, site.currency),
    formatted: {
      price: formatMoney(listMinor, site.currency, site.locale),
      discountedPrice: formatMoney(discountedMinor, site.currency, site.locale),
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

function range(values: number[]) {
  return { minValue: Math.min(...values), maxValue: Math.max(...values) }
}

/** The catalogue v1 wire form of a product: the one place rows become what clients see. */
export function toWireProduct(record: ProductRecord, site: Site, publicUrl: string) {
  const { product, variants } = record
  const visibleVariants = variants.filter((v) => v.visible)
  const price = priceData(product.price_minor, product.discounted_price_minor, site)
  const variantPrices = visibleVariants.map((v) =>
    toMajorNumber(variantDiscountedPrice(record, v), site.currency),
  )
  const weights = visibleVariants.map((v) => v.weight ?? product.weight ?? 0)
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
    priceRange: range(variantPrices.length > 0 ? variantPrices : [price.discountedPrice]),
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
    variants: visibleVariants.map((variant) => ({
      id: variant.id,
      choices: variant.choices,
      variant: {
        priceData: priceData(
          variantListPrice(record, variant),
          variantDiscountedPrice(record, variant),
          site,
        ),
        weight: variant.weight ?? product.weight ?? undefined,
        sku: variant.sku ?? product.sku ?? '',
        visible: variant.visible,
      },
      stock: {
        trackQuantity: variant.track_quantity,
        quantity: variant.track_quantity ? (variant.quantity ?? 0) : undefined,
        inStock: variant.in_stock,
      },
    })),
    collectionIds: record.collectionIds,
    createdDate: product.created_date.toISOString(),
    lastUpdated: product.updated_date.toISOString(),
  }
}
