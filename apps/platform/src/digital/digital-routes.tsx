import { z } from 'zod'
import type { Api } from '../http/api.ts'
import { ApplicationError } from '../http/errors.ts'
import { Id, IdParam } from '../http/validation.ts'
import { Document } from '../pages/document.tsx'
import { renderPage } from '../pages/render-page.tsx'
import type { DigitalDeps } from './digital-deps.ts'
import { assertLinkValid, downloadFile } from './download-file.ts'
import { checkOrderDownloadsLink, DOWNLOAD_FILE_PATH, ORDER_DOWNLOADS_PATH } from './download-links.ts'
import { FILE_TYPES, SECURE_FILE_CONTENT_TYPES } from './file-types.ts'
import { type DownloadableFile, downloadsOfOrders } from './order-downloads.ts'
import { findOrderForDownload } from './secure-file-store.ts'
import {
  addSecureFile,
  MAX_SECURE_FILE_BYTES,
  removeSecureFile,
  secureFilesOfProduct,
} from './secure-files.ts'

/** The path secure files are uploaded to (`/stores/v1/products/<id>/secure-files`): the body limit's. */
export const SECURE_FILE_UPLOAD = /^\/stores\/v1\/products\/[^/]+\/secure-files$/

export const SecureFileSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  fileType: z
    .enum(FILE_TYPES as [string, ...string[]])
    .describe("the spec's FileType, told by the content type"),
  contentType: z.string(),
  sizeInBytes: z.number(),
  createdDate: z.string(),
  url: z
    .string()
    .describe("the merchant's own download link, signed by the platform; refused after urlExpirationDate"),
  urlExpirationDate: z.string().describe('when `url` stops working (ISO 8601)'),
})

/** A signed link's query: its expiry (Unix seconds) and signature; `order` for a buyer's link. */
const LinkQuery = z.object({
  order: Id.optional().describe("the order whose buyer the link is for; absent in the merchant's links"),
  expires: z
    .string()
    .regex(/^[0-9]{1,12}$/, 'must be a Unix time in seconds')
    .transform(Number)
    .describe('when the link stops working (Unix seconds)'),
  signature: z.string().max(200).describe("the platform's signature of the file, the order and the expiry"),
})

const ProductFileParams = z.object({ id: Id, fileId: Id })

/**
 * Digital products (decision 047): the merchant's secure files of a product, the downloads of a signed
 * link, and the page of an order's downloads that the confirmation mail links to.
 */
