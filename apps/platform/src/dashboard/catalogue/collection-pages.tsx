import type { FieldViolation } from '../../http/errors.ts'
import { Checkbox, CsrfField, DashboardPage, Field, Problems } from '../dashboard-layout.tsx'
import type { Owner } from '../session/owner-session.ts'
import type { Paged, WireCollection, WireProduct } from './catalogue-lists.ts'
import { toFormErrors } from './product-form.ts'

/** What the collection form shows. */
export interface CollectionFormValues {
  name: string
  slug: string
  description: string
  visible: boolean
}

export const emptyCollectionForm: CollectionFormValues = {
  name: '',
  slug: '',
  description: '',
  visible: true,
}

const collectionLabels = { name: 'Name', slug: 'Slug', description: 'Description', file: 'Image' }

function CollectionFields(props: { values: CollectionFormValues; errors: Record<string, string> }) {
  const { values, errors } = props
  return (
    <>
      <div className="grid">
        <Field label="Name" name="name" defaultValue={values.name} error={errors.name} required />
        <Field
          label="Slug"
          name="slug"
          defaultValue={values.slug}
          error={errors.slug}
          hint="The collection's address in the store; made from the name when empty"
        />
      </div>
      <div className="field">
        <label htmlFor="field-description">Description</label>
        <textarea id="field-description" name="description" defaultValue={values.description} />
        {errors.description && <div className="error-text">{errors.description}</div>}
      </div>
      <Checkbox label="Visible in the store" name="visible" defaultChecked={values.visible} />
    </>
  )
}

/** Every collection, and a form to create one. */
export function CollectionListPage(props: {
  owner: Owner
  collections: WireCollection[]
  values: CollectionFormValues
  violations: readonly FieldViolation[]
  notice?: string | undefined
}) {
  return (
    <DashboardPage owner={props.owner} title="Collections" place="collections" notice={props.notice}>
      <h1>Collections</h1>
      <table aria-label="Collections">
        <thead>
          <tr>
            <th>Name</th>
            <th>Slug</th>
            <th className="number">Products</th>
            <th>Visibility</th>
          </tr>
        </thead>
        <tbody>
          {props.collections.map((collection) => (
            <tr key={collection.id}>
              <td>
                <a href={`/dashboard/collections/${collection.id}`}>{collection.name}</a>
              </td>
              <td>{collection.slug}</td>
              <td className="number">{collection.numberOfProducts}</td>
              <td>{collection.visible ? 'Visible' : <span className="badge off">Hidden</span>}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2>New collection</h2>
      <Problems violations={props.violations} labels={collectionLabels} />
      <form method="post" action="/dashboard/collections" aria-label="New collection">
        <CsrfField token={props.owner.session.csrfToken} />
        <CollectionFields values={props.values} errors={toFormErrors(props.violations)} />
        <div className="actions">
          <button type="submit" className="primary">
            Create collection
          </button>
        </div>
      </form>
    </DashboardPage>
  )
}

/** One collection: its fields and image, its products (remove), products to add (search), delete. */
export function CollectionEditPage(props: {
  owner: Owner
  collection: WireCollection
  values: CollectionFormValues
  violations: readonly FieldViolation[]
  members: Paged<WireProduct>
  search: string
  candidates: WireProduct[] | undefined
  notice?: string | undefined
}) {
  const { collection, owner } = props
  const token = owner.session.csrfToken
  const image = collection.media.mainMedia?.image
  return (
    <DashboardPage owner={owner} title={collection.name} place="collections" notice={props.notice}>
      <p>
        <a href="/dashboard/collections">← Collections</a>
      </p>
      <h1>{collection.name}</h1>
      <Problems violations={props.violations} labels={collectionLabels} />
      <div className="cols">
        <form
          method="post"
          action={`/dashboard/collections/${collection.id}`}
          encType="multipart/form-data"
          aria-label="Collection"
        >
          <CsrfField token={token} />
          <CollectionFields values={props.values} errors={toFormErrors(props.violations)} />
          <div className="field">
            <label htmlFor="field-file">New image</label>
            <input
              id="field-file"
              name="file"
              type="file"
              accept="image/png,image/jpeg,image/gif,image/webp"
            />
            <div className="hint">Replaces the current image; PNG, JPEG, GIF or WebP, up to 10 MB</div>
          </div>
          <div className="actions">
            <button type="submit" className="primary">
              Save collection
            </button>
          </div>
        </form>
        <div>
          {image && (
            <ul className="thumbs">
              <li>
                <img src={image.url} alt={collection.name} />
              </li>
            </ul>
          )}
        </div>
      </div>

      <h2>Products in this collection</h2>
      <p role="status">
        {props.members.total === 1 ? '1 product' : `${props.members.total} products`}
        {props.members.total > props.members.items.length &&
          ` (the first ${props.members.items.length} shown)`}
      </p>
      {props.members.items.length > 0 && (
        <form method="post" action={`/dashboard/collections/${collection.id}/products/delete`}>
          <CsrfField token={token} />
          <table aria-label="Products in this collection">
            <thead>
              <tr>
                <th>
                  <input type="checkbox" data-select-all="productIds" aria-label="Select all" />
                </th>
                <th>Name</th>
                <th className="number">Price</th>
              </tr>
            </thead>
            <tbody>
              {props.members.items.map((product) => (
                <tr key={product.id}>
                  <td>
                    <input
                      type="checkbox"
                      name="productIds"
                      value={product.id}
                      aria-label={`Select ${product.name}`}
                    />
                  </td>
                  <td>
                    <a href={`/dashboard/products/${product.id}`}>{product.name}</a>
                  </td>
                  <td className="number">{product.priceData.formatted.price}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <div className="actions">
            <button type="submit">Remove selected from the collection</button>
          </div>
        </form>
      )}

      <h2>Add products</h2>
      <search>
        <form
          method="get"
          action={`/dashboard/collections/${collection.id}`}
          className="filters"
          aria-label="Find products to add"
        >
          <Field label="Find products" name="add" type="search" defaultValue={props.search} />
          <button type="submit">Find</button>
        </form>
      </search>
      {props.candidates && props.candidates.length === 0 && <p>No products to add match “{props.search}”.</p>}
      {props.candidates && props.candidates.length > 0 && (
        <form method="post" action={`/dashboard/collections/${collection.id}/products`}>
          <CsrfField token={token} />
          <table aria-label="Products to add">
            <thead>
              <tr>
                <th>
                  <input type="checkbox" data-select-all="productIds" aria-label="Select all found" />
                </th>
                <th>Name</th>
                <th className="number">Price</th>
              </tr>
            </thead>
            <tbody>
              {props.candidates.map((product) => (
                <tr key={product.id}>
                  <td>
                    <input
                      type="checkbox"
                      name="productIds"
                      value={product.id}
                      aria-label={`Add ${product.name}`}
                    />
                  </td>
                  <td>{product.name}</td>
                  <td className="number">{product.priceData.formatted.price}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <div className="actions">
            <button type="submit" className="primary">
              Add selected to the collection
            </button>
          </div>
        </form>
      )}

      <h2>Delete</h2>
      <form method="post" action={`/dashboard/collections/${collection.id}/delete`}>
        <CsrfField token={token} />
        <button
          type="submit"
          className="danger"
          data-confirm={`Delete ${collection.name}? Its products stay.`}
        >
          Delete collection
        </button>
      </form>
    </DashboardPage>
  )
}
