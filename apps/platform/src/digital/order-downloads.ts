import type { DigitalDeps } from './digital-deps.ts'
import { fileLink } from './download-links.ts'
import type { FileType } from './file-types.ts'
import { listOrderFiles } from './secure-file-store.ts'

/** What the download rules read of an order. */
export interface OrderDownloadFacts {
  id: string
  status: string
  payment_status: string
  /** The order's total and what was refunded of it, minor units as text (bigint). */
  total_minor: string
  refunded_minor: string
}

/** What the download rules read of a digital line (one that bought secure files). */
export interface DigitalLineFacts {
  line_id: string
  quantity: number
  refunded_quantity: number
  /** The line's total, minor units as text (bigint). */
  total_minor: string
}

/**
 * Whether an order's files may be downloaded at all: approved, and paid (a partial refund keeps them,
 * line by line: see `refundedDigitalLines`); unpaid, canceled and fully refunded orders give none.
 */
export function orderGivesDownloads(order: { status: string; payment_status: string }): boolean {
  return (
    order.status === 'APPROVED' &&
    (order.payment_status === 'PAID' || order.payment_status === 'PARTIALLY_REFUNDED')
  )
}

/** Whether an order was paid, refunds aside: its digital lines then either give downloads or were refunded. */
function orderWasPaid(order: { status: string; payment_status: string }): boolean {
  return (
    orderGivesDownloads(order) || (order.status === 'APPROVED' && order.payment_status === 'FULLY_REFUNDED')
  )
}

/**
 * The digital lines of a paid order that were refunded, and so give no downloads (decision 055):
 *
 * - every line, when the order was refunded in full;
 * - a line every unit of which a refund named;
 * - a line the money the shop kept no longer covers. A refund of an amount that names no line is taken
 *   from the rest of the order first (shipping, physical lines: the merchant's kindest reading), then
 *   from the digital lines: the money kept (the total less every refund) is handed to the digital lines
 *   still held in their order, each taking its worth (its total, for the units no refund named), and a
 *   line the money left does not cover is refunded. So 6.00 refunded of a 6.44 order of one digital line
 *   stops it, while a refund of its shipping or of another line does not.
 *
 * `lines` are the order's digital lines in the order's line order (a line may be listed once per file).
 */
export function refundedDigitalLines(
  order: OrderDownloadFacts,
  lines: readonly DigitalLineFacts[],
): Set<string> {
  const refunded = new Set<string>()
  if (order.payment_status === 'FULLY_REFUNDED') {
    for (const line of lines) refunded.add(line.line_id)
    return refunded
  }
  let kept = Number(order.total_minor) - Number(order.refunded_minor)
  const seen = new Set<string>()
  for (const line of lines) {
    if (seen.has(line.line_id)) continue
    seen.add(line.line_id)
    const held = line.quantity - line.refunded_quantity
    if (held <= 0) {
      refunded.add(line.line_id)
      continue
    }
    const worth = line.quantity > 0 ? Math.round((Number(line.total_minor) * held) / line.quantity) : 0
    if (worth > kept) refunded.add(line.line_id)
    else kept -= worth
  }
  return refunded
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

/** What a digital line of a paid order gives: its files with fresh links, or nothing, as it was refunded. */
export type LineDownloads = { refunded: false; files: DownloadableFile[] } | { refunded: true }

/**
 * What each digital line of these orders gives, by order line id: the files it bought, each with a link
 * for the order's buyer that lives `lifetimes.pageSeconds` (pages are drawn again for new links), or
 * `refunded` (see `refundedDigitalLines`). Lines of orders never paid, or canceled, are absent, as are
 * lines that bought no file.
 */
export async function downloadsOfOrders(
  deps: DigitalDeps,
  orders: readonly OrderDownloadFacts[],
): Promise<Map<string, LineDownloads>> {
  const byLine = new Map<string, LineDownloads>()
  const paid = orders.filter(orderWasPaid)
  if (paid.length === 0) return byLine
  const rows = await listOrderFiles(
    deps.db,
    paid.map((order) => order.id),
  )
  const refunded = new Set<string>()
  for (const order of paid)
    for (const lineId of refundedDigitalLines(
      order,
      rows.filter((row) => row.order_id === order.id),
    ))
      refunded.add(lineId)
  const expiresAt = new Date(deps.clock().getTime() + deps.lifetimes.pageSeconds * 1000)
  for (const row of rows) {
    if (refunded.has(row.line_id)) {
      byLine.set(row.line_id, { refunded: true })
      continue
    }
    const link = fileLink(deps, row.id, { orderId: row.order_id }, expiresAt)
    const entry = byLine.get(row.line_id)
    const files = entry && !entry.refunded ? entry.files : []
    files.push({
      fileId: row.id,
      fileName: row.file_name,
      fileType: row.file_type,
      contentType: row.content_type,
      sizeInBytes: Number(row.size_bytes),
      link: link.url,
      expirationDate: link.expirationDate,
    })
    byLine.set(row.line_id, { refunded: false, files })
  }
  return byLine
}
