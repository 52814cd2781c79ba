import { z } from 'zod'
import { getCollection } from '../../catalogue/collections/collection-reads.ts'
import {
  addProductsToCollection,
  CollectionProductsBody,
  CreateCollectionBody,
  createCollection,
  deleteCollection,
  removeProductsFromCollection,
  UpdateCollectionBody,
  updateCollection,
} from '../../catalogue/collections/collection-writes.ts'
import type { Api } from '../../http/api.ts'
import { ApplicationError, type FieldViolation, ValidationError } from '../../http/errors.ts'
import { IdParam, parseWith } from '../../http/validation.ts'
import { uploadMedia } from '../../media/media-uploads.ts'
import type { FormFields } from '../../pages/form-fields.ts'
import { renderDashboardPage, seeOther } from '../dashboard-layout.tsx'
import { noticeText, withNotice } from '../notices.ts'
import { createDashboardRoutes, NoticeQuery } from '../owner-routes.ts'
import type { DashboardDeps, Owner } from '../session/owner-session.ts'
import {
  findAllCollections,
  findProductPage,
  type WireCollection,
  type WireProduct,
} from './catalogue-lists.ts'
import {
  CollectionEditPage,
  type CollectionFormValues,
  CollectionListPage,
  emptyCollectionForm,
} from './collection-pages.tsx'

function readCollectionForm(form: FormFields): {
  values: CollectionFormValues
  input: Record<string, unknown>
} {
  const values: CollectionFormValues = {
    name: form.text('name'),
    slug: form.text('slug').trim(),
    description: form.text('description'),
    visible: form.isChecked('visible'),
  }
  const input: Record<string, unknown> = {
    name: values.name,
    description: values.description,
    visible: values.visible,
  }
  if (values.slug) input.slug = values.slug
  return { values, input }
}

/**
 * The violations of a refused collection write by form field (the form's fields are the collection's,
 * and an upload's are the file's); other errors go on to the error page.
 */
function toRefusal(error: unknown): FieldViolation[] {
  if (error instanceof ValidationError)
    return error.fieldViolations.map((v) => (v.field === '$body' ? { ...v, field: 'file' } : v))
  if (error instanceof ApplicationError && error.code === 'SLUG_TAKEN')
    return [{ field: 'slug', description: error.description, violatedRule: 'VALIDATION' }]
  throw error
}

const toValues = (collection: WireCollection): CollectionFormValues => ({
  name: collection.name,
  slug: collection.slug,
  description: collection.description,
  visible: collection.visible,
})

