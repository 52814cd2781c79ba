import { z } from 'zod'
import { addProductsToCollection } from '../../catalogue/collections/collection-writes.ts'
import {
  type EditorImage,
  findDisplayPrices,
  findEditorImages,
} from '../../catalogue/products/product-editor-reads.ts'
import { ProductEditorBody, saveProductEditor } from '../../catalogue/products/product-editor-writes.ts'
import {
  deleteProduct,
  deleteProducts,
  ProductIdsBody,
  setProductsVisible,
} from '../../catalogue/products/product-list-writes.ts'
import type { Api } from '../../http/api.ts'
import { ApplicationError, type FieldViolation, ValidationError } from '../../http/errors.ts'
import { IdParam, parseWith } from '../../http/validation.ts'
import { uploadImageOrVideo } from '../../media/video-uploads.ts'
import type { FormFields } from '../../pages/form-fields.ts'
import { renderDashboardPage, seeOther } from '../dashboard-layout.tsx'
import { ConfirmDialog } from '../kit/confirm-dialog.tsx'
import { countText } from '../kit/dashboard-words.ts'
import { noticeText, withNotice } from '../notices.ts'
import { createDashboardRoutes, NoticeQuery } from '../owner-routes.ts'
import type { DashboardDeps, Owner } from '../session/owner-session.ts'
import {
  findAllCollections,
  findProductPage,
  findProductsByIds,
  getProductForEditing,
  ProductFilterQuery,
  type ProductSort,
  productSorts,
  type WireProduct,
} from './catalogue-lists.ts'
import { ProductEditorPage } from './product-editor.tsx'
import { renderEditorSections } from './product-editor-sections.tsx'
import {
  applyRowIntent,
  emptyProductForm,
  type ProductFormValues,
  readProductForm,
  readRowIntent,
  toProductFormValues,
} from './product-form.ts'
import { ProductListPage, type ProductListView, productListHref } from './product-pages.tsx'

/** The list's view in its URL (`?q=&status=&stock=&collection=&sort=price-desc&page=`). */
const ListView = ProductFilterQuery.extend({
  sort: z.enum(Object.keys(productSorts) as [ProductSort, ...ProductSort[]]).default('name'),
  page: z.coerce.number().int().min(1).max(50_000).default(1),
})
const ListQuery = ListView.extend({ notice: z.string().max(40).optional() })

/** The bulk actions of the list's form (`action`), besides the price change of `/dashboard/bulk`. */
const BulkAction = z.enum(['show', 'hide', 'collection', 'delete'])

/**
 * The list a bulk action came from, to go back to: its `back` field read as a list URL, or the plain
 * list when it is anything else (a form may not send the owner elsewhere).
 */
function readBack(text: string): z.output<typeof ListView> {
  const url = new URL(text || '/dashboard/products', 'http://dashboard.invalid')
  const parsed =
    url.origin === 'http://dashboard.invalid' && url.pathname === '/dashboard/products'
      ? ListView.safeParse(Object.fromEntries(url.searchParams))
      : undefined
  return parsed?.success ? parsed.data : ListView.parse({})
}

/** The editor's script sends its uploads here: the page may connect to its own origin. */
const editorPageOptions = { connectSources: ["'self'"] }

/** Uploads the images a plain form carries (no JavaScript), in order; answers their ids or the violation. */
async function uploadFormImages(
  deps: DashboardDeps,
  owner: Owner,
  form: FormFields,
): Promise<{ ids: string[]; violations: FieldViolation[] }> {
  const ids: string[] = []
  for (const file of form.files('files')) {
    try {
      const bytes = new Uint8Array(await file.arrayBuffer())
      const media = await uploadImageOrVideo(deps.media, owner.caller, { bytes, fileName: file.name })
      ids.push(media.id)
    } catch (error) {
      const why =
        error instanceof ApplicationError && error.code === 'PAYLOAD_TOO_LARGE'
          ? `is too large: ${error.description}`
          : error instanceof ValidationError
            ? (error.fieldViolations[0]?.description ?? 'is no image or video the store takes')
            : undefined
      if (why === undefined) throw error
      return {
        ids,
        violations: [{ field: 'files', description: `${file.name} ${why}`, violatedRule: 'VALIDATION' }],
      }
    }
  }
  return { ids, violations: [] }
}

/** The violations of a refused save, named by the editor's fields; other errors go on to the error page. */
function toRefusal(error: unknown, toFormViolations: (v: readonly FieldViolation[]) => FieldViolation[]) {
  if (error instanceof ValidationError) return toFormViolations(error.fieldViolations)
  if (error instanceof ApplicationError && error.code === 'SLUG_TAKEN')
    return [{ field: 'slug', description: error.description, violatedRule: 'VALIDATION' as const }]
  throw error
}

