import type { Cart, LineItem } from '@aisle/sdk'
import { type ImageView, toImageView } from '../../lib/image'
import { formatPrice } from '../../lib/money'

/** One line of the cart page. */
export interface CartLineView {
  id: string
  name: string
  options: Array<{ name: string; value: string }>
  quantity: number
  unitPrice: string
  lineTotal: string
  image?: ImageView
  isAvailable: boolean
}

/** What the cart page shows. */
export interface CartView {
  lines: CartLineView[]
  itemCount: number
  subtotal: string
}

/**
 * The chosen options of a line as the platform describes them (spec enumeration DescriptionLineType).
 * Not in the SDK's `LineItem` type yet, so read defensively, like the image below.
 */
interface DescriptionLine {
  name?: { original?: string }
  plainText?: { original?: string }
  colorInfo?: { original?: string }
}

/** The platform sends a line's image as an object; the SDK's type says a URL string. Both are read. */
type LineImage = string | { url?: string; width?: number; height?: number; altText?: string }

type PlatformLineItem = Omit<LineItem, 'image'> & { image?: LineImage; descriptionLines?: DescriptionLine[] }

/** Counts the items in a cart (the sum of quantities), as the header's "Cart (N)" shows it. */
export function countCartItems(
  cart: { lineItems?: ReadonlyArray<{ quantity?: number }> } | undefined,
): number {
  return cart?.lineItems?.reduce((sum, line) => sum + (line.quantity ?? 0), 0) ?? 0
}

/** Multiplies a decimal amount by a quantity in whole cents, so `0.1 * 3` shows as 0.30. */
export function multiplyAmount(amount: string, quantity: number): number {
  return (Math.round(Number(amount) * 100) * quantity) / 100
}

/** Reads a line's chosen options ("Size: M") from its description lines. */
export function toLineOptions(line: LineItem): Array<{ name: string; value: string }> {
  const descriptions = (line as PlatformLineItem).descriptionLines ?? []
  return descriptions.flatMap((description) => {
    const name = description.name?.original
    const value = description.plainText?.original ?? description.colorInfo?.original
    return name && value ? [{ name, value }] : []
  })
}

/** Reshapes an SDK cart into the cart page's view, with prices formatted in the cart's currency. */
export function toCartView(cart: Cart, mediaBaseUrl: string): CartView {
  const currency = cart.currency || 'USD'
  return {
    itemCount: countCartItems(cart),
    subtotal: formatPrice(cart.subtotal?.amount ?? '0', currency),
    lines: (cart.lineItems ?? []).map((line, index) => {
      const quantity = line.quantity ?? 1
      const amount = line.price?.amount ?? '0'
      const view: CartLineView = {
        id: line._id ?? String(index),
        name: line.productName?.original ?? 'Item',
        options: toLineOptions(line),
        quantity,
        unitPrice: formatPrice(amount, currency),
        lineTotal: formatPrice(multiplyAmount(amount, quantity), currency),
        isAvailable:
          line.availability?.status !== 'NOT_AVAILABLE' && line.availability?.status !== 'NOT_FOUND',
      }
      const image = toLineImage(line, mediaBaseUrl)
      if (image) view.image = image
      return view
    }),
  }
}

function toLineImage(line: LineItem, mediaBaseUrl: string): ImageView | undefined {
  const image = (line as PlatformLineItem).image
  const fields = typeof image === 'string' ? { url: image } : image
  const view = toImageView({ width: 160, height: 160, ...fields }, '', mediaBaseUrl)
  // The product name sits beside the image, so the image itself is decorative.
  return view && { ...view, alt: '' }
}
