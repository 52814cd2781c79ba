import { z } from 'zod'
import type { Api } from '../http/api.ts'
import { ApplicationError, type FieldViolation, ValidationError } from '../http/errors.ts'
import { findAllCollections, findProductPage, getProductForEditing } from './catalogue-lists.ts'
import { renderDashboardPage, seeOther } from './dashboard-layout.tsx'
import type { MerchantApi } from './merchant-api.ts'
import { noticeText, withNotice } from './notices.ts'
import { type DashboardDeps, type Owner, requireOwner, requireOwnerForm } from './owner-session.ts'
import {
  emptyProductForm,
  type ProductFormValues,
  readProductForm,
  readVariantsForm,
  toFormViolations,
  toProductFormValues,
} from './product-form.ts'
import { EditProductPage, NewProductPage, ProductListPage } from './product-pages.tsx'

const Html = z.string().describe('an HTML page')
const page = { tag: 'Dashboard', auth: 'none', response: Html } as const
const IdParam = z.object({ id: z.uuid({ message: 'must be an id (UUID)' }) })

const ListQuery = z.object({
  q: z.string().max(200).optional(),
  collection: z.union([z.uuid(), z.literal('')]).optional(),
  visibility: z.enum(['', 'visible', 'hidden']).optional(),
  stock: z.enum(['', 'in', 'out']).optional(),
  page: z.coerce.number().int().min(1).max(50_000).default(1),
  notice: z.string().max(40).optional(),
})

/** The violations of a refused write, named by form field; other errors go on to the error page. */
function toRefusal(error: unknown): FieldViolation[] {
  if (error instanceof ValidationError) return toFormViolations(error.fieldViolations)
  if (error instanceof ApplicationError && error.code === 'SLUG_TAKEN')
    return [{ field: 'slug', description: error.description, violatedRule: 'VALIDATION' }]
  throw error
}

/** Puts a product in exactly the checked collections, through the collection membership routes. */
async function syncCollections(
  api: MerchantApi,
  productId: string,
  before: readonly string[],
  after: readonly string[],
) {
  const body = { productIds: [productId] }
  for (const id of after.filter((id) => !before.includes(id)))
    await api.call('POST', `/stores/v1/collections/${id}/productIds`, body)
  for (const id of before.filter((id) => !after.includes(id)))
    await api.call('POST', `/stores/v1/collections/${id}/productIds/delete`, body)
}

