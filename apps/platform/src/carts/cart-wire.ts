import type { ProductRecord, VariantRow } from '../catalogue/products/product-store.ts'
import {
  linePicture,
  mediaUrl,
  variantDiscountedPrice,
  variantListPrice,
} from '../catalogue/products/product-wire.ts'
import { ApplicationError } from '../http/errors.ts'
import { MAX_CART_AMOUNT_MINOR, toDecimalString, toWireMoney } from '../money/money.ts'
import type { Site } from '../sites/site-store.ts'
import { zoneNameAt } from '../time-zones/zone-words.ts'
import type {
  CartWithLines,
  LineItemRow,
  ServiceLineProperties,
  SoldService,
  TicketLineProperties,
} from './cart-store.ts'
import type { CustomLine } from './custom-line-item.ts'
import { liveMerchantDiscounts, toWireMerchantDiscount } from './merchant-discounts.ts'

type Availability =
  | { status: 'AVAILABLE' }
  | { status: 'NOT_FOUND' }
  | { status: 'NOT_AVAILABLE'; quantityAvailable: 0 }
  | { status: 'PARTIALLY_AVAILABLE'; quantityAvailable: number }

/** Whether a line can be bought as it stands in the catalogue now. */
export function availabilityOf(line: LineItemRow, record: ProductRecord | undefined): Availability {
  const variant = record?.variants.find((v) => v.id === line.variant_id && v.visible)
  if (!record || !variant) return { status: 'NOT_FOUND' }
  const tracked = record.product.manage_variants ? variant.track_quantity : record.product.track_inventory
  const inStock = record.product.manage_variants ? variant.in_stock : record.product.in_stock
  const quantity = (record.product.manage_variants ? variant.quantity : record.product.quantity) ?? 0
  if (!inStock || (tracked && quantity <= 0)) return { status: 'NOT_AVAILABLE', quantityAvailable: 0 }
  if (tracked && quantity < line.quantity)
    return { status: 'PARTIALLY_AVAILABLE', quantityAvailable: quantity }
  return { status: 'AVAILABLE' }
}

function money(minor: number, site: Site) {
  return toWireMoney(minor, site.currency, site.locale)
}

type Translatable = { original: string; translated: string }
/** A line's chosen option as the cart shows it and the order keeps it (`DescriptionLineSchema`). */
export type DescriptionLine =
  | { name: Translatable; lineType: 'PLAIN_TEXT'; plainText: Translatable }
  | { name: Translatable; lineType: 'COLOR'; colorInfo: Translatable & { code: string } }

/** A line's picture as the cart shows it and the order keeps it (`LineImageSchema`). */
export interface LineImage {
  id?: string | undefined
  url: string
  width?: number | undefined
  height?: number | undefined
  altText: string
}

/**
 * What a line says of what it sells, as the cart shows it: the chosen options, the picture, weight, SKU
 * and whether it ships. The order takes it as it stands when placed (decision 058), so both read alike.
 */
export interface LineDescription {
  descriptionLines: DescriptionLine[]
  image: LineImage | undefined
  physicalProperties: { sku: string; shippable: boolean; weight: number | undefined }
}

function translatable(text: string): Translatable {
  return { original: text, translated: text }
}

/** A catalogue line's description from its product and variant now (the variant's own picture first). */
function catalogueLineDescription(
  record: ProductRecord | undefined,
  variant: VariantRow | undefined,
  publicUrl: string,
): LineDescription {
  const picture = record && linePicture(record, variant)
  return {
    descriptionLines: (record?.product.options ?? []).flatMap((option): DescriptionLine[] => {
      const chosen = variant?.choices[option.name]
      const choice = option.choices.find((c) => c.description === chosen)
      if (!choice) return []
      return option.optionType === 'color'
        ? [
            {
              name: translatable(option.name),
              lineType: 'COLOR' as const,
              colorInfo: { ...translatable(choice.description), code: choice.value },
            },
          ]
        : [
            {
              name: translatable(option.name),
              lineType: 'PLAIN_TEXT' as const,
              plainText: translatable(choice.description),
            },
          ]
    }),
    image: picture && {
      id: picture.id,
      url: mediaUrl(publicUrl, picture.id),
      width: picture.width,
      height: picture.height,
      altText: picture.altText,
    },
    physicalProperties: {
      sku: variant?.sku ?? record?.product.sku ?? '',
      shippable: record?.product.product_type === 'physical',
      weight: variant?.weight ?? record?.product.weight ?? undefined,
    },
  }
}

