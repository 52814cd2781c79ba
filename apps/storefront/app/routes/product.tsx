import { AddToCartForm } from '../components/cart/add-to-cart-form'
import { parseQuantity } from '../components/cart/quantity'
import { parseSelection, toOptionPickers, toPurchaseView } from '../components/catalogue/choice-availability'
import { toProductDetail } from '../components/catalogue/product-view'
import { addProductToCart } from '../lib/add-to-cart.server'
import { getAisle } from '../lib/aisle.server'
import { catalogueCacheMiddleware } from '../lib/cache-control'
import { findOptionsAvailability, getProductBySlug } from '../lib/catalogue.server'
import { toPageTitle } from '../lib/store'
import type { Route } from './+types/product'

export const middleware: Route.MiddlewareFunction[] = [catalogueCacheMiddleware]

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: toPageTitle('Product not found') }]
  const { product } = loaderData
  return [
    { title: toPageTitle(product.name) },
    { name: 'description', content: product.description.slice(0, 160) || product.name },
  ]
}

/**
 * The product with the choices of the URL (`?Size=M&Color=Red`): which choices stay available and in stock,
 * and the chosen variant's price and picture, come from the platform's options availability.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { client, config } = getAisle(context)
  const product = await getProductBySlug(client, params.slug)
  const search = new URL(request.url).searchParams
  const { selection } = parseSelection(search, product.productOptions ?? [])
  const availability = await findOptionsAvailability(client, product, selection)
  return {
    product: toProductDetail(product),
    pickers: toOptionPickers(product, availability, selection),
    selection,
    purchase: toPurchaseView(product, availability, selection, config.apiUrl),
    quantity: parseQuantity(search.get('quantity')) ?? 1,
  }
}

export async function action({ params, request, context }: Route.ActionArgs) {
  return addProductToCart(getAisle(context), params.slug, await request.formData())
}

export default function ProductPage({ loaderData, actionData }: Route.ComponentProps) {
  const { product, pickers, selection, purchase, quantity } = loaderData
  const { image } = purchase
  return (
    <article className="product">
      <div className="product-media">
        {image ? (
          <img
            src={image.url}
            width={image.width}
            height={image.height}
            alt={image.alt}
            fetchPriority="high"
          />
        ) : (
          <span className="image-placeholder" />
        )}
        {product.ribbon ? <span className="ribbon">{product.ribbon}</span> : null}
      </div>
      <div className="product-info">
        <h1>{product.name}</h1>
        {product.description
          ? product.description.split('\n').map((paragraph) => <p key={paragraph}>{paragraph}</p>)
          : null}
        <AddToCartForm
          key={product.id}
          productId={product.id}
          discount={product.discount}
          pickers={pickers}
          selection={selection}
          purchase={purchase}
          quantity={quantity}
          actionResult={actionData}
        />
      </div>
    </article>
  )
}
