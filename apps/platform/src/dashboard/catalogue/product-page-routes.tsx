import { z } from 'zod'
import {
  addProductsToCollection,
  removeProductsFromCollection,
} from '../../catalogue/collections/collection-writes.ts'
import {
  CreateProductBody,
  createProduct,
  deleteProduct,
  UpdateProductBody,
  updateProduct,
} from '../../catalogue/products/merchant-product-writes.ts'
import {
  AddProductMediaBody,
  AddProductMediaToChoicesBody,
  addProductMedia,
  addProductMediaToChoices,
  RemoveProductMediaBody,
  RemoveProductMediaFromChoicesBody,
  removeProductMedia,
  removeProductMediaFromChoices,
} from '../../catalogue/products/product-media-writes.ts'
import { UpdateProductVariantsBody, updateProductVariants } from '../../catalogue/products/variant-writes.ts'
import type { Api } from '../../http/api.ts'
import { ApplicationError, type FieldViolation, ValidationError } from '../../http/errors.ts'
import { IdParam, parseWith } from '../../http/validation.ts'
import { uploadMedia } from '../../media/media-uploads.ts'
import { renderDashboardPage, seeOther } from '../dashboard-layout.tsx'
import { noticeText, withNotice } from '../notices.ts'
import { createDashboardRoutes, NoticeQuery } from '../owner-routes.ts'
import type { DashboardDeps, Owner } from '../session/owner-session.ts'
import { findAllCollections, findProductPage, getProductForEditing } from './catalogue-lists.ts'
import {
  emptyProductForm,
  type ProductFormValues,
  readProductForm,
  readVariantsForm,
  toFormViolations,
  toProductFormValues,
} from './product-form.ts'
import { EditProductPage, NewProductPage, ProductListPage } from './product-pages.tsx'

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

/** Puts a product in exactly the checked collections (ids from the form, checked as the API checks them). */
async function syncCollections(
  deps: DashboardDeps,
  owner: Owner,
  productId: string,
  before: readonly string[],
  after: readonly string[],
) {
  const membership = (id: string) => ({ ...parseWith(IdParam, { id }), productIds: [productId] })
  for (const id of after.filter((id) => !before.includes(id)))
    await addProductsToCollection(deps, owner.caller, membership(id))
  for (const id of before.filter((id) => !after.includes(id)))
    await removeProductsFromCollection(deps, owner.caller, membership(id))
}