/** A custom line's description as the merchant gave it. */
function customLineDescription(custom: CustomLine): LineDescription {
  const translated = (text: { original: string; translated?: string | undefined }) => ({
    original: text.original,
    translated: text.translated ?? text.original,
  })
  return {
    descriptionLines: custom.descriptionLines.map(
      (description): DescriptionLine =>
        'colorInfo' in description
          ? {
              name: translated(description.name),
              lineType: 'COLOR',
              colorInfo: { ...translated(description.colorInfo), code: description.colorInfo.code },
            }
          : {
              name: translated(description.name),
              lineType: 'PLAIN_TEXT',
              plainText: translated(description.plainText),
            },
    ),
    image: custom.image && { url: custom.image.url, altText: custom.image.altText ?? '' },
    physicalProperties: {
      sku: custom.physicalProperties?.sku ?? '',
      shippable: custom.physicalProperties?.shippable ?? custom.itemType.preset === 'PHYSICAL',
      weight: custom.physicalProperties?.weight,
    },
  }
}

/**
 * When a booked slot is, in words of its time zone: `Mon, 30 Mar 2026, 10:00–10:45 BST`, the zone as people
 * know it (`zoneNameAt`, the dashboard's words too; decision 101), never its IANA id. The one way a slot's
 * time is written: lines (as sold, so an order line keeps it), mails, the account and the cancel page.
 */
export function slotWhenText(
  slot: Pick<ServiceLineProperties, 'scheduledDate' | 'endDate' | 'timeZone'>,
  locale = 'en-GB',
): string {
  const format = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat(locale, { timeZone: slot.timeZone, ...options })
  const start = new Date(slot.scheduledDate)
  return `${format({ weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' }).format(start)}, ${format({ timeStyle: 'short' }).formatRange(start, new Date(slot.endDate))} ${zoneNameAt(start, slot.timeZone)}`
}

/**
 * A service line's description: when the appointment is, in the shop's time zone (decision 065). The order
 * line keeps it; a moved booking's line is given it anew for the new time (decision 084).
 */
export function serviceLineDescription(
  service: Pick<ServiceLineProperties, 'scheduledDate' | 'endDate' | 'timeZone'>,
  locale = 'en-GB',
): LineDescription {
  const when = slotWhenText(service, locale)
  return {
    descriptionLines: [{ name: translatable('When'), lineType: 'PLAIN_TEXT', plainText: translatable(when) }],
    image: undefined,
    physicalProperties: { sku: '', shippable: false, weight: undefined },
  }
}

/** A line of tickets: the event and its time in the event's zone (decision 070). */
function ticketLineDescription(ticket: TicketLineProperties, locale = 'en-GB'): LineDescription {
  const when = slotWhenText(
    { scheduledDate: ticket.startDate, endDate: ticket.endDate, timeZone: ticket.timeZone },
    locale,
  )
  return {
    descriptionLines: [
      { name: translatable('Event'), lineType: 'PLAIN_TEXT', plainText: translatable(ticket.eventTitle) },
      { name: translatable('When'), lineType: 'PLAIN_TEXT', plainText: translatable(when) },
    ],
    image: undefined,
    physicalProperties: { sku: '', shippable: false, weight: undefined },
  }
}

/** What a cart line says of what it sells now: a custom line's own words, a catalogue line's product's. */
export function lineDescriptionOf(
  line: LineItemRow,
  products: ReadonlyMap<string, ProductRecord>,
  publicUrl: string,
): LineDescription {
  if (line.custom) return customLineDescription(line.custom)
  if (line.service_properties) return serviceLineDescription(line.service_properties)
  if (line.ticket_properties) return ticketLineDescription(line.ticket_properties)
  const { record, variant } = catalogueLineOf(line, products)
  return catalogueLineDescription(record, variant, publicUrl)
}