export function registerDigitalRoutes(api: Api, deps: DigitalDeps) {
  api.route(
    {
      method: 'get',
      path: '/stores/v1/products/:id/secure-files',
      operationId: 'listSecureFiles',
      summary: "A digital product's secure files, each with a download link of the merchant's that expires",
      tag: 'Catalogue (write)',
      auth: 'merchant',
      permission: 'catalogue',
      params: IdParam,
      response: z.object({ secureFiles: z.array(SecureFileSchema) }),
      cacheControl: 'private, no-store',
    },
    async ({ params, caller }) => ({
      secureFiles: await secureFilesOfProduct(deps, caller.siteId, params.id),
    }),
  )

  api.route(
    {
      method: 'post',
      path: '/stores/v1/products/:id/secure-files',
      operationId: 'uploadSecureFile',
      summary: `Add a secure file to a digital product (the raw bytes; \`x-file-name\` names it; at most ${MAX_SECURE_FILE_BYTES} bytes); its FileType comes from the content type: picture, video, document, music or archive, other types are refused (415)`,
      tag: 'Catalogue (write)',
      auth: 'merchant',
      permission: 'catalogue',
      params: IdParam,
      upload: SECURE_FILE_CONTENT_TYPES,
      response: z.object({ secureFile: SecureFileSchema }),
    },
    async ({ params, caller }, c) => ({
      secureFile: await addSecureFile(deps, caller.siteId, params.id, {
        bytes: new Uint8Array(await c.req.arrayBuffer()),
        contentType: (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase(),
        fileName: c.req.header('x-file-name'),
      }),
    }),
  )

  api.route(
    {
      method: 'delete',
      path: '/stores/v1/products/:id/secure-files/:fileId',
      operationId: 'removeSecureFile',
      summary: "Remove a digital product's secure file: every link to it stops working",
      tag: 'Catalogue (write)',
      auth: 'merchant',
      permission: 'catalogue',
      params: ProductFileParams,
      response: z.object({}),
    },
    async ({ params, caller }) => {
      await removeSecureFile(deps, caller.siteId, params.id, params.fileId)
      return {}
    },
  )

  api.route(
    {
      method: 'get',
      path: `${DOWNLOAD_FILE_PATH}/:id`,
      operationId: 'downloadSecureFile',
      summary:
        'Download a secure file through a link the platform signed: 403 DOWNLOAD_LINK_INVALID for an altered link, 410 DOWNLOAD_LINK_EXPIRED after its expiry, 403 DOWNLOAD_NOT_ALLOWED when the order is not paid, canceled or refunded in full, 410 DOWNLOAD_REFUNDED when the line that bought the file was refunded',
      tag: 'Media',
      auth: 'none',
      params: IdParam,
      query: LinkQuery,
      response: z.string().describe('the file bytes, as an attachment'),
    },
    async ({ params, query }, c) =>
      downloadFile(deps, {
        fileId: params.id,
        orderId: query.order,
        expires: query.expires,
        signature: query.signature,
        headOnly: c.req.method === 'HEAD',
      }),
  )

  api.route(
    {
      method: 'get',
      path: `${ORDER_DOWNLOADS_PATH}/:id`,
      operationId: 'hostedOrderDownloads',
      summary:
        "The page of an order's downloads that its confirmation mail links to (signed, expiring): a fresh link to each file",
      tag: 'Hosted pages',
      auth: 'none',
      params: IdParam,
      query: LinkQuery.omit({ order: true }),
      response: z.string().describe('an HTML page'),
    },
    async ({ params, query }) => {
      assertLinkValid(checkOrderDownloadsLink(deps, params.id, query, deps.clock()))
      const order = await findOrderForDownload(deps.db, params.id)
      if (!order) throw new ApplicationError('ORDER_NOT_FOUND', 'There is no such order')
      const lines = [...(await downloadsOfOrders(deps, [order])).values()]
      const files = lines.flatMap((line) => (line.refunded ? [] : line.files))
      const refunded = lines.filter((line) => line.refunded).length
      return renderPage(<OrderDownloadsPage number={order.number} files={files} refunded={refunded} />, {
        headers: { 'referrer-policy': 'no-referrer' },
      })
    },
  )
}

function OrderDownloadsPage(props: { number: string; files: readonly DownloadableFile[]; refunded: number }) {
  const title = `Downloads of order #${props.number}`
  return (
    <Document title={title}>
      <main className="narrow">
        <h1>{title}</h1>
        {props.refunded > 0 ? (
          <p data-refunded-lines={props.refunded}>
            {props.refunded === 1 ? 'An item' : `${props.refunded} items`} of this order{' '}
            {props.refunded === 1 ? 'was' : 'were'} refunded: {props.refunded === 1 ? 'its' : 'their'} files
            can no longer be downloaded.
          </p>
        ) : null}
        {props.files.length === 0 ? (
          props.refunded > 0 ? null : (
            <p>This order has nothing to download: it is not paid, or was canceled or refunded.</p>
          )
        ) : (
          <>
            <ul className="downloads">
              {props.files.map((file) => (
                <li key={file.fileId}>
                  <a href={file.link} rel="noreferrer" download={file.fileName} data-file-id={file.fileId}>
                    {file.fileName}
                  </a>{' '}
                  <span className="muted">({Math.max(1, Math.round(file.sizeInBytes / 1024))} kB)</span>
                </li>
              ))}
            </ul>
            <p className="muted">These links work for a short while: open this page again for new ones.</p>
          </>
        )}
      </main>
    </Document>
  )
}
