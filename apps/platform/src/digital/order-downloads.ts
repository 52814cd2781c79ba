import type { DigitalDeps } from './digital-deps.ts'
import { fileLink } from './download-links.ts'
import type { FileType } from './file-types.ts'
import { listOrderFiles } from './secure-file-store.ts'

/** What an order must be for its files to be downloaded: approved, and paid (a partial refund keeps them). */
export function orderGivesDownloads(order: { status: string; payment_status: string }): boolean {
  return (
    order.status === 'APPROVED' &&
    (order.payment_status === 'PAID' || order.payment_status === 'PARTIALLY_REFUNDED')
  )
}

/** One file an order line bought, with a fresh signed link. */
export interface DownloadableFile {
  fileId: string
  fileName: string
  fileType: FileType
  contentType: string
  sizeInBytes: number
  link: string
  expirationDate: Date
}

/**
 * The files each line of these orders bought, by order line id, each with a link for the order's buyer
 * that lives `lifetimes.pageSeconds` (pages are drawn again for new links). Orders that give no
 * downloads (see `orderGivesDownloads`) have none.
 */
export async function downloadsOfOrders(
  deps: DigitalDeps,
  orders: readonly { id: string; status: string; payment_status: string }[],
): Promise<Map<string, DownloadableFile[]>> {
  const byLine = new Map<string, DownloadableFile[]>()
  const ids = orders.filter(orderGivesDownloads).map((order) => order.id)
  if (ids.length === 0) return byLine
  const expiresAt = new Date(deps.clock().getTime() + deps.lifetimes.pageSeconds * 1000)
  for (const row of await listOrderFiles(deps.db, ids)) {
    const link = fileLink(deps, row.id, { orderId: row.order_id }, expiresAt)
    const files = byLine.get(row.line_id) ?? []
    files.push({
      fileId: row.id,
      fileName: row.file_name,
      fileType: row.file_type,
      contentType: row.content_type,
      sizeInBytes: Number(row.size_bytes),
      link: link.url,
      expirationDate: link.expirationDate,
    })
    byLine.set(row.line_id, files)
  }
  return byLine
}
