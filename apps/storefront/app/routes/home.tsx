import { Link, useRouteLoaderData } from 'react-router'
import { findFeaturedCollections, findSharedProducts } from '../catalogue/catalogue.server'
import { parseCatalogueSearch, toProductListQuery } from '../catalogue/catalogue-search'
import { CollectionCard } from '../catalogue/collection-card'
import { toCollectionView } from '../catalogue/collection-view'
import { Price } from '../catalogue/price'
import { ProductGrid } from '../catalogue/product-card'
import { type ProductCardView, toProductCard } from '../catalogue/product-view'
import { ResponsiveImage } from '../media/responsive-image'
import { getAisle } from '../platform/aisle.server'
import { catalogueCacheMiddleware } from '../platform/cache-control'
import { findSite, toSeoMeta } from '../seo/page-meta'
import { STORE_NAME } from '../store/store'
import type { Route } from './+types/home'

export const middleware: Route.MiddlewareFunction[] = [catalogueCacheMiddleware]

const FEATURED_COLLECTIONS = 9
const NEWEST_PRODUCTS = 8

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const site = findSite(matches)
  return toSeoMeta(site, {
    description: `Shop the ${site.name} catalogue: new arrivals and collections, delivered or picked up.`,
    path: '/',
    image: loaderData?.collections[0]?.image?.url,
  })
}

/** The store's front: its featured collections (those that hold products, curated first), and the newest products. */
export async function loader({ context }: Route.LoaderArgs) {
  const { publicClient, config } = getAisle(context)
  const newestQuery = toProductListQuery(parseCatalogueSearch(new URLSearchParams()), {
    pageSize: NEWEST_PRODUCTS,
  })
  const [collections, newest] = await Promise.all([
    findFeaturedCollections(publicClient),
    findSharedProducts(publicClient, newestQuery),
  ])
  return {
    collections: collections
      .slice(0, FEATURED_COLLECTIONS)
      .map((collection) => toCollectionView(collection, config.apiUrl)),
    newest: newest.products.map((product) => toProductCard(product, config.apiUrl)),
  }
}

/** The hero's picture: the full width on a phone, about half the page from 48rem up. */
const HERO_IMAGE_SIZES = '(min-width: 48rem) 36rem, 100vw'

export default function Home({ loaderData }: Route.ComponentProps) {
  const { collections, newest } = loaderData
  const [featured] = newest
  const shopName = useRouteLoaderData<{ shopName: string }>('root')?.shopName ?? STORE_NAME
  return (
    <>
      <h1 className="visually-hidden">{shopName}</h1>
      {featured ? <Hero product={featured} newCount={newest.length} /> : null}
      {collections.length > 0 ? (
        <section className="home-section" aria-labelledby="collections-heading">
          <h2 id="collections-heading">Featured collections</h2>
          <ul className="collection-grid" aria-label="Collections">
            {collections.map((collection, index) => (
              <CollectionCard key={collection.id} collection={collection} isAboveTheFold={index < 3} />
            ))}
          </ul>
        </section>
      ) : null}
      <section id="new-arrivals" className="home-section" aria-labelledby="newest-heading">
        <div className="section-heading">
          <h2 id="newest-heading">New arrivals</h2>
          <Link to="/products">Shop all products</Link>
        </div>
        {newest.length > 0 ? (
          <ProductGrid products={newest} eagerImages={0} label="New arrivals" headingLevel={3} />
        ) : (
          <p>New products are on their way.</p>
        )}
      </section>
    </>
  )
}

/** The newest product, large: what is new in the shop, first thing on the page. */
function Hero({ product, newCount }: { product: ProductCardView; newCount: number }) {
  const href = `/products/${encodeURIComponent(product.slug)}`
  return (
    <section className="hero" aria-labelledby="hero-heading">
      <div className="hero-text">
        <p className="hero-kicker">Just in</p>
        <h2 id="hero-heading" className="hero-title">
          {product.name}
        </h2>
        <Price price={product.price} />
        <p className="hero-actions">
          <Link to={href} className="button">
            Shop the {product.name}
          </Link>
          {newCount > 1 ? (
            <a href="#new-arrivals" className="button button-secondary">
              All {newCount} new arrivals
            </a>
          ) : null}
        </p>
      </div>
      {product.image ? (
        <Link to={href} className="hero-media" tabIndex={-1} aria-hidden="true">
          <ResponsiveImage
            image={product.image}
            sizes={HERO_IMAGE_SIZES}
            alt=""
            loading="eager"
            fetchPriority="high"
          />
        </Link>
      ) : null}
    </section>
  )
}