/** Products: the list, a new product, and editing one with its variants, images and collections. */
export function registerProductPages(api: Api, deps: DashboardDeps) {
  const { page, form: postForm } = createDashboardRoutes(api, deps)

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
      getProductForEditing(deps, owner.caller, id),
      findAllCollections(deps, owner.caller),
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

  page(
    {
      path: '/dashboard/products',
      operationId: 'dashboardProducts',
      summary: 'The product list: search, filters (collection, visibility, stock) and paging',
      query: ListQuery,
    },
    async (owner, { query }) => {
      const [products, collections] = await Promise.all([
        findProductPage(deps, owner.caller, query, query.page),
        findAllCollections(deps, owner.caller),
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

  page(
    {
      path: '/dashboard/products/new',
      operationId: 'dashboardNewProduct',
      summary: 'The form of a new product',
    },
    async (owner) => {
      const collections = await findAllCollections(deps, owner.caller)
      return renderDashboardPage(
        <NewProductPage owner={owner} values={emptyProductForm} collections={collections} violations={[]} />,
        deps,
      )
    },
  )

  postForm(
    {
      path: '/dashboard/products',
      operationId: 'dashboardCreateProduct',
      summary: 'Create a product from the product form (as POST /stores/v1/products does)',
    },
    async (owner, form) => {
      const { values, input, violations } = readProductForm(form)
      let refused = violations
      if (refused.length === 0) {
        try {
          const body = parseWith(CreateProductBody, { product: input })
          const { product } = await createProduct(deps, owner.caller, body)
          await syncCollections(deps, owner, product.id, [], values.collectionIds)
          return seeOther(withNotice(`/dashboard/products/${product.id}`, 'product-created'))
        } catch (error) {
          refused = toRefusal(error)
        }
      }
      const collections = await findAllCollections(deps, owner.caller)
      return renderDashboardPage(
        <NewProductPage owner={owner} values={values} collections={collections} violations={refused} />,
        deps,
        400,
      )
    },
  )

  page(
    {
      path: '/dashboard/products/:id',
      operationId: 'dashboardProduct',
      summary: 'Edit a product, its variants, images and collections',
      params: IdParam,
      query: NoticeQuery,
    },
    async (owner, { params, query }) => {
      return editPage(owner, params.id, { notice: noticeText(query.notice) })
    },
  )

  postForm(
    {
      path: '/dashboard/products/:id',
      operationId: 'dashboardUpdateProduct',
      summary: 'Save the product form (as PATCH /stores/v1/products/{id} and collection membership do)',
      params: IdParam,
    },
    async (owner, form, { params }) => {
      const { values, input, violations } = readProductForm(form)
      let refused = violations
      if (refused.length === 0) {
        try {
          const body = parseWith(UpdateProductBody, { product: input })
          const { product } = await updateProduct(deps, owner.caller, { id: params.id, ...body })
          await syncCollections(deps, owner, params.id, product.collectionIds, values.collectionIds)
          return seeOther(withNotice(`/dashboard/products/${params.id}`, 'saved'))
        } catch (error) {
          refused = toRefusal(error)
        }
      }
      return editPage(owner, params.id, { values, violations: refused, status: 400 })
    },
  )

  postForm(
    {
      path: '/dashboard/products/:id/variants',
      operationId: 'dashboardUpdateVariants',
      summary:
        'Save the variants table: only changed fields (as PATCH /stores/v1/products/{id}/variants does)',
      params: IdParam,
    },
    async (owner, form, { params }) => {
      const { changes, violations, toRowViolations } = readVariantsForm(form)
      if (violations.length === 0 && changes.length === 0)
        return seeOther(withNotice(`/dashboard/products/${params.id}`, 'variants-unchanged'))
      let refused = violations
      if (refused.length === 0) {
        try {
          const body = parseWith(UpdateProductVariantsBody, { variants: changes })
          await updateProductVariants(deps, owner.caller, { id: params.id, ...body })
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

  postForm(
    {
      path: '/dashboard/products/:id/media',
      operationId: 'dashboardUploadProductMedia',
      summary: 'Upload an image (multipart: file, choice) and add it to the product, optionally to a choice',
      params: IdParam,
      upload: ['multipart/form-data'],
    },
    async (owner, form, { params }) => {
      const file = form.file('file')
      if (!file) {
        return editPage(owner, params.id, {
          violations: [
            { field: 'file', description: 'choose an image file to upload', violatedRule: 'REQUIRED_FIELD' },
          ],
          status: 400,
        })
      }
      const { product } = await getProductForEditing(deps, owner.caller, params.id)
      const [optionIndex, choiceIndex] = form.text('choice').split(':').map(Number)
      const option = optionIndex === undefined ? undefined : product.productOptions[optionIndex]
      const choice = choiceIndex === undefined ? undefined : option?.choices[choiceIndex]
      try {
        const bytes = new Uint8Array(await file.arrayBuffer())
        const { media } = await uploadMedia(deps.media, owner.caller, { bytes, fileName: file.name })
        const ref = option && choice ? { choice: { option: option.name, choice: choice.description } } : {}
        const body = parseWith(AddProductMediaBody, { media: [{ mediaId: media.id, ...ref }] })
        await addProductMedia(deps, owner.caller, { id: params.id, ...body })
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

  postForm(
    {
      path: '/dashboard/products/:id/media/delete',
      operationId: 'dashboardRemoveProductMedia',
      summary: 'Remove an image from the product and its choices (form: mediaId)',
      params: IdParam,
    },
    async (owner, form, { params }) => {
      const body = parseWith(RemoveProductMediaBody, { mediaIds: [form.text('mediaId')] })
      await removeProductMedia(deps, owner.caller, { id: params.id, ...body })
      return seeOther(withNotice(`/dashboard/products/${params.id}`, 'media-removed'))
    },
  )

  postForm(
    {
      path: '/dashboard/products/:id/choice-media',
      operationId: 'dashboardSaveChoiceMedia',
      summary: 'Set which images each option choice shows (form: choice-{option}:{choice} = media ids)',
      params: IdParam,
    },
    async (owner, form, { params }) => {
      const { product } = await getProductForEditing(deps, owner.caller, params.id)
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
      if (set.length > 0) {
        const body = parseWith(AddProductMediaToChoicesBody, { media: set })
        await addProductMediaToChoices(deps, owner.caller, { id: params.id, ...body })
      }
      if (clear.length > 0) {
        const body = parseWith(RemoveProductMediaFromChoicesBody, { media: clear })
        await removeProductMediaFromChoices(deps, owner.caller, { id: params.id, ...body })
      }
      return seeOther(withNotice(`/dashboard/products/${params.id}`, 'choice-media-saved'))
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
