import { formatMoney, toMinor } from '../../money/money.ts'
import { CsrfField, DashboardPage, Field } from '../dashboard-layout.tsx'
import type { Owner } from '../session/owner-session.ts'
import {
  type Paged,
  PRODUCT_PAGE_SIZE,
  type ProductFilters,
  toFilterSearch,
  type WireCollection,
  type WireProduct,
} from './catalogue-lists.ts'

/** A product's cost, or its variants' lowest and highest: merchant data, empty when none is set. */
export function costRangeText(product: WireProduct, owner: Owner): string {
  const range = product.costRange
  if (!range) return ''
  const { currency } = product.priceData
  const money = (major: number) => formatMoney(toMinor(major, currency), currency, owner.caller.site.locale)
  return range.minValue === range.maxValue
    ? money(range.minValue)
    : `${money(range.minValue)} – ${money(range.maxValue)}`
}

function stockBadge(product: WireProduct) {
  const status = product.stock.inventoryStatus
  if (status === 'IN_STOCK') return <span className="badge ok">In stock</span>
  if (status === 'OUT_OF_STOCK') return <span className="badge off">Out of stock</span>
  return <span className="badge">Partly in stock</span>
}

/** The product list: search, filters, paging, and picking products for a bulk change. */
export function ProductListPage(props: {
  owner: Owner
  filters: ProductFilters
  page: number
  products: Paged<WireProduct>
  collections: WireCollection[]
  notice?: string | undefined
}) {
  const { filters, page, products } = props
  const pages = Math.max(1, Math.ceil(products.total / PRODUCT_PAGE_SIZE))
  const search = toFilterSearch(filters)
  const pageLink = (n: number) => {
    const linked = new URLSearchParams(search)
    if (n > 1) linked.set('page', String(n))
    const query = linked.toString()
    return `/dashboard/products${query ? `?${query}` : ''}`
  }
  const filtered = search.toString()
  return (
    <DashboardPage owner={props.owner} title="Products" place="products" notice={props.notice}>
      <div className="actions">
        <h1>Products</h1>
        <a className="button primary" href="/dashboard/products/new">
          New product
        </a>
      </div>
      <search>
        <form method="get" action="/dashboard/products" className="filters" aria-label="Filter products">
          <Field
            label="Search"
            name="q"
            type="search"
            defaultValue={filters.q}
            hint="Name, description or SKU"
          />
          <div className="field">
            <label htmlFor="filter-collection">Collection</label>
            <select id="filter-collection" name="collection" defaultValue={filters.collection ?? ''}>
              <option value="">All collections</option>
              {props.collections.map((collection) => (
                <option key={collection.id} value={collection.id}>
                  {collection.name}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="filter-visibility">Visibility</label>
            <select id="filter-visibility" name="visibility" defaultValue={filters.visibility ?? ''}>
              <option value="">Visible and hidden</option>
              <option value="visible">Visible</option>
              <option value="hidden">Hidden</option>
            </select>
          </div>
          <div className="field">
            <label htmlFor="filter-stock">Stock</label>
            <select id="filter-stock" name="stock" defaultValue={filters.stock ?? ''}>
              <option value="">Any stock</option>
              <option value="in">In stock</option>
              <option value="out">Out of stock</option>
            </select>
          </div>
          <button type="submit">Apply</button>
          {filtered && <a href="/dashboard/products">Clear</a>}
        </form>
      </search>
      <p role="status">
        {products.total === 1 ? '1 product' : `${products.total} products`}
        {products.total > 0 && (
          <>
            {' · '}
            <a href={`/dashboard/bulk${filtered ? `?${filtered}` : ''}`}>
              Change {filtered ? 'all matching' : 'all'} in bulk
            </a>
          </>
        )}
      </p>
      <form method="post" action="/dashboard/bulk">
        <CsrfField token={props.owner.session.csrfToken} />
        <table aria-label="Products">
          <thead>
            <tr>
              <th>
                <input type="checkbox" data-select-all="ids" aria-label="Select all on this page" />
              </th>
              <th>Name</th>
              <th className="number">Price</th>
              <th className="number">Cost</th>
              <th>Stock</th>
              <th>Visibility</th>
              <th>SKU</th>
            </tr>
          </thead>
          <tbody>
            {products.items.map((product) => (
              <tr key={product.id}>
                <td>
                  <input
                    type="checkbox"
                    name="ids"
                    value={product.id}
                    aria-label={`Select ${product.name}`}
                  />
                </td>
                <td>
                  <a href={`/dashboard/products/${product.id}`}>{product.name}</a>
                </td>
                <td className="number">
                  {product.priceData.formatted.price}
                  {product.priceData.discountedPrice !== product.priceData.price && (
                    <div className="muted">{product.priceData.formatted.discountedPrice} after discount</div>
                  )}
                </td>
                <td className="number">{costRangeText(product, props.owner)}</td>
                <td>{stockBadge(product)}</td>
                <td>{product.visible ? 'Visible' : <span className="badge off">Hidden</span>}</td>
                <td>{product.sku}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {products.items.length > 0 && (
          <div className="actions">
            <button type="submit">Change selected in bulk</button>
          </div>
        )}
      </form>
      <nav className="pager" aria-label="Pages">
        {page > 1 && <a href={pageLink(page - 1)}>Previous page</a>}
        <span>
          Page {Math.min(page, pages)} of {pages}
        </span>
        {page < pages && <a href={pageLink(page + 1)}>Next page</a>}
      </nav>
    </DashboardPage>
  )
}
