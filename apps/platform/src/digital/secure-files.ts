import { randomUUID } from 'node:crypto'
import { ApplicationError, ValidationError } from '../http/errors.ts'
import { callStorage } from '../media/media-storage.ts'
import type { DigitalDeps } from './digital-deps.ts'
import { fileLink } from './download-links.ts'
import { FILE_TYPES, type FileType, fileTypeOf } from './file-types.ts'
import {
  deleteSecureFile,
  findProductType,
  insertSecureFile,
  listSecureFiles,
  type SecureFileRow,
  secureFileKey,
} from './secure-file-store.ts'

/** The largest secure file taken (bytes): 25 MiB. */
export const MAX_SECURE_FILE_BYTES = 25 * 1024 * 1024
/** How many secure files one product may carry. */
export const MAX_SECURE_FILES_PER_PRODUCT = 10

/** A secure file as the merchant sees it: its facts and a link of their own that expires. */
export interface WireSecureFile {
  id: string
  fileName: string
  fileType: FileType
  contentType: string
  sizeInBytes: number
  createdDate: string
  url: string
  urlExpirationDate: string
}

export { FILE_TYPES }

function toWireSecureFile(deps: DigitalDeps, row: SecureFileRow): WireSecureFile {
  const expiresAt = new Date(deps.clock().getTime() + deps.lifetimes.pageSeconds * 1000)
  const link = fileLink(deps, row.id, { merchant: true }, expiresAt)
  return {
    id: row.id,
    fileName: row.file_name,
    fileType: row.file_type,
    contentType: row.content_type,
    sizeInBytes: Number(row.size_bytes),
    createdDate: new Date(row.created_date).toISOString(),
    url: link.url,
    urlExpirationDate: link.expirationDate.toISOString(),
  }
}

/** A file name kept as plain characters (it goes into `Content-Disposition`), or a name from its type. */
export function cleanFileName(name: string | undefined, fileType: FileType): string {
  const cleaned = (name ?? '')
    .normalize('NFKC')
    .replace(/[^\w.\- ()]/g, '')
    .replace(/^[.\s]+/, '')
    .trim()
    .slice(0, 120)
  return cleaned || `${fileType.replace('SECURE_', '').toLowerCase()}-file`
}

async function requireDigitalProduct(deps: DigitalDeps, siteId: string, productId: string) {
  const type = await findProductType(deps.db, siteId, productId)
  if (!type)
    throw new ApplicationError('PRODUCT_NOT_FOUND', `Product ${productId} was not found`, { productId })
  if (type !== 'digital')
    throw new ApplicationError(
      'PRODUCT_NOT_DIGITAL',
      'Secure files belong to digital products: set the product\'s productType to "digital" first',
      { productId },
    )
}

/** The product's secure files, each with a link for the merchant. */
export async function secureFilesOfProduct(deps: DigitalDeps, siteId: string, productId: string) {
  if (!(await findProductType(deps.db, siteId, productId)))
    throw new ApplicationError('PRODUCT_NOT_FOUND', `Product ${productId} was not found`, { productId })
  const rows = await listSecureFiles(deps.db, siteId, productId)
  return rows.map((row) => toWireSecureFile(deps, row))
}

/**
 * Adds a secure file to a digital product: its FileType told by its content type (picture, video,
 * document, music or archive), its bytes stored in the media storage before the row is written.
 *
 * @throws ApplicationError `SECURE_FILE_TYPE_NOT_ACCEPTED` for any other content type, `PRODUCT_NOT_DIGITAL`.
 * @throws ValidationError on `$body` for an empty file or one over `MAX_SECURE_FILE_BYTES`.
 */
export async function addSecureFile(
  deps: DigitalDeps,
  siteId: string,
  productId: string,
  input: { bytes: Uint8Array; contentType: string; fileName?: string | undefined },
): Promise<WireSecureFile> {
  const fileType = fileTypeOf(input.contentType)
  if (!fileType)
    throw new ApplicationError(
      'SECURE_FILE_TYPE_NOT_ACCEPTED',
      `A secure file is a picture, video, document, music or archive; "${input.contentType || 'no content type'}" is none of them`,
      { contentType: input.contentType },
    )
  if (input.bytes.byteLength === 0)
    throw new ValidationError([
      { field: '$body', description: 'must not be empty', violatedRule: 'MIN_SIZE' },
    ])
  if (input.bytes.byteLength > MAX_SECURE_FILE_BYTES)
    throw new ValidationError([
      {
        field: '$body',
        description: `must be at most ${MAX_SECURE_FILE_BYTES} bytes`,
        violatedRule: 'MAX_SIZE',
      },
    ])
  await requireDigitalProduct(deps, siteId, productId)
  const existing = await listSecureFiles(deps.db, siteId, productId)
  if (existing.length >= MAX_SECURE_FILES_PER_PRODUCT)
    throw new ValidationError([
      {
        field: '$body',
        description: `a product carries at most ${MAX_SECURE_FILES_PER_PRODUCT} secure files`,
        violatedRule: 'MAX_SIZE',
      },
    ])
  const id = randomUUID()
  const key = secureFileKey(siteId, id)
  await callStorage(deps.logger, deps.storage, 'upload', () =>
    deps.storage.put(key, input.bytes, input.contentType),
  )
  const row = {
    id,
    site_id: siteId,
    product_id: productId,
    file_name: cleanFileName(input.fileName, fileType),
    content_type: input.contentType,
    file_type: fileType,
    size_bytes: input.bytes.byteLength,
    created_date: deps.clock(),
  }
  await insertSecureFile(deps.db, row).catch(async (error: unknown) => {
    await deps.storage.delete(key).catch(() => undefined)
    throw error
  })
  return toWireSecureFile(deps, { ...row, size_bytes: String(row.size_bytes), in_database: false })
}

/**
 * Removes a secure file from its product: buyers' links to it stop working at once.
 *
 * @throws ApplicationError `SECURE_FILE_NOT_FOUND`.
 */
export async function removeSecureFile(
  deps: DigitalDeps,
  siteId: string,
  productId: string,
  fileId: string,
): Promise<void> {
  const removed = await deleteSecureFile(deps.db, siteId, productId, fileId)
  if (!removed)
    throw new ApplicationError('SECURE_FILE_NOT_FOUND', `The product has no secure file ${fileId}`, {
      fileId,
    })
  // The row is gone, so no link serves it; a storage that fails to remove the bytes only keeps garbage.
  if (!removed.in_database)
    await deps.storage.delete(secureFileKey(siteId, fileId)).catch((error: unknown) =>
      deps.logger.warn('could not remove a secure file from the media storage', {
        id: fileId,
        error: error instanceof Error ? error.message : String(error),
      }),
    )
}
