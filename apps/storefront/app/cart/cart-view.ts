import type { Cart, LineItem } from '@aisle/sdk'
import { type ImageView, toImageView } from '../media/image'
import { formatMinorUnits, formatPrice, toMinorUnits } from '../store/money'
import { type LineAvailability, toLineAvailability } from './line-availability'

/** One of a line's chosen options or descriptions ("Size: M", "Engraving: For Ann"); `color` for swatches. */
export interface LineOptionView {
  name: string
  value: string
  /** The CSS colour of a COLOR description line. */
  color?: string
}

/** One line of the cart, as the cart page and the drawer show it. */
export interface CartLineView {
  id: string
  name: string
  /** The product page of a catalogue line; custom lines have none. */
  url?: string
  /** A line the merchant's code added with its own name and price, not from the catalogue. */
  isCustom: boolean
  options: LineOptionView[]
  quantity: number
  /** The price of one, in minor units of the cart's currency (for optimistic totals). */
  unitMinor: number
  unitPrice: string
  lineTotal: string
  availability: LineAvailability
  image?: ImageView
  /** Set while a change to this line waits for the platform's answer. */
  isPending?: boolean
}

/** What the cart page and the drawer show. */
export interface CartView {
  lines: CartLineView[]
  itemCount: number
  currency: string
  /** The platform's subtotal (only what can be bought counts) in minor units. */
  subtotalMinor: number
  subtotal: string
  couponCode?: string
  buyerNote: string
  /** Set while the subtotal waits for the platform's answer to a change. */
  isPending?: boolean
}

/** Counts the items in a cart (the sum of quantities), as the header's "Cart (N)" shows it. */
export function countCartItems(
  cart: { lineItems?: ReadonlyArray<{ quantity?: number }> } | undefined,
): number {
  return cart?.lineItems?.reduce((sum, line) => sum + (line.quantity ?? 0), 0) ?? 0
}

/** Reads a line's chosen options ("Size: M") or a custom line's descriptions from its description lines. */
export function toLineOptions(line: Pick<LineItem, 'descriptionLines'>): LineOptionView[] {
  const descriptions = line.descriptionLines ?? []
  return descriptions.flatMap((description) => {
    const name = description.name?.translated || description.name?.original
    const color = description.colorInfo
    const value = description.plainText?.translated || description.plainText?.original
    const colorName = color?.translated || color?.original
    if (!name) return []
    if (value) return [{ name, value }]
    if (colorName)
      return [color?.code ? { name, value: colorName, color: color.code } : { name, value: colorName }]
    return []
  })
}

/** Reshapes an SDK cart into the view of the cart page and drawer, prices formatted in the cart's currency. */
export function toCartView(cart: Cart, mediaBaseUrl: string): CartView {
  const currency = cart.currency || 'USD'
  const subtotalMinor = toMinorUnits(cart.subtotal?.amount ?? '0', currency)
  const view: CartView = {
    itemCount: countCartItems(cart),
    currency,
    subtotalMinor,
    subtotal: formatMinorUnits(subtotalMinor, currency),
    buyerNote: cart.cartInfo?.buyerNote ?? '',
    lines: (cart.lineItems ?? []).map((line, index) => toCartLineView(line, index, currency, mediaBaseUrl)),
  }
  if (cart.couponCode) view.couponCode = cart.couponCode
  return view
}

function toCartLineView(line: LineItem, index: number, currency: string, mediaBaseUrl: string) {
  const unitMinor = toMinorUnits(line.price?.amount ?? '0', currency)
  const isCustom = !line.catalogReference
  const view: CartLineView = {
    id: line._id ?? String(index),
    name: line.productName?.translated || line.productName?.original || 'Item',
    isCustom,
    options: toLineOptions(line),
    quantity: line.quantity ?? 1,
    unitMinor,
    unitPrice: formatMinorUnits(unitMinor, currency),
    lineTotal: formatPrice(line.lineItemPrice?.amount ?? '0', currency),
    availability: toLineAvailability(line.availability),
  }
  // Only a path on this storefront is a product page; a custom line's URL is the merchant's own.
  if (!isCustom && line.url?.startsWith('/') && !line.url.startsWith('//')) view.url = line.url
  const image = toLineImage(line, mediaBaseUrl)
  if (image) view.image = image
  return view
}

function toLineImage(line: LineItem, mediaBaseUrl: string): ImageView | undefined {
  const view = toImageView({ width: 160, height: 160, ...line.image }, '', mediaBaseUrl)
  // The product name sits beside the image, so the image itself is decorative.
  return view && { ...view, alt: '' }
}
