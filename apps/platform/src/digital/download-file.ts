import { ApplicationError } from '../http/errors.ts'
import { callStorage } from '../media/media-storage.ts'
import type { DigitalDeps } from './digital-deps.ts'
import { checkFileLink, type FileGrant } from './download-links.ts'
import { orderGivesDownloads, refundedDigitalLines } from './order-downloads.ts'
import { findOrderForDownload, findSecureFile, listOrderFiles, secureFileKey } from './secure-file-store.ts'
import type { LinkCheck } from './signed-links.ts'

/** What a download request presents: the file, and the signed link's parts. */
export interface DownloadRequest {
  fileId: string
  orderId?: string | undefined
  expires: number
  signature: string
  /** A HEAD request: the headers without the bytes. */
  headOnly?: boolean
}

/** Refuses a link that is not valid: altered or not ours 403, past its expiry 410. */
export function assertLinkValid(check: LinkCheck): void {
  if (check === 'invalid')
    throw new ApplicationError('DOWNLOAD_LINK_INVALID', 'This download link is not valid')
  if (check === 'expired')
    throw new ApplicationError(
      'DOWNLOAD_LINK_EXPIRED',
      'This download link has expired: open your order again for a new one',
    )
}

function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`
}

/**
 * Answers a secure file to the holder of a link the platform signed for it: the merchant's, or an order's
 * whose order is approved and paid and bought the file on a line not refunded. Checked in that order, so an altered link learns
 * nothing of the order; refused with the normalised error, never served from a cache.
 *
 * @throws ApplicationError `DOWNLOAD_LINK_INVALID`, `DOWNLOAD_LINK_EXPIRED`, `DOWNLOAD_NOT_ALLOWED`, `DOWNLOAD_REFUNDED`, `SECURE_FILE_NOT_FOUND`.
 */
export async function downloadFile(deps: DigitalDeps, request: DownloadRequest): Promise<Response> {
  const grant: FileGrant = request.orderId ? { orderId: request.orderId } : { merchant: true }
  assertLinkValid(checkFileLink(deps, request.fileId, grant, request, deps.clock()))
  const file = await findSecureFile(deps.db, request.fileId)
  if (!file)
    throw new ApplicationError('SECURE_FILE_NOT_FOUND', 'This file is no longer offered', {
      fileId: request.fileId,
    })
  if (request.orderId) {
    const order = await findOrderForDownload(deps.db, request.orderId)
    const lines = order && order.site_id === file.site_id ? await listOrderFiles(deps.db, [order.id]) : []
    const buying = lines.filter((row) => row.id === file.id)
    if (!order || !orderGivesDownloads(order) || buying.length === 0)
      throw new ApplicationError(
        'DOWNLOAD_NOT_ALLOWED',
        'This order gives no download of this file (it is not paid, or was canceled or refunded)',
      )
    // Checked at every download, so a refund stops the links already handed out (decision 055).
    const refunded = refundedDigitalLines(order, lines)
    if (buying.every((row) => refunded.has(row.line_id)))
      throw new ApplicationError(
        'DOWNLOAD_REFUNDED',
        'This item was refunded: its files can no longer be downloaded',
      )
  }
  const headers: Record<string, string> = {
    'content-type': file.content_type,
    'content-disposition': attachment(file.file_name),
    'cache-control': 'private, no-store',
    'referrer-policy': 'no-referrer',
    'x-robots-tag': 'noindex',
    // A file opened in the browser must never run script in the platform's origin.
    'content-security-policy': "default-src 'none'; sandbox",
  }
  if (file.bytes) {
    headers['content-length'] = String(file.bytes.byteLength)
    return new Response(request.headOnly ? null : new Uint8Array(file.bytes), { headers })
  }
  const key = secureFileKey(file.site_id, file.id)
  const object: { size: number; body: ReadableStream<Uint8Array> | null } | undefined = await callStorage(
    deps.logger,
    deps.storage,
    'download',
    () =>
      request.headOnly
        ? deps.storage.head(key).then((info) => info && { ...info, body: null })
        : deps.storage.get(key),
  )
  if (!object) {
    deps.logger.warn('secure file missing from the media storage', { id: file.id, key })
    throw new ApplicationError('SECURE_FILE_NOT_FOUND', 'This file is no longer offered', { fileId: file.id })
  }
  headers['content-length'] = String(object.size)
  return new Response(object.body, { headers })
}
