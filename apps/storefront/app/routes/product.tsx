import { AddToCartForm } from '../components/cart/add-to-cart-form'
import { toProductDetail } from '../components/catalogue/product-view'
import { addProductToCart } from '../lib/add-to-cart.server'
import { getAisle } from '../lib/aisle.server'
import { getProductBySlug } from '../lib/catalogue.server'
import { toPageTitle } from '../lib/store'
import type { Route } from './+types/product'

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: toPageTitle('Product not found') }]
  const { product } = loaderData
  return [
    { title: toPageTitle(product.name) },
    { name: 'description', content: product.description.slice(0, 160) || product.name },
  ]
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const { client, config } = getAisle(context)
  const product = await getProductBySlug(client, params.slug)
  return { product: toProductDetail(product, config.apiUrl) }
}

export async function action({ params, request, context }: Route.ActionArgs) {
  return addProductToCart(getAisle(context), params.slug, await request.formData())
}

export default function ProductPage({ loaderData, actionData }: Route.ComponentProps) {
  const { product } = loaderData
  return (
    <article className="product">
      <div className="product-media">
        {product.image ? (
          <img
            src={product.image.url}
            width={product.image.width}
            height={product.image.height}
            alt={product.image.alt}
            fetchPriority="high"
          />
        ) : (
          <span className="image-placeholder" />
        )}
      </div>
      <div className="product-info">
        <h1>{product.name}</h1>
        {product.description
          ? product.description.split('\n').map((paragraph) => <p key={paragraph}>{paragraph}</p>)
          : null}
        <AddToCartForm key={product.id} product={product} actionResult={actionData} />
      </div>
    </article>
  )
}
