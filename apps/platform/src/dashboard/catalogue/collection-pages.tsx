import type { FieldViolation } from '../../http/errors.ts'
import { Checkbox, CsrfField, DashboardPage, Field, Problems } from '../dashboard-layout.tsx'
import { countText } from '../kit/dashboard-words.ts'
import { DataTable } from '../kit/data-table.tsx'
import { PageHeader } from '../kit/page-header.tsx'
import { PageSection } from '../kit/page-section.tsx'
import { RecordForm } from '../kit/record-form.tsx'
import { Badge } from '../kit/status-badge.tsx'
import type { Owner } from '../session/owner-session.ts'
import { TextArea } from '../setup/setup-fields.tsx'
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
      <TextArea
        label="Description"
        name="description"
        defaultValue={values.description}
        error={errors.description}
      />
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
      <PageHeader title="Collections" description="Groups of products the store shows together." />
      <DataTable
        label="Collections"
        rows={props.collections}
        rowKey={(collection) => collection.id}
        empty="No collections yet."
        columns={[
          {
            header: 'Name',
            cell: (collection) => <a href={`/dashboard/collections/${collection.id}`}>{collection.name}</a>,
          },
          { header: 'Slug', cell: (collection) => collection.slug },
          { header: 'Products', isNumber: true, cell: (collection) => collection.numberOfProducts },
          {
            header: 'Visibility',
            cell: (collection) =>
              collection.visible ? <Badge tone="ok">Visible</Badge> : <Badge tone="off">Hidden</Badge>,
          },
        ]}
      />
      <PageSection id="new-collection" title="New collection">
        <RecordForm
          owner={props.owner}
          action="/dashboard/collections"
          label="New collection"
          submitLabel="Create collection"
          values={props.values}
          violations={props.violations}
          labels={collectionLabels}
        >
          {(_row, errors) => <CollectionFields values={props.values} errors={errors} />}
        </RecordForm>
      </PageSection>
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
      <PageHeader title={collection.name} />
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

      <PageSection id="members" title="Products in this collection">
        <p role="status">
          {countText(props.members.total, 'product')}
          {props.members.total > props.members.items.length &&
            ` (the first ${props.members.items.length} shown)`}
        </p>
        {props.members.items.length > 0 && (
          <form method="post" action={`/dashboard/collections/${collection.id}/products/delete`}>
            <CsrfField token={token} />
            <DataTable
              label="Products in this collection"
              rows={props.members.items}
              rowKey={(product) => product.id}
              empty="No products."
              selection={{
                name: 'productIds',
                value: (product) => product.id,
                label: (product) => `Select ${product.name}`,
                allLabel: 'Select all',
              }}
              columns={[
                {
                  header: 'Name',
                  cell: (product) => <a href={`/dashboard/products/${product.id}`}>{product.name}</a>,
                },
                { header: 'Price', isNumber: true, cell: (product) => product.priceData.formatted.price },
              ]}
            />
            <div className="actions">
              <button type="submit">Remove selected from the collection</button>
            </div>
          </form>
        )}
      </PageSection>

      <PageSection id="add-products" title="Add products">
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
        {props.candidates && (
          <form method="post" action={`/dashboard/collections/${collection.id}/products`}>
            <CsrfField token={token} />
            <DataTable
              label="Products to add"
              rows={props.candidates}
              rowKey={(product) => product.id}
              empty={`No products to add match “${props.search}”.`}
              selection={{
                name: 'productIds',
                value: (product) => product.id,
                label: (product) => `Add ${product.name}`,
                allLabel: 'Select all found',
              }}
              columns={[
                { header: 'Name', cell: (product) => product.name },
                { header: 'Price', isNumber: true, cell: (product) => product.priceData.formatted.price },
              ]}
            />
            {props.candidates.length > 0 && (
              <div className="actions">
                <button type="submit" className="primary">
                  Add selected to the collection
                </button>
              </div>
            )}
          </form>
        )}
      </PageSection>

      <PageSection id="delete" title="Delete">
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
      </PageSection>
    </DashboardPage>
  )
}