/** Products: the list, a new product, and editing one with its variants, images and collections. */
export function registerProductPages(api: Api, deps: DashboardDeps) {
  async function editPage(
    owner: Owner,
    id: string,
    options: {
      values?: ProductFormValues
      violations?: FieldViolation[]
      notice?: string | undefined
      status?: number
    } = {},
  ) {
    const [{ product, variants }, collections] = await Promise.all([
      getProductForEditing(owner.api, id),
      findAllCollections(owner.api),
    ])
    return renderDashboardPage(
      <EditProductPage
        owner={owner}
        product={product}
        variants={variants}
        values={options.values ?? toProductFormValues(product)}
        collections={collections}
        violations={options.violations ?? []}
        notice={options.notice}
      />,
      deps,
      options.status,
    )
  }

  api.route(
    {
      ...page,
      method: 'get',
      path: '/dashboard/products',
      operationId: 'dashboardProducts',
      summary: 'The product list: search, filters (collection, visibility, stock) and paging',
      query: ListQuery,
    },
    async ({ query }, c) => {
      const owner = await requireOwner(c, deps)
      const [products, collections] = await Promise.all([
        findProductPage(owner.api, query, query.page),
        findAllCollections(owner.api),
      ])
      return renderDashboardPage(
        <ProductListPage
          owner={owner}
          filters={query}
          page={query.page}
          products={products}
          collections={collections}
          notice={noticeText(query.notice)}
        />,
        deps,
      )
    },
  )

  api.route(
    {
      ...page,
      method: 'get',
      path: '/dashboard/products/new',
      operationId: 'dashboardNewProduct',
      summary: 'The form of a new product',
    },
    async (_input, c) => {
      const owner = await requireOwner(c, deps)
      const collections = await findAllCollections(owner.api)
      return renderDashboardPage(
        <NewProductPage owner={owner} values={emptyProductForm} collections={collections} violations={[]} />,
        deps,
      )
    },
  )

  api.route(
    {
      ...page,
      method: 'post',
      path: '/dashboard/products',
      operationId: 'dashboardCreateProduct',
      summary: 'Create a product from the product form (through POST /stores/v1/products)',
    },
    async (_input, c) => {
      const { owner, form } = await requireOwnerForm(c, deps)
      const { values, input, violations } = readProductForm(form)
      let refused = violations
      if (refused.length === 0) {
        try {
          const { product } = await owner.api.call<{ product: { id: string } }>(
            'POST',
            '/stores/v1/products',
            {
              product: input,
            },
          )
          await syncCollections(owner.api, product.id, [], values.collectionIds)
          return seeOther(withNotice(`/dashboard/products/${product.id}`, 'product-created'))
        } catch (error) {
          refused = toRefusal(error)
        }
      }
      const collections = await findAllCollections(owner.api)
      return renderDashboardPage(
        <NewProductPage owner={owner} values={values} collections={collections} violations={refused} />,
        deps,
        400,
      )
    },
  )

  api.route(
    {
      ...page,
      method: 'get',
      path: '/dashboard/products/:id',
      operationId: 'dashboardProduct',
      summary: 'Edit a product, its variants, images and collections',
      params: IdParam,
      query: z.object({ notice: z.string().max(40).optional() }),
    },
    async ({ params, query }, c) => {
      const owner = await requireOwner(c, deps)
      return editPage(owner, params.id, { notice: noticeText(query.notice) })
    },
  )

  api.route(
    {
      ...page,
      method: 'post',
      path: '/dashboard/products/:id',
      operationId: 'dashboardUpdateProduct',
      summary: 'Save the product form (through PATCH /stores/v1/products/{id} and collection membership)',
      params: IdParam,
    },
    async ({ params }, c) => {
      const { owner, form } = await requireOwnerForm(c, deps)
      const { values, input, violations } = readProductForm(form)
      let refused = violations
      if (refused.length === 0) {
        try {
          const { product } = await owner.api.call<{ product: { collectionIds: string[] } }>(
            'PATCH',
            `/stores/v1/products/${params.id}`,
            { product: input },
          )
          await syncCollections(owner.api, params.id, product.collectionIds, values.collectionIds)
          return seeOther(withNotice(`/dashboard/products/${params.id}`, 'saved'))
        } catch (error) {
          refused = toRefusal(error)
        }
      }
      return editPage(owner, params.id, { values, violations: refused, status: 400 })
    },
  )

  api.route(
    {
      ...page,
      method: 'post',
      path: '/dashboard/products/:id/variants',
      operationId: 'dashboardUpdateVariants',
      summary:
        'Save the variants table: only changed fields (through PATCH /stores/v1/products/{id}/variants)',
      params: IdParam,
    },
    async ({ params }, c) => {
      const { owner, form } = await requireOwnerForm(c, deps)
      const { changes, violations, toRowViolations } = readVariantsForm(form)
      if (violations.length === 0 && changes.length === 0)
        return seeOther(withNotice(`/dashboard/products/${params.id}`, 'variants-unchanged'))
      let refused = violations
      if (refused.length === 0) {
        try {
          await owner.api.call('PATCH', `/stores/v1/products/${params.id}/variants`, { variants: changes })
          return seeOther(withNotice(`/dashboard/products/${params.id}`, 'variants-saved'))
        } catch (error) {
          if (!(error instanceof ValidationError || error instanceof ApplicationError)) throw error
          refused =
            error instanceof ValidationError
              ? toRowViolations(error.fieldViolations)
              : [{ field: 'Variants:', description: error.description, violatedRule: 'VALIDATION' }]
        }
      }
      return editPage(owner, params.id, { violations: refused, status: 400 })
    },
  )

  api.route(
    {
      ...page,
      method: 'post',
      path: '/dashboard/products/:id/media',
      operationId: 'dashboardUploadProductMedia',
      summary: 'Upload an image (multipart: file, choice) and add it to the product, optionally to a choice',
      params: IdParam,
      upload: ['multipart/form-data'],
    },
    async ({ params }, c) => {
      const { owner, form } = await requireOwnerForm(c, deps)
      const file = form.file('file')
      if (!file) {
        return editPage(owner, params.id, {
          violations: [
            { field: 'file', description: 'choose an image file to upload', violatedRule: 'REQUIRED_FIELD' },
          ],
          status: 400,
        })
      }
      const { product } = await getProductForEditing(owner.api, params.id)
      const [optionIndex, choiceIndex] = form.text('choice').split(':').map(Number)
      const option = optionIndex === undefined ? undefined : product.productOptions[optionIndex]
      const choice = choiceIndex === undefined ? undefined : option?.choices[choiceIndex]
      try {
        const media = await owner.api.upload(new Uint8Array(await file.arrayBuffer()), file.name)
        await owner.api.call('POST', `/stores/v1/products/${params.id}/media`, {
          media: [
            {
              mediaId: media.id,
              ...(option && choice ? { choice: { option: option.name, choice: choice.description } } : {}),
            },
          ],
        })
      } catch (error) {
        if (!(error instanceof ValidationError)) throw error
        return editPage(owner, params.id, {
          violations: error.fieldViolations.map((v) => ({
            ...v,
            field: v.field === '$body' ? 'file' : v.field,
          })),
          status: 400,
        })
      }
      return seeOther(withNotice(`/dashboard/products/${params.id}`, 'media-added'))
    },
  )

  api.route(
    {
      ...page,
      method: 'post',
      path: '/dashboard/products/:id/media/delete',
      operationId: 'dashboardRemoveProductMedia',
      summary: 'Remove an image from the product and its choices (form: mediaId)',
      params: IdParam,
    },
    async ({ params }, c) => {
      const { owner, form } = await requireOwnerForm(c, deps)
      await owner.api.call('POST', `/stores/v1/products/${params.id}/media/delete`, {
        mediaIds: [form.text('mediaId')],
      })
      return seeOther(withNotice(`/dashboard/products/${params.id}`, 'media-removed'))
    },
  )

  api.route(
    {
      ...page,
      method: 'post',
      path: '/dashboard/products/:id/choice-media',
      operationId: 'dashboardSaveChoiceMedia',
      summary: 'Set which images each option choice shows (form: choice-{option}:{choice} = media ids)',
      params: IdParam,
    },
    async ({ params }, c) => {
      const { owner, form } = await requireOwnerForm(c, deps)
      const { product } = await getProductForEditing(owner.api, params.id)
      const set: { option: string; choice: string; mediaIds: string[] }[] = []
      const clear: { option: string; choice: string }[] = []
      product.productOptions.forEach((option, optionIndex) => {
        option.choices.forEach((choice, choiceIndex) => {
          const mediaIds = form.texts(`choice-${optionIndex}:${choiceIndex}`)
          const ref = { option: option.name, choice: choice.description }
          if (mediaIds.length > 0) set.push({ ...ref, mediaIds })
          else if (choice.media.items.length > 0) clear.push(ref)
        })
      })
      if (set.length > 0)
        await owner.api.call('PATCH', `/stores/v1/products/${params.id}/choices/media`, { media: set })
      if (clear.length > 0)
        await owner.api.call('POST', `/stores/v1/products/${params.id}/choices/media/delete`, {
          media: clear,
        })
      return seeOther(withNotice(`/dashboard/products/${params.id}`, 'choice-media-saved'))
    },
  )

  api.route(
    {
      ...page,
      method: 'post',
      path: '/dashboard/products/:id/delete',
      operationId: 'dashboardDeleteProduct',
      summary: 'Delete a product (through DELETE /stores/v1/products/{id})',
      params: IdParam,
    },
    async ({ params }, c) => {
      const { owner } = await requireOwnerForm(c, deps)
      await owner.api.call('DELETE', `/stores/v1/products/${params.id}`)
      return seeOther(withNotice('/dashboard/products', 'product-deleted'))
    },
  )
}
