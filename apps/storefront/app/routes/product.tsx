import { addProductToCart } from '../cart/add-to-cart.server'
import { AddToCartForm } from '../cart/add-to-cart-form'
import { parseQuantity } from '../cart/quantity'
import { findOptionsAvailability, getProductBySlug } from '../catalogue/catalogue.server'
import { parseSelection, toOptionPickers, toPurchaseView } from '../catalogue/choice-availability'
import { toProductJsonLd, toSchemaPrice } from '../catalogue/product-structured-data'
import { toProductDetail } from '../catalogue/product-view'
import { toImageView } from '../media/image'
import { ResponsiveImage } from '../media/responsive-image'
import { getAisle } from '../platform/aisle.server'
import { catalogueCacheMiddleware } from '../platform/cache-control'
import { toSiteUrl } from '../platform/config.server'
import { findSiteUrl, serializeJsonLd, toMetaDescription, toSeoMeta } from '../seo/page-meta'
import { STORE_NAME, toPageTitle } from '../store/store'
import type { Route } from './+types/product'

export const middleware: Route.MiddlewareFunction[] = [catalogueCacheMiddleware]

/** The product image's width: the page's full width on a phone, half of the page from 48rem up. */
const PRODUCT_IMAGE_SIZES = '(min-width: 48rem) 36rem, 100vw'

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData)
    return [{ title: toPageTitle('Product not found') }, { name: 'robots', content: 'noindex' }]
  const { product, seo } = loaderData
  return [
    ...toSeoMeta(findSiteUrl(matches), {
      title: product.name,
      description: seo.description,
      path: seo.path,
      image: seo.image,
      type: 'product',
    }),
    { property: 'product:price:amount', content: seo.price.amount },
    { property: 'product:price:currency', content: seo.price.currency },
  ]
}

/**
 * The product with the choices of the URL (`?Size=M&Color=Red`): which choices stay available and in stock,
 * and the chosen variant's price and picture, come from the platform's options availability. Its structured
 * data (JSON-LD) describes the product itself, whatever the choices.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { publicClient, config } = getAisle(context)
  const product = await getProductBySlug(publicClient, params.slug)
  const search = new URL(request.url).searchParams
  const { selection } = parseSelection(search, product.productOptions ?? [])
  const availability = await findOptionsAvailability(publicClient, product, selection)
  const detail = toProductDetail(product)
  const path = `/products/${encodeURIComponent(detail.slug)}`
  const image = toImageView(product.media?.mainMedia?.image, detail.name, config.apiUrl)?.url
  const price = product.priceData
  const currency = price?.currency || 'USD'
  return {
    product: detail,
    pickers: toOptionPickers(product, availability, selection),
    selection,
    purchase: toPurchaseView(product, availability, selection, config.apiUrl),
    quantity: parseQuantity(search.get('quantity')) ?? 1,
    seo: {
      path,
      description: toMetaDescription(detail.description) || `${detail.name} at ${STORE_NAME}.`,
      image,
      price: { amount: toSchemaPrice(price?.discountedPrice ?? price?.price ?? 0, currency), currency },
    },
    structuredData: toProductJsonLd(product, { url: `${toSiteUrl(config, request)}${path}`, image }),
  }
}

export async function action({ params, request, context }: Route.ActionArgs) {
  return addProductToCart(getAisle(context), params.slug, await request.formData())
}

export default function ProductPage({ loaderData, actionData }: Route.ComponentProps) {
  const { product, pickers, selection, purchase, quantity, structuredData } = loaderData
  const { image } = purchase
  return (
    <article className="product">
      <script
        type="application/ld+json"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: serializeJsonLd escapes everything that could end the script
        dangerouslySetInnerHTML={{ __html: serializeJsonLd(structuredData) }}
      />
      <div className="product-media">
        {image ? (
          <ResponsiveImage image={image} sizes={PRODUCT_IMAGE_SIZES} loading="eager" fetchPriority="high" />
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
