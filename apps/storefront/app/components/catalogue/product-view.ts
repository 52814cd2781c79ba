import type { PriceData, Product } from '@aisle/sdk'
import { type ImageView, toImageView } from '../../lib/image'
import type { OptionView, VariantView } from './variant-selection'

/** A price; `discountedAmount` is set only when it is lower than `amount`. */
export interface PriceView {
  amount: number
  discountedAmount?: number
  currency: string
}

/** What the product grid shows of a product. */
export interface ProductCardView {
  id: string
  slug: string
  name: string
  price: PriceView
  image?: ImageView
  inStock: boolean
}

/** What the product page shows of a product. */
export interface ProductDetailView extends ProductCardView {
  description: string
  options: OptionView[]
  variants: VariantView[]
}

/** Reshapes a catalogue price, keeping a discount only when it lowers the price. */
export function toPriceView(price: PriceData | undefined, fallbackCurrency = 'USD'): PriceView {
  const amount = price?.price ?? 0
  const currency = price?.currency || fallbackCurrency
  const discounted = price?.discountedPrice
  return discounted !== undefined && discounted < amount
    ? { amount, discountedAmount: discounted, currency }
    : { amount, currency }
}

/** Reduces product descriptions (which may hold merchant HTML) to plain text, so nothing is injected. */
export function toPlainText(html: string): string {
  return html
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<\s*(br|\/p|\/div|\/li|\/h[1-6])\s*\/?>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/[ \t]+/g, ' ')
    .replace(/\s*\n\s*/g, '\n')
    .trim()
}

/** Reshapes an SDK product into what a product card needs (a small, serialisable payload). */
export function toProductCard(product: Product, mediaBaseUrl: string): ProductCardView {
  const name = product.name ?? ''
  const card: ProductCardView = {
    id: product._id ?? '',
    slug: product.slug ?? '',
    name,
    price: toPriceView(product.priceData ?? product.price),
    inStock: product.stock?.inStock !== false,
  }
  const image = toImageView(product.media?.mainMedia?.image, name, mediaBaseUrl)
  if (image) card.image = image
  return card
}

/** Reshapes an SDK product into what the product page needs: visible options, choices and variants only. */
export function toProductDetail(product: Product, mediaBaseUrl: string): ProductDetailView {
  const card = toProductCard(product, mediaBaseUrl)
  const options: OptionView[] = (product.productOptions ?? []).flatMap((option) => {
    if (!option.name) return []
    const choices = (option.choices ?? []).flatMap((choice) =>
      choice.visible === false || !choice.description
        ? []
        : [{ value: choice.value ?? '', description: choice.description, inStock: choice.inStock !== false }],
    )
    return [{ name: option.name, type: option.optionType === 'color' ? 'color' : 'drop_down', choices }]
  })
  const variants: VariantView[] = (product.variants ?? []).flatMap((variant) => {
    if (!variant._id || variant.variant?.visible === false) return []
    const view: VariantView = {
      id: variant._id,
      choices: variant.choices ?? {},
      inStock: variant.stock?.inStock !== false,
    }
    const priceData = variant.variant?.priceData
    if (priceData?.price !== undefined) view.price = toPriceView(priceData, card.price.currency)
    return [view]
  })
  return { ...card, description: toPlainText(product.description ?? ''), options, variants }
}