/** Collections: the list with a create form, and the editor with its products. */
export function registerCollectionPages(api: Api, deps: DashboardDeps) {
  const { page, form: postForm } = createDashboardRoutes(api, deps)

  async function listPage(
    owner: Owner,
    options: {
      values?: CollectionFormValues
      violations?: FieldViolation[]
      notice?: string
      status?: number
    } = {},
  ) {
    return renderDashboardPage(
      <CollectionListPage
        owner={owner}
        collections={await findAllCollections(deps, owner.caller)}
        values={options.values ?? emptyCollectionForm}
        violations={options.violations ?? []}
        notice={options.notice}
      />,
      deps,
      options.status,
    )
  }

  async function editPage(
    owner: Owner,
    id: string,
    options: {
      values?: CollectionFormValues
      violations?: FieldViolation[]
      notice?: string | undefined
      search?: string
      status?: number
    } = {},
  ) {
    const search = options.search?.trim() ?? ''
    const [{ collection }, members, found] = await Promise.all([
      getCollection(deps, owner.caller, { id }),
      findProductPage(deps, owner.caller, { collection: id }, 1),
      search ? findProductPage(deps, owner.caller, { q: search }, 1) : undefined,
    ])
    const candidates: WireProduct[] | undefined = found?.items.filter((p) => !p.collectionIds.includes(id))
    return renderDashboardPage(
      <CollectionEditPage
        owner={owner}
        collection={collection}
        values={options.values ?? toValues(collection)}
        violations={options.violations ?? []}
        members={members}
        search={search}
        candidates={candidates}
        notice={options.notice}
      />,
      deps,
      options.status,
    )
  }

  page(
    {
      path: '/dashboard/collections',
      operationId: 'dashboardCollections',
      summary: 'Every collection, and a form to create one',
      query: NoticeQuery,
    },
    async (owner, { query }) => listPage(owner, { notice: noticeText(query.notice) }),
  )

  postForm(
    {
      path: '/dashboard/collections',
      operationId: 'dashboardCreateCollection',
      summary: 'Create a collection (as POST /stores/v1/collections does)',
    },
    async (owner, form) => {
      const { values, input } = readCollectionForm(form)
      try {
        const collection = parseWith(CreateCollectionBody.shape.collection, input)
        const created = (await createCollection(deps, owner.caller, { collection })).collection
        return seeOther(withNotice(`/dashboard/collections/${created.id}`, 'collection-created'))
      } catch (error) {
        return listPage(owner, { values, violations: toRefusal(error), status: 400 })
      }
    },
  )

  page(
    {
      path: '/dashboard/collections/:id',
      operationId: 'dashboardCollection',
      summary: 'Edit a collection and its products (add: search for products to add)',
      params: IdParam,
      query: z.object({ notice: z.string().max(40).optional(), add: z.string().max(200).optional() }),
    },
    async (owner, { params, query }) =>
      editPage(owner, params.id, {
        notice: noticeText(query.notice),
        search: query.add ?? '',
      }),
  )

  postForm(
    {
      path: '/dashboard/collections/:id',
      operationId: 'dashboardUpdateCollection',
      summary:
        'Save a collection (multipart: name, slug, description, visible, file) as PATCH /stores/v1/collections/{id} does',
      params: IdParam,
      upload: ['multipart/form-data', 'application/x-www-form-urlencoded'],
    },
    async (owner, form, { params }) => {
      const { values, input } = readCollectionForm(form)
      try {
        const file = form.file('file')
        if (file) {
          const bytes = new Uint8Array(await file.arrayBuffer())
          const { media } = await uploadMedia(deps.media, owner.caller, { bytes, fileName: file.name })
          input.mediaIds = [media.id]
        }
        const collection = parseWith(UpdateCollectionBody.shape.collection, input)
        await updateCollection(deps, owner.caller, { id: params.id, collection })
        return seeOther(withNotice(`/dashboard/collections/${params.id}`, 'saved'))
      } catch (error) {
        return editPage(owner, params.id, { values, violations: toRefusal(error), status: 400 })
      }
    },
  )

  for (const [suffix, operationId, summary, removing] of [
    [
      'products',
      'dashboardAddCollectionProducts',
      'Add the checked products to a collection (form: productIds)',
      false,
    ],
    [
      'products/delete',
      'dashboardRemoveCollectionProducts',
      'Remove the checked products from a collection (form: productIds)',
      true,
    ],
  ] as const) {
    postForm(
      {
        path: `/dashboard/collections/:id/${suffix}`,
        operationId,
        summary,
        params: IdParam,
      },
      async (owner, form, { params }) => {
        const productIds = form.texts('productIds')
        if (productIds.length > 0) {
          const body = parseWith(CollectionProductsBody, { productIds })
          const write = removing ? removeProductsFromCollection : addProductsToCollection
          await write(deps, owner.caller, { id: params.id, ...body })
        }
        return seeOther(
          withNotice(`/dashboard/collections/${params.id}`, removing ? 'products-removed' : 'products-added'),
        )
      },
    )
  }

  postForm(
    {
      path: '/dashboard/collections/:id/delete',
      operationId: 'dashboardDeleteCollection',
      summary: 'Delete a collection (as DELETE /stores/v1/collections/{id} does); its products stay',
      params: IdParam,
    },
    async (owner, _form, { params }) => {
      await deleteCollection(deps, owner.caller, params)
      return seeOther(withNotice('/dashboard/collections', 'collection-deleted'))
    },
  )
}
