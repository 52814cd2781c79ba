import type { DigitalDeps } from './digital-deps.ts'
import type { LinkCheck } from './signed-links.ts'

/** Where a secure file is downloaded. */
export const DOWNLOAD_FILE_PATH = '/downloads/v1/files'
/** The page of an order's downloads that the confirmation mail links to. */
export const ORDER_DOWNLOADS_PATH = '/_downloads'

/** What a file link grants: the file to the holder of the order's link, or to the merchant. */
export type FileGrant = { orderId: string } | { merchant: true }

const fileParts = (fileId: string, grant: FileGrant) =>
  'orderId' in grant ? ['file', fileId, 'order', grant.orderId] : ['file', fileId, 'merchant']
const orderParts = (orderId: string) => ['order-downloads', orderId]

/** A signed, expiring link to one secure file, and when it ends. */
export function fileLink(
  deps: Pick<DigitalDeps, 'signer' | 'publicUrl'>,
  fileId: string,
  grant: FileGrant,
  expiresAt: Date,
): { url: string; expirationDate: Date } {
  const { expires, signature } = deps.signer.sign(fileParts(fileId, grant), expiresAt)
  const query = new URLSearchParams({
    ...('orderId' in grant ? { order: grant.orderId } : {}),
    expires: String(expires),
    signature,
  })
  return {
    url: `${deps.publicUrl}${DOWNLOAD_FILE_PATH}/${fileId}?${query}`,
    expirationDate: new Date(expires * 1000),
  }
}

/** Checks a file link's signature and expiry. */
export function checkFileLink(
  deps: Pick<DigitalDeps, 'signer'>,
  fileId: string,
  grant: FileGrant,
  link: { expires: number; signature: string },
  now: Date,
): LinkCheck {
  return deps.signer.check(fileParts(fileId, grant), link.expires, link.signature, now)
}

/** A signed, expiring link to the page of an order's downloads (for the confirmation mail). */
export function orderDownloadsLink(
  deps: Pick<DigitalDeps, 'signer' | 'publicUrl'>,
  orderId: string,
  expiresAt: Date,
): string {
  const { expires, signature } = deps.signer.sign(orderParts(orderId), expiresAt)
  return `${deps.publicUrl}${ORDER_DOWNLOADS_PATH}/${orderId}?${new URLSearchParams({ expires: String(expires), signature })}`
}

/** Checks an order downloads page link. */
export function checkOrderDownloadsLink(
  deps: Pick<DigitalDeps, 'signer'>,
  orderId: string,
  link: { expires: number; signature: string },
  now: Date,
): LinkCheck {
  return deps.signer.check(orderParts(orderId), link.expires, link.signature, now)
}
