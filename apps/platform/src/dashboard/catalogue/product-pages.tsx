import { formatUnitQuantity, MEASUREMENT_UNITS } from '../../catalogue/products/price-per-unit.ts'
import type { FieldViolation } from '../../http/errors.ts'
import { formatMoney, toMinor } from '../../money/money.ts'
import { LabelledControl } from '../../pages/form-controls.tsx'
import { Checkbox, CsrfField, DashboardPage, Field, Problems } from '../dashboard-layout.tsx'
import type { Owner } from '../session/owner-session.ts'
import {
  type Paged,
  PRODUCT_PAGE_SIZE,
  type ProductFilters,
  toFilterSearch,
  type WireCollection,
  type WireProduct,
  type WireVariant,
} from './catalogue-lists.ts'
import {
  OPTION_ROWS_EXTRA,
  type ProductFormValues,
  productFieldLabels,
  toFormErrors,
  toVariantRowValues,
} from './product-form.ts'

/** A choice of the spec's measurement units (a merchant's unit price). */
function UnitSelect(props: { label: string; name: string; value: string; error?: string | undefined }) {
  return (
    <LabelledControl label={props.label} name={props.name} error={props.error}>
      {({ id, describedBy }) => (
        <select
          id={id}
          name={props.name}
          defaultValue={props.value}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={describedBy}
        >
          {MEASUREMENT_UNITS.map((unit) => (
            <option key={unit} value={unit}>
              {formatUnitQuantity(1, unit)}
            </option>
          ))}
        </select>
      )}
    </LabelledControl>
  )
}

