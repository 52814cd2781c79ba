import { addProductToCart } from '../cart/add-to-cart.server'
import { AddToCartForm } from '../cart/add-to-cart-form'
import { parseQuantity } from '../cart/quantity'
import { Breadcrumbs } from '../catalogue/breadcrumbs'
import {
  findOwnProductShares,
  findSharedOptionsAvailability,
  findSharedProductBySlug,
  findSharedProducts,
  listSharedCollections,
} from '../catalogue/catalogue.server'
import { parseCatalogueSearch, toProductListQuery } from '../catalogue/catalogue-search'
import { parseSelection, toOptionPickers, toPurchaseView } from '../catalogue/choice-availability'
import { findHomeCollection } from '../catalogue/home-collection'
import { ProductGrid } from '../catalogue/product-card'
import { toProductJsonLd, toSchemaPrice } from '../catalogue/product-structured-data'
import { toProductCard, toProductDetail } from '../catalogue/product-view'
import { toStockWords } from '../catalogue/stock-words'
import { toGalleryImages } from '../gallery/gallery-images'
import { ProductGallery } from '../gallery/product-gallery'
import { toImageView } from '../media/image'
import { getAisle } from '../platform/aisle.server'
import { catalogueCacheMiddleware } from '../platform/cache-control'
import { toSiteUrl } from '../platform/config.server'
import { HydrateLater } from '../rendering/hydrate-later'
import { findSite, serializeJsonLd, toMetaDescription, toPrivatePageMeta, toSeoMeta } from '../seo/page-meta'
import type { Route } from './+types/product'

export const middleware: Route.MiddlewareFunction[] = [catalogueCacheMiddleware]

/** How many products of the same collection the page suggests. */
const RELATED_PRODUCTS = 4

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return toPrivatePageMeta(matches, 'Product not found')
  const { product, seo } = loaderData
  const site = findSite(matches)
  return [
    ...toSeoMeta(site, {
      title: product.name,
      description: seo.description || `${product.name} at ${site.name}.`,
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
  // Every read is one of the process's shared reads (the same for every visitor): usually no call.
  const [product, collections, shares] = await Promise.all([
    findSharedProductBySlug(publicClient, params.slug),
    listSharedCollections(publicClient),
    findOwnProductShares(publicClient),
  ])
  const search = new URL(request.url).searchParams
  const { selection } = parseSelection(search, product.productOptions ?? [])
  // The product's home collection (its kind's, not a curated one's): the breadcrumb's middle and the
  // related products' source.
  const collection = findHomeCollection(product, collections, shares)
  const [availability, related] = await Promise.all([
    findSharedOptionsAvailability(publicClient, { product, selection }),
    collection
      ? findSharedProducts(
          publicClient,
          toProductListQuery(parseCatalogueSearch(new URLSearchParams()), {
            pageSize: RELATED_PRODUCTS + 1,
            collectionId: collection._id,
          }),
        )
      : undefined,
  ])
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
    gallery: toGalleryImages(product, selection, config.apiUrl),
    stock: toStockWords(product, selection),
    collection: collection && { name: collection.name ?? '', slug: collection.slug ?? '' },
    related: (related?.products ?? [])
      .filter((candidate) => candidate._id !== product._id)
      .slice(0, RELATED_PRODUCTS)
      .map((candidate) => toProductCard(candidate, config.apiUrl)),
    quantity: parseQuantity(search.get('quantity')) ?? 1,
    seo: {
      path,
      description: toMetaDescription(detail.description),
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
  const {
    product,
    pickers,
    selection,
    purchase,
    quantity,
    structuredData,
    gallery,
    stock,
    collection,
    related,
  } = loaderData
  return (
    <>
      <Breadcrumbs
        crumbs={[
          { name: 'Home', href: '/' },
          collection
            ? { name: collection.name, href: `/collections/${encodeURIComponent(collection.slug)}` }
            : { name: 'All products', href: '/products' },
          { name: product.name },
        ]}
      />
      <article className="product">
        <script
          type="application/ld+json"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: serializeJsonLd escapes everything that could end the script
          dangerouslySetInnerHTML={{ __html: serializeJsonLd(structuredData) }}
        />
        <ProductGallery images={gallery} name={product.name} ribbon={product.ribbon} />
        <div className="product-info">
          <h1>{product.name}</h1>
          {stock && purchase.status !== 'sold-out' ? (
            <p className={`stock-words stock-${stock.level}`}>{stock.text}</p>
          ) : null}
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
      {related.length > 0 && collection ? (
        // Below the fold: hydrates after the gallery and the form.
        <HydrateLater>
          <section className="related" aria-labelledby="related-heading">
            <h2 id="related-heading">More from {collection.name}</h2>
            <ProductGrid
              products={related}
              eagerImages={0}
              label={`More from ${collection.name}`}
              headingLevel={3}
            />
          </section>
        </HydrateLater>
      ) : null}
    </>
  )
}
