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

/** Counts the items in a cart (the sum of quantities), as the header's "Cart (N)" shows it. */
export function countCartItems(
  cart: { lineItems?: ReadonlyArray<{ quantity?: number }> } | undefined,
): number {
  return cart?.lineItems?.reduce((sum, line) => sum + (line.quantity ?? 0), 0) ?? 0
}

/** Reads a line's chosen options ("Size: M") from its description lines. */
export function toLineOptions(line: LineItem): Array<{ name: string; value: string }> {
  const descriptions = line.descriptionLines ?? []
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
        lineTotal: formatPrice(line.lineItemPrice?.amount ?? '0', currency),
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
  const view = toImageView({ width: 160, height: 160, ...line.image }, '', mediaBaseUrl)
  // The product name sits beside the image, so the image itself is decorative.
  return view && { ...view, alt: '' }
}
