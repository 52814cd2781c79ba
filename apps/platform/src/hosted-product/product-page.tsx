import { MAX_LINE_QUANTITY } from '../carts/cart-limits.ts'
import type { toWireProduct } from '../catalogue/products/product-wire.ts'
import { Document } from '../pages/document.tsx'
import { CsrfField } from '../pages/form-controls.tsx'
import { type ReturnLink, ReturnLinks } from '../redirects/hosted/hosted-redirect-pages.tsx'

export type WireProduct = ReturnType<typeof toWireProduct>
export type WireVariantEntry = WireProduct['variants'][number]

/** How many of a variant can still be bought, when the shop counts them. */
export function quantityAvailable(product: WireProduct, variant: WireVariantEntry): number | undefined {
  if (variant.stock.trackQuantity) return variant.stock.quantity ?? 0
  return product.stock.trackInventory ? (product.stock.quantity ?? 0) : undefined
}

/** Whether a variant can be added to the cart now. */
export function isPurchasable(product: WireProduct, variant: WireVariantEntry): boolean {
  return variant.stock.inStock && quantityAvailable(product, variant) !== 0
}

/** "Colour: Red, Size: M · $12.00 · 3 left" */
function variantLabel(product: WireProduct, variant: WireVariantEntry): string {
  const choices = Object.entries(variant.choices).map(([option, choice]) => `${option}: ${choice}`)
  const available = quantityAvailable(product, variant)
  const stock = !isPurchasable(product, variant)
    ? 'sold out'
    : available !== undefined
      ? `${available} left`
      : undefined
  return [choices.join(', ') || product.name, variant.variant.priceData.formatted.discountedPrice, stock]
    .filter(Boolean)
    .join(' · ')
}

function stockText(product: WireProduct): string {
  const purchasable = product.variants.filter((variant) => isPurchasable(product, variant))
  if (purchasable.length === 0) return 'Out of stock'
  if (purchasable.length < product.variants.length) return 'In stock (some choices are sold out)'
  const only = product.variants.length === 1 ? product.variants[0] : undefined
  const available = only && quantityAvailable(product, only)
  return available !== undefined ? `In stock: ${available} left` : 'In stock'
}

const IMAGE_WIDTH = 480

/** The picture's size on the page: at most 480 pixels wide, in its own proportions (no style attributes). */
function displaySize(image: { width: number; height: number }) {
  const width = Math.min(IMAGE_WIDTH, image.width || IMAGE_WIDTH)
  const height = image.width > 0 ? Math.round((image.height * width) / image.width) : undefined
  return { width, height }
}

function Price(props: { product: WireProduct }) {
  const { formatted, price, discountedPrice } = props.product.priceData
  if (discountedPrice >= price) return <p className="price">{formatted.price}</p>
  return (
    <p className="price">
      <s>{formatted.price}</s> <strong>{formatted.discountedPrice}</strong>
    </p>
  )
}

export interface ProductPageProps {
  siteName: string
  product: WireProduct
  /** Where the add-to-cart form posts. */
  action: string
  csrfToken: string
  links: readonly (ReturnLink | undefined)[]
  notice?: string | undefined
  problem?: string | undefined
  chosenVariantId?: string | undefined
}

/** The hosted product page: picture, name, price, options, stock, add to cart, and the way back. */
export function ProductPage(props: ProductPageProps) {
  const { product } = props
  // A video leads with its poster here: the hosted page shows one picture.
  const main = product.media.mainMedia
  const image = main && ('image' in main ? main.image : main.video.posters[0])
  const purchasable = product.variants.filter((variant) => isPurchasable(product, variant))
  const chosen = props.chosenVariantId ?? purchasable[0]?.id
  return (
    <Document title={`${product.name} · ${props.siteName}`}>
      <main id="main">
        <p className="muted">{props.siteName}</p>
        {props.notice && (
          <p className="notice" role="status">
            {props.notice}
          </p>
        )}
        {props.problem && (
          <p className="problem" role="alert">
            {props.problem}
          </p>
        )}
        <div className="cols">
          <div>
            {image && <img src={image.url} alt={image.altText || product.name} {...displaySize(image)} />}
          </div>
          <div>
            <h1>{product.name}</h1>
            {product.ribbon && <span className="badge">{product.ribbon}</span>}
            <Price product={product} />
            <p data-stock={product.stock.inventoryStatus}>{stockText(product)}</p>
            <p>{product.description}</p>
            {product.productOptions.length > 0 && (
              <dl>
                {product.productOptions.map((option) => (
                  <div key={option.name}>
                    <dt>{option.name}</dt>
                    <dd>{option.choices.map((choice) => choice.description).join(', ')}</dd>
                  </div>
                ))}
              </dl>
            )}
            <form method="post" action={props.action}>
              <CsrfField token={props.csrfToken} />
              {product.variants.length > 1 ? (
                <div className="field">
                  <label htmlFor="variantId">
                    {product.productOptions.map((option) => option.name).join(' and ') || 'Choose'}
                  </label>
                  <select id="variantId" name="variantId" defaultValue={chosen}>
                    {product.variants.map((variant) => (
                      <option key={variant.id} value={variant.id} disabled={!isPurchasable(product, variant)}>
                        {variantLabel(product, variant)}
                      </option>
                    ))}
                  </select>
                </div>
              ) : (
                product.variants[0] && <input type="hidden" name="variantId" value={product.variants[0].id} />
              )}
              <div className="field">
                <label htmlFor="quantity">Quantity</label>
                <input
                  id="quantity"
                  name="quantity"
                  type="number"
                  min={1}
                  max={MAX_LINE_QUANTITY}
                  defaultValue={1}
                />
              </div>
              <div className="actions">
                <button type="submit" className="primary" disabled={purchasable.length === 0}>
                  Add to cart
                </button>
              </div>
            </form>
            <ReturnLinks links={props.links} />
          </div>
        </div>
      </main>
    </Document>
  )
}
