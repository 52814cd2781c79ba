import type { Db } from '../db/db.ts'
import { queryOne } from '../db/db.ts'
import type { FileType } from './file-types.ts'

/** A secure file of a digital product, without its bytes. */
export interface SecureFileRow {
  id: string
  site_id: string
  product_id: string
  file_name: string
  content_type: string
  file_type: FileType
  /** Bytes, as text (bigint). */
  size_bytes: string
  /** Whether its bytes are in the row (the demo seed's files) rather than the media storage. */
  in_database: boolean
  created_date: Date
}

const COLUMNS = `id, site_id, product_id, file_name, content_type, file_type, size_bytes,
  bytes is not null as in_database, created_date`

/** Where a secure file's bytes live in the media storage: apart from every public media file. */
export function secureFileKey(siteId: string, fileId: string): string {
  return `sites/${siteId}/secure/${fileId}`
}

/** The product's type, if the site has the product. */
export async function findProductType(
  db: Db,
  siteId: string,
  productId: string,
): Promise<'physical' | 'digital' | undefined> {
  const row = await queryOne<{ product_type: 'physical' | 'digital' }>(
    db,
    'select product_type from products where site_id = $1 and id = $2',
    [siteId, productId],
  )
  return row?.product_type
}

/** The product's name and type, if the site has the product. */
export async function findProductSummary(
  db: Db,
  siteId: string,
  productId: string,
): Promise<{ name: string; product_type: 'physical' | 'digital' } | undefined> {
  return queryOne<{ name: string; product_type: 'physical' | 'digital' }>(
    db,
    'select name, product_type from products where site_id = $1 and id = $2',
    [siteId, productId],
  )
}

/** Records a secure file (its bytes already stored, or given here to keep in the row). */
export async function insertSecureFile(
  db: Db,
  file: Omit<SecureFileRow, 'in_database' | 'size_bytes'> & { size_bytes: number; bytes?: Uint8Array },
): Promise<void> {
  await db.query(
    `insert into product_secure_files (id, site_id, product_id, file_name, content_type, file_type, size_bytes,
       bytes, created_date)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      file.id,
      file.site_id,
      file.product_id,
      file.file_name,
      file.content_type,
      file.file_type,
      file.size_bytes,
      file.bytes ?? null,
      file.created_date,
    ],
  )
}

/** A product's secure files, oldest first. */
export async function listSecureFiles(db: Db, siteId: string, productId: string): Promise<SecureFileRow[]> {
  return db.query<SecureFileRow>(
    `select ${COLUMNS} from product_secure_files where site_id = $1 and product_id = $2
     order by created_date, id`,
    [siteId, productId],
  )
}

/** Removes a product's secure file; answers the row removed, if there was one. */
export async function deleteSecureFile(
  db: Db,
  siteId: string,
  productId: string,
  fileId: string,
): Promise<SecureFileRow | undefined> {
  return queryOne<SecureFileRow>(
    db,
    `delete from product_secure_files where site_id = $1 and product_id = $2 and id = $3
     returning ${COLUMNS}`,
    [siteId, productId, fileId],
  )
}

/** A secure file with the bytes kept in its row, if any. */
export async function findSecureFile(
  db: Db,
  fileId: string,
): Promise<(SecureFileRow & { bytes: Uint8Array | null }) | undefined> {
  return queryOne<SecureFileRow & { bytes: Uint8Array | null }>(
    db,
    `select ${COLUMNS}, bytes from product_secure_files where id = $1`,
    [fileId],
  )
}

/** An order whose files may be downloaded, as the download route checks it. */
export interface OrderForDownload {
  id: string
  site_id: string
  status: 'APPROVED' | 'CANCELED'
  payment_status: string
  owner_kind: 'visitor' | 'member'
  owner_id: string
  number: string
  /** The order's total and what was refunded of it (minor units, bigint as text). */
  total_minor: string
  refunded_minor: string
}

/** The order with this id (any site: a signed link names it), with the facts downloading needs. */
export async function findOrderForDownload(db: Db, orderId: string): Promise<OrderForDownload | undefined> {
  return queryOne<OrderForDownload>(
    db,
    `select id, site_id, status, payment_status, owner_kind, owner_id, number::text as number,
            total_minor::text as total_minor, refunded_minor::text as refunded_minor
       from orders where id = $1`,
    [orderId],
  )
}

/** A secure file an order line bought, with the line's units, refunded units and total. */
export interface OrderFileRow extends SecureFileRow {
  order_id: string
  line_id: string
  quantity: number
  refunded_quantity: number
  /** The line's total (minor units, bigint as text). */
  total_minor: string
}

/** The secure files the lines of these orders bought (their products' files now), by line position. */
export async function listOrderFiles(db: Db, orderIds: readonly string[]): Promise<OrderFileRow[]> {
  if (orderIds.length === 0) return []
  return db.query<OrderFileRow>(
    `select l.order_id, l.id as line_id, l.quantity, l.refunded_quantity, l.total_minor::text as total_minor,
            f.id, f.site_id, f.product_id, f.file_name, f.content_type, f.file_type,
            f.size_bytes, f.bytes is not null as in_database, f.created_date
       from order_lines l
       join orders o on o.id = l.order_id
       join product_secure_files f on f.product_id = l.catalog_item_id and f.site_id = o.site_id
      where l.order_id = any($1::uuid[])
      order by l.order_id, l.position, f.created_date, f.id`,
    [orderIds],
  )
}