/** A product's cost, or its variants' lowest and highest: merchant data, empty when none is set. */
function costRangeText(product: WireProduct, owner: Owner): string {
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
    <DashboardPage owner={props.owner} title="Products" section="products" notice={props.notice}>
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

/** The fields of a product, its options and its collections: the same form creates and edits. */
function ProductForm(props: {
  owner: Owner
  action: string
  values: ProductFormValues
  collections: WireCollection[]
  errors: Record<string, string>
  currency: string
  submitLabel: string
}) {
  const { values, errors } = props
  const optionRows = [
    ...values.options,
    ...Array.from({ length: OPTION_ROWS_EXTRA }, () => ({
      name: '',
      type: 'drop_down' as const,
      choices: '',
    })),
  ]
  const hasOptions = values.options.length > 0
  return (
    <form method="post" action={props.action} aria-label="Product">
      <CsrfField token={props.owner.session.csrfToken} />
      <fieldset>
        <legend>Product</legend>
        <div className="grid">
          <Field label="Name" name="name" defaultValue={values.name} error={errors.name} required />
          <Field
            label="Slug"
            name="slug"
            defaultValue={values.slug}
            error={errors.slug}
            hint="The product's address in the store; made from the name when empty"
          />
          <div className="field">
            <label htmlFor="field-productType">Type</label>
            <select id="field-productType" name="productType" defaultValue={values.productType}>
              <option value="physical">Physical</option>
              <option value="digital">Digital</option>
            </select>
          </div>
          <Field label="SKU" name="sku" defaultValue={values.sku} error={errors.sku} />
          <Field label="Brand" name="brand" defaultValue={values.brand} error={errors.brand} />
          <Field
            label="Ribbon"
            name="ribbon"
            defaultValue={values.ribbon}
            error={errors.ribbon}
            hint="e.g. New, Sale"
          />
        </div>
        <div className="field">
          <label htmlFor="field-description">Description</label>
          <textarea id="field-description" name="description" defaultValue={values.description} />
          {errors.description && <div className="error-text">{errors.description}</div>}
        </div>
        <Checkbox label="Visible in the store" name="visible" defaultChecked={values.visible} />
      </fieldset>
      <fieldset>
        <legend>Price ({props.currency})</legend>
        <div className="grid">
          <Field
            label="Price"
            name="price"
            type="number"
            step="any"
            min="0"
            defaultValue={values.price}
            error={errors.price}
            required
          />
          <Field
            label="Cost"
            name="cost"
            type="number"
            step="any"
            min="0"
            defaultValue={values.cost}
            error={errors.cost}
            hint="Only you see it; gives the profit"
          />
          <div className="field">
            <label htmlFor="field-discountType">Discount type</label>
            <select id="field-discountType" name="discountType" defaultValue={values.discountType}>
              <option value="NONE">No discount</option>
              <option value="AMOUNT">Amount off</option>
              <option value="PERCENT">Percent off</option>
            </select>
          </div>
          <Field
            label="Discount"
            name="discountValue"
            type="number"
            step="any"
            min="0"
            defaultValue={values.discountValue}
            error={errors.discountValue}
          />
          <Field
            label="Weight"
            name="weight"
            type="number"
            step="any"
            min="0"
            defaultValue={values.weight}
            error={errors.weight}
          />
        </div>
      </fieldset>
      <fieldset>
        <legend>Unit price</legend>
        <p className="hint">
          For goods sold by measure: what the product holds, and per how much shoppers see its price (1 L, per
          100 ml). Leave the contents empty for no unit price.
        </p>
        <div className="grid">
          <Field
            label="Contents"
            name="unitTotalQuantity"
            type="number"
            step="any"
            min="0"
            defaultValue={values.unitTotalQuantity}
            error={errors.unitTotalQuantity}
          />
          <UnitSelect label="Contents unit" name="unitTotalUnit" value={values.unitTotalUnit} />
          <Field
            label="Unit price per"
            name="unitBaseQuantity"
            type="number"
            step="any"
            min="0"
            defaultValue={values.unitBaseQuantity}
            error={errors.unitBaseQuantity}
            hint="Empty for one unit"
          />
          <UnitSelect
            label="Unit price unit"
            name="unitBaseUnit"
            value={values.unitBaseUnit}
            error={errors.unitBaseUnit}
          />
        </div>
      </fieldset>
      <fieldset>
        <legend>Stock</legend>
        {hasOptions ? (
          <p className="hint">This product has options: quantities are kept per variant, below.</p>
        ) : (
          <div className="grid">
            <Checkbox label="Track quantity" name="trackInventory" defaultChecked={values.trackInventory} />
            <Field
              label="Quantity"
              name="quantity"
              type="number"
              step="1"
              min="0"
              defaultValue={values.quantity}
              error={errors.quantity}
            />
          </div>
        )}
        <Checkbox label="In stock" name="inStock" defaultChecked={values.inStock} />
      </fieldset>
      <fieldset>
        <legend>Options</legend>
        <p className="hint">
          Each option makes variants: one choice a line. For a colour, write the name and the colour:{' '}
          <code>Blue = #1f6feb</code>. Leave a row empty to add nothing; empty an option to remove it.
        </p>
        {errors.options && <p className="error-text">{errors.options}</p>}
        <div className="grid">
          {optionRows.map((option, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional form fields
            <div key={index}>
              <Field
                label={`Option ${index + 1} name`}
                name={`option-${index}-name`}
                defaultValue={option.name}
                error={errors[`option-${index}-name`]}
              />
              <div className="field">
                <label htmlFor={`field-option-${index}-type`}>Option {index + 1} type</label>
                <select
                  id={`field-option-${index}-type`}
                  name={`option-${index}-type`}
                  defaultValue={option.type}
                >
                  <option value="drop_down">Drop-down</option>
                  <option value="color">Colour</option>
                </select>
              </div>
              <div className="field">
                <label htmlFor={`field-option-${index}-choices`}>Option {index + 1} choices</label>
                <textarea
                  id={`field-option-${index}-choices`}
                  name={`option-${index}-choices`}
                  rows={Math.max(4, option.choices.split('\n').length + 1)}
                  defaultValue={option.choices}
                  aria-invalid={errors[`option-${index}-choices`] ? true : undefined}
                />
                {errors[`option-${index}-choices`] && (
                  <div className="error-text">{errors[`option-${index}-choices`]}</div>
                )}
              </div>
            </div>
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend>Collections</legend>
        {props.collections.length === 0 && <p className="hint">No collections yet.</p>}
        <div className="grid">
          {props.collections.map((collection) => (
            <Checkbox
              key={collection.id}
              label={collection.name}
              name="collectionIds"
              value={collection.id}
              defaultChecked={values.collectionIds.includes(collection.id)}
            />
          ))}
        </div>
      </fieldset>
      <div className="actions">
        <button type="submit" className="primary">
          {props.submitLabel}
        </button>
      </div>
    </form>
  )
}

/** A new product: the product form alone; images and variant details come after it exists. */
export function NewProductPage(props: {
  owner: Owner
  values: ProductFormValues
  collections: WireCollection[]
  violations: readonly FieldViolation[]
}) {
  return (
    <DashboardPage owner={props.owner} title="New product" section="products">
      <p>
        <a href="/dashboard/products">← Products</a>
      </p>
      <h1>New product</h1>
      <Problems violations={props.violations} labels={productFieldLabels} />
      <ProductForm
        owner={props.owner}
        action="/dashboard/products"
        values={props.values}
        collections={props.collections}
        errors={toFormErrors(props.violations)}
        currency={props.owner.session.site.currency}
        submitLabel="Create product"
      />
    </DashboardPage>
  )
}

function VariantsTable(props: { owner: Owner; product: WireProduct; variants: WireVariant[] }) {
  const rows = props.variants.map(toVariantRowValues)
  const was = (index: number, name: string, value: string | boolean) => (
    <input type="hidden" name={`v-${index}-${name}-was`} value={String(value)} />
  )
  return (
    <section aria-labelledby="variants-heading">
      <h2 id="variants-heading">Variants</h2>
      <p className="hint">
        A variant shows the product's price, cost, weight and SKU until you give it its own; clear a field to
        follow the product again.
      </p>
      <form method="post" action={`/dashboard/products/${props.product.id}/variants`}>
        <CsrfField token={props.owner.session.csrfToken} />
        <table aria-label="Variants">
          <thead>
            <tr>
              <th>Variant</th>
              <th>Price</th>
              <th>Cost</th>
              <th>Weight</th>
              <th>SKU</th>
              <th>Track quantity</th>
              <th>Quantity</th>
              <th>In stock</th>
              <th>Visible</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <tr key={row.id}>
                <th scope="row">
                  {row.label}
                  <input type="hidden" name={`v-${index}-id`} value={row.id} />
                  {was(index, 'price', row.price)}
                  {was(index, 'cost', row.cost)}
                  {was(index, 'weight', row.weight)}
                  {was(index, 'sku', row.sku)}
                  {was(index, 'quantity', row.quantity)}
                  {was(index, 'trackQuantity', row.trackQuantity)}
                  {was(index, 'inStock', row.inStock)}
                  {was(index, 'visible', row.visible)}
                </th>
                <td>
                  <input
                    name={`v-${index}-price`}
                    type="number"
                    step="any"
                    min="0"
                    defaultValue={row.price}
                    aria-label={`Price of ${row.label}`}
                  />
                </td>
                <td>
                  <input
                    name={`v-${index}-cost`}
                    type="number"
                    step="any"
                    min="0"
                    defaultValue={row.cost}
                    aria-label={`Cost of ${row.label}`}
                  />
                </td>
                <td>
                  <input
                    name={`v-${index}-weight`}
                    type="number"
                    step="any"
                    min="0"
                    defaultValue={row.weight}
                    aria-label={`Weight of ${row.label}`}
                  />
                </td>
                <td>
                  <input
                    name={`v-${index}-sku`}
                    type="text"
                    defaultValue={row.sku}
                    aria-label={`SKU of ${row.label}`}
                  />
                </td>
                <td>
                  <input
                    name={`v-${index}-trackQuantity`}
                    type="checkbox"
                    defaultChecked={row.trackQuantity}
                    aria-label={`Track quantity of ${row.label}`}
                  />
                </td>
                <td>
                  <input
                    name={`v-${index}-quantity`}
                    type="number"
                    step="1"
                    min="0"
                    defaultValue={row.quantity}
                    aria-label={`Quantity of ${row.label}`}
                  />
                </td>
                <td>
                  <input
                    name={`v-${index}-inStock`}
                    type="checkbox"
                    defaultChecked={row.inStock}
                    aria-label={`${row.label} in stock`}
                  />
                </td>
                <td>
                  <input
                    name={`v-${index}-visible`}
                    type="checkbox"
                    defaultChecked={row.visible}
                    aria-label={`${row.label} visible`}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <div className="actions">
          <button type="submit" className="primary">
            Save variants
          </button>
        </div>
      </form>
    </section>
  )
}

function MediaSection(props: { owner: Owner; product: WireProduct }) {
  const { product } = props
  const token = props.owner.session.csrfToken
  const choices = product.productOptions.flatMap((option, optionIndex) =>
    option.choices.map((choice, choiceIndex) => ({
      key: `${optionIndex}:${choiceIndex}`,
      label: `${option.name}: ${choice.description}`,
      mediaIds: choice.media.items.map((item) => item.id),
    })),
  )
  return (
    <section aria-labelledby="media-heading">
      <h2 id="media-heading">Images</h2>
      {product.media.items.length === 0 && <p className="hint">No images yet.</p>}
      <ul className="thumbs" aria-label="Images">
        {product.media.items.map((item, index) => (
          <li key={item.id}>
            <img src={item.image?.url} alt={item.image?.altText || `${product.name} image ${index + 1}`} />
            <form method="post" action={`/dashboard/products/${product.id}/media/delete`}>
              <CsrfField token={token} />
              <input type="hidden" name="mediaId" value={item.id} />
              <button type="submit" className="danger" aria-label={`Remove image ${index + 1}`}>
                Remove
              </button>
            </form>
          </li>
        ))}
      </ul>
      <form
        method="post"
        action={`/dashboard/products/${product.id}/media`}
        encType="multipart/form-data"
        aria-label="Upload an image"
      >
        <CsrfField token={token} />
        <div className="filters">
          <div className="field">
            <label htmlFor="field-file">Image file</label>
            <input
              id="field-file"
              name="file"
              type="file"
              accept="image/png,image/jpeg,image/gif,image/webp"
              required
            />
            <div className="hint">PNG, JPEG, GIF or WebP, up to 10 MB</div>
          </div>
          {choices.length > 0 && (
            <div className="field">
              <label htmlFor="field-choice">Also show for</label>
              <select id="field-choice" name="choice" defaultValue="">
                <option value="">Every choice</option>
                {choices.map((choice) => (
                  <option key={choice.key} value={choice.key}>
                    {choice.label}
                  </option>
                ))}
              </select>
            </div>
          )}
          <button type="submit">Upload image</button>
        </div>
      </form>
      {choices.length > 0 && product.media.items.length > 0 && (
        <form
          method="post"
          action={`/dashboard/products/${product.id}/choice-media`}
          aria-label="Choice images"
        >
          <CsrfField token={token} />
          <h3>Images of each choice</h3>
          <p className="hint">A shopper who picks a choice sees its images.</p>
          <table>
            <thead>
              <tr>
                <th>Choice</th>
                {product.media.items.map((item, index) => (
                  <th key={item.id}>Image {index + 1}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {choices.map((choice) => (
                <tr key={choice.key}>
                  <th scope="row">{choice.label}</th>
                  {product.media.items.map((item, index) => (
                    <td key={item.id}>
                      <input
                        type="checkbox"
                        name={`choice-${choice.key}`}
                        value={item.id}
                        defaultChecked={choice.mediaIds.includes(item.id)}
                        aria-label={`Image ${index + 1} for ${choice.label}`}
                      />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
          <div className="actions">
            <button type="submit">Save choice images</button>
          </div>
        </form>
      )}
    </section>
  )
}

/** Editing a product: its form, then its variants, images and choice images, then deleting it. */
export function EditProductPage(props: {
  owner: Owner
  product: WireProduct
  variants: WireVariant[]
  values: ProductFormValues
  collections: WireCollection[]
  violations: readonly FieldViolation[]
  notice?: string | undefined
}) {
  const { product } = props
  return (
    <DashboardPage owner={props.owner} title={product.name} section="products" notice={props.notice}>
      <p>
        <a href="/dashboard/products">← Products</a>
      </p>
      <h1>{product.name}</h1>
      <p className="muted">
        {product.priceData.formatted.price}
        {product.priceData.discountedPrice !== product.priceData.price &&
          ` (${product.priceData.formatted.discountedPrice} after discount)`}
        {product.pricePerUnitData &&
          product.priceData.formatted.pricePerUnit &&
          ` · ${product.priceData.formatted.pricePerUnit} / ${formatUnitQuantity(product.pricePerUnitData.baseQuantity, product.pricePerUnitData.baseMeasurementUnit)}`}
        {product.costRange && ` · cost ${costRangeText(product, props.owner)}`}
        {product.costAndProfitData &&
          ` · profit ${product.costAndProfitData.formattedProfit} (${product.costAndProfitData.profitMargin}%)`}
        {' · '}last changed {new Date(product.lastUpdated).toUTCString()}
      </p>
      <Problems violations={props.violations} labels={productFieldLabels} />
      <div className="cols">
        <div>
          <ProductForm
            owner={props.owner}
            action={`/dashboard/products/${product.id}`}
            values={props.values}
            collections={props.collections}
            errors={toFormErrors(props.violations)}
            currency={product.priceData.currency}
            submitLabel="Save product"
          />
        </div>
        <div>
          <MediaSection owner={props.owner} product={product} />
        </div>
      </div>
      {product.manageVariants && (
        <VariantsTable owner={props.owner} product={product} variants={props.variants} />
      )}
      <h2>Delete</h2>
      <form method="post" action={`/dashboard/products/${product.id}/delete`}>
        <CsrfField token={props.owner.session.csrfToken} />
        <button
          type="submit"
          className="danger"
          data-confirm={`Delete ${product.name}? This cannot be undone.`}
        >
          Delete product
        </button>
      </form>
    </DashboardPage>
  )
}