/** Products: the list, and the one editor that creates a product or saves all of one at once. */
export function registerProductPages(api: Api, deps: DashboardDeps) {
  const { page, form: postForm } = createDashboardRoutes(api, deps)

  /** The editor for a new product (no `id`) or a product, with the values given or as stored. */
  async function editorPage(
    owner: Owner,
    id: string | undefined,
    options: {
      values?: ProductFormValues
      violations?: FieldViolation[]
      notice?: string | undefined
      status?: number
    } = {},
  ) {
    const [stored, collections] = await Promise.all([
      id ? getProductForEditing(deps, owner.caller, id) : undefined,
      findAllCollections(deps, owner.caller),
    ])
    const product: WireProduct | undefined = stored?.product
    const values =
      options.values ?? (stored ? toProductFormValues(stored.product, stored.variants) : emptyProductForm)
    const [images, displayPrices, sections] = await Promise.all([
      editorImages(owner, product, values.mediaIds),
      product ? findDisplayPrices(deps.db, owner.caller, product.priceData) : undefined,
      renderEditorSections({ deps, owner, product }),
    ])
    return renderDashboardPage(
      <ProductEditorPage
        owner={owner}
        product={product}
        values={values}
        images={images}
        collections={collections}
        displayPrices={displayPrices}
        violations={options.violations ?? []}
        sections={sections}
        notice={options.notice}
        unsaved={options.values !== undefined || !product}
      />,
      deps,
      options.status,
      editorPageOptions,
    )
  }

  /** The images the editor lists, in order: the product's own, and uploads not saved with it yet. */
  async function editorImages(
    owner: Owner,
    product: WireProduct | undefined,
    ids: readonly string[],
  ): Promise<EditorImage[]> {
    const own = new Map(
      (product?.media.items ?? []).map((item) => [
        item.id,
        {
          id: item.id,
          thumbnailUrl: item.thumbnail?.url ?? item.image?.url ?? '',
          title: item.title ?? '',
          ...(item.mediaType === 'video' ? { mediaType: 'video' as const } : {}),
        },
      ]),
    )
    const uploads = await findEditorImages(
      deps,
      owner.caller,
      ids.filter((id) => !own.has(id)),
    )
    return ids.flatMap((id) => own.get(id) ?? uploads.find((image) => image.id === id) ?? [])
  }

  /** Saves the editor's form, or re-renders it with a row added or removed, or with what was refused. */
  async function saveEditor(owner: Owner, form: FormFields, id: string | undefined) {
    const read = readProductForm(form)
    const intent = readRowIntent(form)
    const uploaded = await uploadFormImages(deps, owner, form)
    const values = { ...read.values, mediaIds: [...read.values.mediaIds, ...uploaded.ids] }
    if (intent) return editorPage(owner, id, { values: applyRowIntent(values, intent) })
    let refused = [...read.violations, ...uploaded.violations]
    if (refused.length === 0) {
      try {
        const body = parseWith(ProductEditorBody, { ...read.body, mediaIds: values.mediaIds })
        const { product } = await saveProductEditor(deps, owner.caller, { ...body, id })
        return seeOther(withNotice(`/dashboard/products/${product.id}`, id ? 'saved' : 'product-created'))
      } catch (error) {
        refused = toRefusal(error, read.toFormViolations)
      }
    }
    return editorPage(owner, id, { values, violations: refused, status: 400 })
  }

  /** The product list of a view, with a notice, a problem, or the question before a deletion. */
  async function listPage(
    owner: Owner,
    view: ProductListView,
    options: { notice?: string | undefined; problem?: string; confirmIds?: string[]; status?: number } = {},
  ) {
    const [products, collections, confirming] = await Promise.all([
      findProductPage(deps, owner.caller, view, view.page, view.sort),
      findAllCollections(deps, owner.caller),
      options.confirmIds ? findProductsByIds(deps, owner.caller, options.confirmIds) : undefined,
    ])
    const here = productListHref(view)
    return renderDashboardPage(
      <ProductListPage
        owner={owner}
        view={view}
        products={products}
        collections={collections}
        notice={options.notice}
        problem={options.problem}
        confirm={
          confirming && (
            <ConfirmDialog
              id="confirm-delete"
              title={`Delete ${countText(confirming.length, 'product')}?`}
              action="/dashboard/products/bulk-action"
              csrfToken={owner.session.csrfToken}
              fields={{ action: 'delete', confirmed: 'yes', back: here, ids: confirming.map((p) => p.id) }}
              confirmLabel={`Delete ${countText(confirming.length, 'product')}`}
              cancelHref={here}
              isDestructive
            >
              <p>
                Their variants, pictures' places and collection memberships go with them, and shoppers can no
                longer buy them. Orders already placed keep their lines. This cannot be undone.
              </p>
              <ul>
                {confirming.map((product) => (
                  <li key={product.id}>{product.name}</li>
                ))}
              </ul>
            </ConfirmDialog>
          )
        }
      />,
      deps,
      options.status,
    )
  }

  page(
    {
      path: '/dashboard/products',
      operationId: 'dashboardProducts',
      summary:
        'The product list: search, filters (status, stock, collection), sort and paging in the URL; bulk actions on ticked rows',
      query: ListQuery,
    },
    async (owner, { query: { notice, ...view } }) => listPage(owner, view, { notice: noticeText(notice) }),
  )

  postForm(
    {
      path: '/dashboard/products/bulk-action',
      operationId: 'dashboardProductsBulkAction',
      summary:
        'Act on the ticked products (form: ids, action show | hide | collection with collectionId | delete, which asks first and deletes with confirmed=yes; back: the list to return to)',
    },
    async (owner, form) => {
      const view = readBack(form.text('back'))
      const back = productListHref(view)
      const action = BulkAction.safeParse(form.text('action'))
      const ids = ProductIdsBody.safeParse({ ids: form.texts('ids') })
      const refuse = (problem: string, status = 400) => listPage(owner, view, { problem, status })
      if (!action.success) return refuse('Nothing changed: choose what to do with the ticked products.')
      if (!ids.success)
        return refuse(
          form.texts('ids').length === 0
            ? 'Nothing changed: tick the products to change first.'
            : 'Nothing changed: tick from 1 to 1,000 products of this shop.',
        )
      try {
        switch (action.data) {
          case 'show':
          case 'hide':
            await setProductsVisible(deps, owner.caller, {
              ids: ids.data.ids,
              visible: action.data === 'show',
            })
            return seeOther(withNotice(back, action.data === 'show' ? 'products-shown' : 'products-hidden'))
          case 'collection': {
            const collectionId = form.text('collectionId')
            if (!z.uuid().safeParse(collectionId).success)
              return refuse('Nothing changed: choose the collection to add the products to.')
            await addProductsToCollection(deps, owner.caller, { id: collectionId, productIds: ids.data.ids })
            return seeOther(withNotice(back, 'products-added'))
          }
          case 'delete':
            if (form.text('confirmed') !== 'yes') return listPage(owner, view, { confirmIds: ids.data.ids })
            await deleteProducts(deps, owner.caller, { ids: ids.data.ids })
            return seeOther(withNotice(back, 'products-deleted'))
        }
      } catch (error) {
        if (!(error instanceof ApplicationError)) throw error
        return refuse(`Nothing changed: ${error.description}.`, error.status)
      }
    },
  )

  page(
    {
      path: '/dashboard/products/new',
      operationId: 'dashboardNewProduct',
      summary: 'The product editor of a new product',
    },
    async (owner) => editorPage(owner, undefined),
  )

  postForm(
    {
      path: '/dashboard/products',
      operationId: 'dashboardCreateProduct',
      summary:
        'Create a product from the editor (multipart: fields, options and choice rows, images in order, files)',
      upload: ['multipart/form-data', 'application/x-www-form-urlencoded'],
    },
    async (owner, form) => saveEditor(owner, form, undefined),
  )

  page(
    {
      path: '/dashboard/products/:id',
      operationId: 'dashboardProduct',
      summary: 'The product editor: details, images, options, variants, prices, stock and collections',
      params: IdParam,
      query: NoticeQuery,
    },
    async (owner, { params, query }) => editorPage(owner, params.id, { notice: noticeText(query.notice) }),
  )

  postForm(
    {
      path: '/dashboard/products/:id',
      operationId: 'dashboardSaveProduct',
      summary:
        'Save the whole editor in one transaction (or add or remove a row without saving, by `intent`)',
      params: IdParam,
      upload: ['multipart/form-data', 'application/x-www-form-urlencoded'],
    },
    async (owner, form, { params }) => saveEditor(owner, form, params.id),
  )

  postForm(
    {
      path: '/dashboard/media',
      operationId: 'dashboardUploadImage',
      summary:
        'Upload one image or video (multipart: file) for the editor’s script; answers JSON { id, thumbnailUrl, title, mediaType } with 201',
      upload: ['multipart/form-data'],
    },
    async (owner, form, _input, c) => {
      const file = form.file('file')
      if (!file) return c.json({ message: 'choose an image or video file to upload' }, 400)
      try {
        const bytes = new Uint8Array(await file.arrayBuffer())
        const media = await uploadImageOrVideo(deps.media, owner.caller, { bytes, fileName: file.name })
        return c.json(media, 201)
      } catch (error) {
        if (error instanceof ApplicationError && error.code === 'PAYLOAD_TOO_LARGE')
          return c.json({ message: error.description }, 413)
        if (!(error instanceof ValidationError)) throw error
        return c.json(
          { message: error.fieldViolations[0]?.description ?? 'is no image or video the store takes' },
          400,
        )
      }
    },
  )

  postForm(
    {
      path: '/dashboard/products/:id/delete',
      operationId: 'dashboardDeleteProduct',
      summary: 'Delete a product (as DELETE /stores/v1/products/{id} does)',
      params: IdParam,
    },
    async (owner, _form, { params }) => {
      await deleteProduct(deps, owner.caller, params)
      return seeOther(withNotice('/dashboard/products', 'product-deleted'))
    },
  )
}