/** A custom line as the caller described and priced it. */
function toWireCustomLine(line: LineItemRow, custom: CustomLine, site: Site) {
  const translated = (text: { original: string; translated?: string | undefined }) => ({
    original: text.original,
    translated: text.translated ?? text.original,
  })
  const { descriptionLines, image, physicalProperties } = customLineDescription(custom)
  return {
    id: line.id,
    quantity: line.quantity,
    productName: translated(custom.productName),
    url: custom.url,
    price: money(custom.priceMinor, site),
    fullPrice: money(custom.priceMinor, site),
    lineItemPrice: money(custom.priceMinor * line.quantity, site),
    descriptionLines,
    image,
    availability: { status: 'AVAILABLE' as const },
    physicalProperties,
    serviceProperties: custom.serviceProperties,
    itemType: custom.itemType,
    paymentOption: custom.paymentOption,
  }
}

/** A cart as the wire shows it: `CartSchema`'s shape (a type test holds them together). */
export type WireCart = ReturnType<typeof toWireCart>

/**
 * A catalogue line's product and variant as the catalogue has them now, with the variant's unit price
 * after discount and its list price (both 0 when the product or variant is gone).
 */
function catalogueLineOf(line: LineItemRow, products: ReadonlyMap<string, ProductRecord>) {
  const record = line.catalog_item_id ? products.get(line.catalog_item_id) : undefined
  const variant = record?.variants.find((v) => v.id === line.variant_id)
  const unit = record && variant ? variantDiscountedPrice(record, variant) : 0
  const full = record && variant ? variantListPrice(record, variant) : 0
  return { record, variant, unit, full }
}

/**
 * What the cart's lines come to at their list prices, in minor units, as an exact BigInt: the figure
 * {@link MAX_CART_AMOUNT_MINOR} bounds. Out-of-stock lines count too (their stock may come back).
 */
export function cartAmount(
  lines: readonly LineItemRow[],
  products: ReadonlyMap<string, ProductRecord>,
): bigint {
  let amount = 0n
  for (const line of lines) {
    let unit = line.custom?.priceMinor
    if (unit === undefined) {
      const prices = catalogueLineOf(line, products)
      unit = Math.max(prices.full, prices.unit)
    }
    amount += BigInt(unit) * BigInt(line.quantity)
  }
  return amount
}

/**
 * Each line's price as the cart shows it (`lineItemPrice`: the unit price now times the quantity), in
 * minor units, by line id: what a merchant discount on the line may take at most (decision 044).
 */
export function lineAmountsOf(
  lines: readonly LineItemRow[],
  products: ReadonlyMap<string, ProductRecord>,
): Map<string, number> {
  return new Map(
    lines.map((line) => [
      line.id,
      (line.custom?.priceMinor ?? catalogueLineOf(line, products).unit) * line.quantity,
    ]),
  )
}

/**
 * Refuses a cart past {@link MAX_CART_AMOUNT_MINOR}: a change before it is written, a checkout before it
 * is priced (a catalogue price may have risen since the lines were added).
 *
 * @throws ApplicationError CART_AMOUNT_TOO_LARGE.
 */
export function assertCartAmountWithinBound(
  lines: readonly LineItemRow[],
  products: ReadonlyMap<string, ProductRecord>,
  currency: string,
): void {
  if (cartAmount(lines, products) <= BigInt(MAX_CART_AMOUNT_MINOR)) return
  const maximum = toDecimalString(MAX_CART_AMOUNT_MINOR, currency)
  throw new ApplicationError(
    'CART_AMOUNT_TOO_LARGE',
    `A cart may come to at most ${maximum} ${currency}; remove lines or lower quantities to go on`,
    { maximum },
  )
}

/**
 * What a line of the services or tickets catalogue answers beside its description: its name and price as
 * sold (`sold`, from the services map; a line whose service or ticket type is gone is NOT_FOUND and priced
 * at 0), a service item paid in full online.
 */
function soldLineOf(line: LineItemRow, sold: SoldService | undefined, site: Site) {
  const unit = sold?.unitPriceMinor ?? 0
  return {
    id: line.id,
    quantity: line.quantity,
    catalogReference: { catalogItemId: line.catalog_item_id ?? '', appId: line.app_id, options: {} },
    productName: translatable(sold?.name ?? ''),
    url: undefined,
    price: money(unit, site),
    fullPrice: money(unit, site),
    lineItemPrice: money(unit * line.quantity, site),
    availability: sold ? { status: 'AVAILABLE' as const } : { status: 'NOT_FOUND' as const },
    itemType: { preset: 'SERVICE' as const },
    paymentOption: 'FULL_PAYMENT_ONLINE' as const,
  }
}

