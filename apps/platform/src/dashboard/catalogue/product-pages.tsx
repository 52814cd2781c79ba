import type { ReactNode } from 'react'
import { LOW_STOCK_THRESHOLD } from '../../catalogue/products/stock-store.ts'
import { formatMoney, toMinor } from '../../money/money.ts'
import { CsrfField, DashboardPage } from '../dashboard-layout.tsx'
import { countText } from '../kit/dashboard-words.ts'
import { DataTable } from '../kit/data-table.tsx'
import { type ListChoice, ListFilters, ListSelect, listHref, Pager } from '../kit/list-controls.tsx'
import { PageHeader } from '../kit/page-header.tsx'
import { Badge, Badges } from '../kit/status-badge.tsx'
import type { Owner } from '../session/owner-session.ts'
import {
  type Paged,
  PRODUCT_PAGE_SIZE,
  type ProductFilters,
  type ProductSort,
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

/** A product's price in the shop's currency: its variants' range when they differ, else its price and sale price. */
export function priceText(product: WireProduct, owner: Owner) {
  const { priceRange, priceData } = product
  const { currency } = priceData
  const money = (major: number) => formatMoney(toMinor(major, currency), currency, owner.caller.site.locale)
  if (priceRange && priceRange.minValue !== priceRange.maxValue)
    return `${money(priceRange.minValue)} – ${money(priceRange.maxValue)}`
  return priceData.discountedPrice !== priceData.price ? (
    <>
      {priceData.formatted.discountedPrice}
      <div className="muted">
        <s>{priceData.formatted.price}</s> before discount
      </div>
    </>
  ) : (
    priceData.formatted.price
  )
}

/** How much of a product is in stock, in words with a badge when it is low or out. */
function StockCell(props: { product: WireProduct }) {
  const { stock } = props.product
  const status = stock.inventoryStatus
  if (status === 'OUT_OF_STOCK') return <Badge tone="off">Out of stock</Badge>
  const units = stock.trackInventory && stock.quantity !== undefined ? stock.quantity : undefined
  if (units === undefined)
    return status === 'PARTIALLY_OUT_OF_STOCK' ? <Badge tone="waiting">Some variants out</Badge> : 'In stock'
  return (
    <Badges>
      {countText(units, 'unit')}
      {units <= LOW_STOCK_THRESHOLD && <Badge tone="waiting">Low stock</Badge>}
      {status === 'PARTIALLY_OUT_OF_STOCK' && <Badge tone="waiting">Some variants out</Badge>}
    </Badges>
  )
}

/** A product's picture as a small square, or an empty square when it has none. */
function Thumbnail(props: { product: WireProduct }) {
  const main = props.product.media.mainMedia
  const url = main?.thumbnail?.url ?? main?.image?.url
  if (!url) return <span className="thumb" aria-hidden="true" />
  return <img className="thumb" src={url} alt="" width={40} height={40} loading="lazy" />
}

/** The sorts of the product list, in words. */
const sortChoices: readonly (ListChoice & { value: ProductSort })[] = [
  { value: 'name', label: 'Name, A to Z' },
  { value: 'name-desc', label: 'Name, Z to A' },
  { value: 'price', label: 'Price, low to high' },
  { value: 'price-desc', label: 'Price, high to low' },
  { value: 'stock', label: 'Stock, fewest first' },
  { value: 'newest', label: 'Newest first' },
  { value: 'updated', label: 'Last changed first' },
]

/** The product list's view as its URL has it: filters, sort and page. */
export interface ProductListView extends ProductFilters {
  sort: ProductSort
  page: number
}

/** The list's URL of a view (another page, or the same one to come back to). */
export function productListHref(view: ProductListView, page = view.page): string {
  const { sort, page: _page, ...filters } = view
  return listHref('/dashboard/products', {
    ...Object.fromEntries(toFilterSearch(filters)),
    sort: sort === 'name' ? undefined : sort,
    page,
  })
}

/** The bulk actions on the ticked rows: buttons of the form around the table, so no script is needed. */
function BulkActions(props: { collections: readonly WireCollection[] }) {
  return (
    <fieldset className="bulk-actions">
      <legend>With the ticked products</legend>
      <button type="submit" name="action" value="show">
        Show in the shop
      </button>
      <button type="submit" name="action" value="hide">
        Hide from the shop
      </button>
      {props.collections.length > 0 && (
        <span className="bulk-collection">
          <label htmlFor="bulk-collection">Collection</label>
          <select id="bulk-collection" name="collectionId">
            {props.collections.map((collection) => (
              <option key={collection.id} value={collection.id}>
                {collection.name}
              </option>
            ))}
          </select>
          <button type="submit" name="action" value="collection">
            Add to collection
          </button>
        </span>
      )}
      <button type="submit" formAction="/dashboard/bulk">
        Change prices…
      </button>
      <button type="submit" name="action" value="delete" className="danger">
        Delete…
      </button>
    </fieldset>
  )
}

/** The product list: search, filters, sort, paging, and bulk actions on the ticked products. */
export function ProductListPage(props: {
  owner: Owner
  view: ProductListView
  products: Paged<WireProduct>
  collections: WireCollection[]
  notice?: string | undefined
  problem?: string | undefined
  /** The question before deleting the ticked products (`ConfirmDialog`), in place of the list's top. */
  confirm?: ReactNode
}) {
  const { view, products } = props
  const pages = Math.max(1, Math.ceil(products.total / PRODUCT_PAGE_SIZE))
  const filtered = toFilterSearch(view).toString()
  const collectionNames = new Map(props.collections.map((c) => [c.id, c.name]))
  const here = productListHref(view)
  return (
    <DashboardPage owner={props.owner} title="Products" place="products" notice={props.notice}>
      <PageHeader
        title="Products"
        description="Everything the shop sells: tick products to show, hide, collect, reprice or delete them together."
        actions={
          <a className="button primary" href="/dashboard/products/new">
            New product
          </a>
        }
      />
      {props.confirm}
      {props.problem && (
        <p className="problem" role="alert">
          {props.problem}
        </p>
      )}
      <ListFilters
        action="/dashboard/products"
        label="Filter products"
        q={view.q}
        searchHint="Name, description or SKU"
        isFiltered={Boolean(filtered) || view.sort !== 'name'}
      >
        <ListSelect
          label="Status"
          name="status"
          value={view.status}
          choices={[
            { value: '', label: 'Visible and hidden' },
            { value: 'visible', label: 'Visible' },
            { value: 'hidden', label: 'Hidden' },
          ]}
        />
        <ListSelect
          label="Stock"
          name="stock"
          value={view.stock}
          choices={[
            { value: '', label: 'Any stock' },
            { value: 'in', label: 'In stock' },
            { value: 'low', label: `Low (${LOW_STOCK_THRESHOLD} or fewer)` },
            { value: 'out', label: 'Out of stock' },
          ]}
        />
        <ListSelect
          label="Collection"
          name="collection"
          value={view.collection}
          choices={[
            { value: '', label: 'All collections' },
            ...props.collections.map((c) => ({ value: c.id, label: c.name })),
          ]}
        />
        <ListSelect label="Sort" name="sort" value={view.sort} choices={sortChoices} />
      </ListFilters>
      <p role="status">
        {countText(products.total, 'product')}
        {products.total > 0 && (
          <>
            {' · '}
            <a href={`/dashboard/bulk${filtered ? `?${filtered}` : ''}`}>
              Change prices of {filtered ? 'all matching' : 'all'} in bulk
            </a>
          </>
        )}
      </p>
      <form method="post" action="/dashboard/products/bulk-action" aria-label="Products">
        <CsrfField token={props.owner.session.csrfToken} />
        <input type="hidden" name="back" value={here} />
        {products.items.length > 0 && <BulkActions collections={props.collections} />}
        <DataTable
          label="Products"
          rows={products.items}
          rowKey={(product) => product.id}
          empty={filtered ? 'No product matches these filters.' : 'No products yet.'}
          selection={{
            name: 'ids',
            value: (product) => product.id,
            label: (product) => `Select ${product.name}`,
            allLabel: 'Select all on this page',
          }}
          columns={[
            {
              header: 'Name',
              cell: (product) => (
                <span className="named-thumb">
                  <Thumbnail product={product} />
                  <span>
                    <a href={`/dashboard/products/${product.id}`}>{product.name}</a>
                    {product.sku && <span className="muted"> · {product.sku}</span>}
                  </span>
                </span>
              ),
            },
            {
              header: 'Status',
              cell: (product) =>
                product.visible ? <Badge tone="ok">Visible</Badge> : <Badge tone="off">Hidden</Badge>,
            },
            { header: 'Stock', cell: (product) => <StockCell product={product} /> },
            { header: 'Price', isNumber: true, cell: (product) => priceText(product, props.owner) },
            { header: 'Cost', isNumber: true, cell: (product) => costRangeText(product, props.owner) },
            {
              header: 'Collections',
              cell: (product) =>
                product.collectionIds.flatMap((id) => collectionNames.get(id) ?? []).join(', ') || (
                  <span className="muted">None</span>
                ),
            },
          ]}
        />
      </form>
      <Pager page={view.page} pages={pages} href={(page) => productListHref(view, page)} />
    </DashboardPage>
  )
}
