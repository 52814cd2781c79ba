import { Pagination, parsePage } from '../components/catalogue/pagination'
import { ProductCard } from '../components/catalogue/product-card'
import { toProductCard } from '../components/catalogue/product-view'
import { getAisle } from '../lib/aisle.server'
import { toRouteError } from '../lib/route-error.server'
import { STORE_NAME, toPageTitle } from '../lib/store'
import type { Route } from './+types/home'

const PAGE_SIZE = 24
/** Images of the first row or so load eagerly: they are what the shopper sees first. */
const EAGER_IMAGES = 4

export function meta(_: Route.MetaArgs) {
  return [{ title: toPageTitle() }, { name: 'description', content: `Shop the ${STORE_NAME} catalogue.` }]
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { client, config } = getAisle(context)
  const page = parsePage(new URL(request.url).searchParams.get('page'))
  try {
    const result = await client.products
      .queryProducts()
      .limit(PAGE_SIZE)
      .skip((page - 1) * PAGE_SIZE)
      .find()
    return {
      page,
      pageCount: Math.max(1, result.totalPages),
      products: result.items.map((product) => toProductCard(product, config.apiUrl)),
    }
  } catch (error) {
    throw toRouteError(error)
  }
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { products, page, pageCount } = loaderData
  return (
    <>
      <h1>All products</h1>
      {products.length === 0 ? (
        <p>There are no products on this page.</p>
      ) : (
        <ul className="product-grid" aria-label="Products">
          {products.map((product, index) => (
            <ProductCard
              key={product.id}
              product={product}
              isAboveTheFold={page === 1 && index < EAGER_IMAGES}
            />
          ))}
        </ul>
      )}
      <Pagination page={page} pageCount={pageCount} />
    </>
  )
}
