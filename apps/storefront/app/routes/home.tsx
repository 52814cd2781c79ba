import { Link } from 'react-router'
import { findProducts, listCollections } from '../catalogue/catalogue.server'
import { parseCatalogueSearch, toProductListQuery } from '../catalogue/catalogue-search'
import { CollectionCard } from '../catalogue/collection-card'
import { toCollectionView } from '../catalogue/collection-view'
import { ProductGrid } from '../catalogue/product-card'
import { toProductCard } from '../catalogue/product-view'
import { getAisle } from '../platform/aisle.server'
import { catalogueCacheMiddleware } from '../platform/cache-control'
import { findSiteUrl, toSeoMeta } from '../seo/page-meta'
import { STORE_NAME } from '../store/store'
import type { Route } from './+types/home'

export const middleware: Route.MiddlewareFunction[] = [catalogueCacheMiddleware]

const FEATURED_COLLECTIONS = 6
const NEWEST_PRODUCTS = 8

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return toSeoMeta(findSiteUrl(matches), {
    description: `Shop the ${STORE_NAME} catalogue: new arrivals and collections, delivered or picked up.`,
    path: '/',
    image: loaderData?.collections[0]?.image?.url,
  })
}

/** The store's front: its collections that hold products, and the newest products. */
export async function loader({ context }: Route.LoaderArgs) {
  const { publicClient, config } = getAisle(context)
  const newestQuery = toProductListQuery(parseCatalogueSearch(new URLSearchParams()), {
    pageSize: NEWEST_PRODUCTS,
  })
  const [collections, newest] = await Promise.all([
    listCollections(publicClient),
    findProducts(publicClient, newestQuery),
  ])
  return {
    collections: collections
      .filter((collection) => (collection.numberOfProducts ?? 0) > 0)
      .slice(0, FEATURED_COLLECTIONS)
      .map((collection) => toCollectionView(collection, config.apiUrl)),
    newest: newest.products.map((product) => toProductCard(product, config.apiUrl)),
  }
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { collections, newest } = loaderData
  return (
    <>
      <h1 className="visually-hidden">{STORE_NAME}</h1>
      {collections.length > 0 ? (
        <section className="home-section" aria-labelledby="collections-heading">
          <h2 id="collections-heading">Shop by collection</h2>
          <ul className="collection-grid" aria-label="Collections">
            {collections.map((collection, index) => (
              <CollectionCard key={collection.id} collection={collection} isAboveTheFold={index < 3} />
            ))}
          </ul>
        </section>
      ) : null}
      <section className="home-section" aria-labelledby="newest-heading">
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
