import { z } from 'zod'
import { findProductSummary } from '../../digital/secure-file-store.ts'
import { addSecureFile, removeSecureFile, secureFilesOfProduct } from '../../digital/secure-files.ts'
import type { Api } from '../../http/api.ts'
import { ApplicationError, type FieldViolation, ValidationError } from '../../http/errors.ts'
import { Id, IdParam } from '../../http/validation.ts'
import { DashboardPage, renderDashboardPage, seeOther } from '../dashboard-layout.tsx'
import { PageHeader } from '../kit/page-header.tsx'
import { type NoticeKey, noticeText, withNotice } from '../notices.ts'
import { createDashboardRoutes, NoticeQuery } from '../owner-routes.ts'
import type { DashboardDeps, Owner } from '../session/owner-session.ts'
import { SecureFilesSection, secureFilesPath } from './secure-files-section.tsx'

/** The dashboard posts that carry a secure file: they get the secure files' body limit. */
export const DASHBOARD_SECURE_FILE_UPLOAD = /^\/dashboard\/products\/[^/]+\/secure-files$/

// Application errors the page shows beside the form rather than as an error page.
const SHOWN_CODES = new Set(['SECURE_FILE_TYPE_NOT_ACCEPTED', 'PRODUCT_NOT_DIGITAL'])

/**
 * The dashboard's secure files of a digital product (decision 047): a page of its own at
 * `/dashboard/products/:id/secure-files`, whose section (`SecureFilesSection`) the product editor can
 * include, and the upload and remove posts, which call the domain functions the JSON API calls and
 * return to the `returnTo` the section's forms carry (a path of this product's pages) or to this page.
 */
export function registerSecureFilePages(api: Api, deps: DashboardDeps) {
  const { page, form } = createDashboardRoutes(api, deps)

  async function filesPage(
    owner: Owner,
    productId: string,
    options: { notice?: string | undefined; violations?: FieldViolation[]; status?: number } = {},
  ) {
    const product = await findProductSummary(deps.db, owner.caller.siteId, productId)
    if (!product) throw new ApplicationError('PRODUCT_NOT_FOUND', `Product ${productId} was not found`)
    const files = await secureFilesOfProduct(deps.digital, owner.caller.siteId, productId)
    return renderDashboardPage(
      <DashboardPage
        owner={owner}
        title={`Files of ${product.name}`}
        place="products"
        notice={options.notice}
      >
        <p>
          <a href={`/dashboard/products/${productId}`}>← {product.name}</a>
        </p>
        <PageHeader title={`Files of ${product.name}`} />
        <SecureFilesSection
          productId={productId}
          productType={product.product_type}
          files={files}
          csrfToken={owner.session.csrfToken}
          violations={options.violations ?? []}
        />
      </DashboardPage>,
      deps,
      options.status,
    )
  }

  /** Where a post goes back to: the including page when it is one of this product's, else the files page. */
  function back(productId: string, returnTo: string, notice: NoticeKey) {
    const own = `/dashboard/products/${productId}`
    const safe = returnTo === own || returnTo.startsWith(`${own}/`) || returnTo.startsWith(`${own}?`)
    return seeOther(withNotice(safe ? returnTo : secureFilesPath(productId), notice))
  }

  page(
    {
      path: '/dashboard/products/:id/secure-files',
      operationId: 'dashboardSecureFiles',
      summary: "A digital product's secure files: download, remove, upload",
      params: IdParam,
      query: NoticeQuery,
    },
    async (owner, { params, query }) => filesPage(owner, params.id, { notice: noticeText(query.notice) }),
  )

  form(
    {
      path: '/dashboard/products/:id/secure-files',
      operationId: 'dashboardUploadSecureFile',
      summary: 'Upload a secure file to a digital product (multipart: file)',
      params: IdParam,
      upload: ['multipart/form-data'],
    },
    async (owner, fields, { params }) => {
      const file = fields.file('file')
      const refuse = (violations: FieldViolation[], status: number) =>
        filesPage(owner, params.id, { violations, status })
      if (!file)
        return refuse(
          [{ field: 'file', description: 'choose a file to upload', violatedRule: 'REQUIRED_FIELD' }],
          400,
        )
      try {
        await addSecureFile(deps.digital, owner.caller.siteId, params.id, {
          bytes: new Uint8Array(await file.arrayBuffer()),
          contentType: file.type.split(';')[0]!.trim().toLowerCase(),
          fileName: file.name,
        })
      } catch (error) {
        if (error instanceof ValidationError)
          return refuse(
            error.fieldViolations.map((v) => ({ ...v, field: v.field === '$body' ? 'file' : v.field })),
            400,
          )
        if (error instanceof ApplicationError && SHOWN_CODES.has(error.code))
          return refuse(
            [{ field: 'file', description: error.message, violatedRule: 'VALIDATION' }],
            error.status,
          )
        throw error
      }
      return back(params.id, fields.text('returnTo'), 'secure-file-added')
    },
  )

  form(
    {
      path: '/dashboard/products/:id/secure-files/:fileId/delete',
      operationId: 'dashboardRemoveSecureFile',
      summary: "Remove a digital product's secure file",
      params: z.object({ id: Id, fileId: Id }),
    },
    async (owner, fields, { params }) => {
      await removeSecureFile(deps.digital, owner.caller.siteId, params.id, params.fileId)
      return back(params.id, fields.text('returnTo'), 'secure-file-removed')
    },
  )
}