/**
 * The wire form of a cart, priced from the catalogue as it is now: a price change in the catalogue
 * reaches every cart on its next read.
 */
export function toWireCart(
  owned: CartWithLines,
  products: ReadonlyMap<string, ProductRecord>,
  site: Site,
  publicUrl: string,
  /** The services of the cart's service lines, by id (decision 065); a line whose service is gone is unavailable. */
  services: ReadonlyMap<string, SoldService> = new Map(),
) {
  const { cart, lines } = owned
  let subtotal = 0
  const lineItems = lines.map((line) => {
    if (line.custom) {
      subtotal += line.custom.priceMinor * line.quantity
      return toWireCustomLine(line, line.custom, site)
    }
    // A ticket or a booked slot: a line of its own catalogue (the services map holds both), priced as sold.
    const sold = line.catalog_item_id ? services.get(line.catalog_item_id) : undefined
    if (line.ticket_properties) {
      if (sold) subtotal += sold.unitPriceMinor * line.quantity
      return {
        ...soldLineOf(line, sold, site),
        ...ticketLineDescription(line.ticket_properties, site.locale),
      }
    }
    if (line.service_properties) {
      if (sold) subtotal += sold.unitPriceMinor * line.quantity
      return {
        ...soldLineOf(line, sold, site),
        ...serviceLineDescription(line.service_properties, site.locale),
        serviceProperties: {
          scheduledDate: line.service_properties.scheduledDate,
          numberOfParticipants: line.quantity,
        },
      }
    }
    const { record, variant, unit, full } = catalogueLineOf(line, products)
    const availability = availabilityOf(line, record)
    const payable =
      availability.status === 'AVAILABLE'
        ? line.quantity
        : availability.status === 'PARTIALLY_AVAILABLE'
          ? availability.quantityAvailable
          : 0
    subtotal += unit * payable
    return {
      id: line.id,
      quantity: line.quantity,
      catalogReference: {
        catalogItemId: line.catalog_item_id ?? '',
        appId: line.app_id,
        options: line.variant_id ? { variantId: line.variant_id } : {},
      },
      productName: translatable(record?.product.name ?? ''),
      url: record ? `/products/${record.product.slug}` : undefined,
      price: money(unit, site),
      fullPrice: money(full, site),
      lineItemPrice: money(unit * line.quantity, site),
      ...catalogueLineDescription(record, variant, publicUrl),
      availability,
      itemType: {
        preset: record?.product.product_type === 'digital' ? ('DIGITAL' as const) : ('PHYSICAL' as const),
      },
      paymentOption: 'FULL_PAYMENT_ONLINE' as const,
    }
  })
  const merchantDiscounts = liveMerchantDiscounts(cart.merchant_discounts, lines).map((discount) =>
    toWireMerchantDiscount(discount, site),
  )
  return {
    id: cart.id,
    currency: cart.currency,
    conversionCurrency: cart.currency,
    weightUnit: site.weightUnit,
    buyerInfo: cart.owner_kind === 'member' ? { memberId: cart.owner_id } : { visitorId: cart.owner_id },
    lineItems,
    subtotal: money(subtotal, site),
    couponCode: cart.coupon_code ?? undefined,
    cartInfo: cart.cart_info,
    contactInfo: cart.contact_info ?? undefined,
    merchantDiscounts,
    // What each takes comes with the totals estimate, which prices discounts against the whole cart.
    appliedDiscounts: [
      ...(cart.coupon_code ? [{ coupon: { code: cart.coupon_code } }] : []),
      ...merchantDiscounts.map(({ lineItemIds, ...merchantDiscount }) => ({
        discountType: lineItemIds.length > 0 ? ('SPECIFIC_ITEMS' as const) : ('GLOBAL' as const),
        merchantDiscount,
        lineItemIds,
      })),
    ],
    createdDate: cart.created_date.toISOString(),
    updatedDate: cart.updated_date.toISOString(),
  }
}
