import type { Db } from '../../db/db.ts'
import type { ProductMedia } from '../products/product-store.ts'

/** The columns of a collection a merchant writes. */
export interface CollectionColumns {
  slug: string
  name: string
  description: string
  media: readonly ProductMedia[]
  visible: boolean
}

/** Inserts a collection with this id. */
export async function insertCollection(
  tx: Db,
  siteId: string,
  id: string,
  columns: CollectionColumns,
  now: Date,
): Promise<void> {
  await tx.query(
    `insert into collections (id, site_id, slug, name, description, media, visible, created_date, updated_date)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $8)`,
    [
      id,
      siteId,
      columns.slug,
      columns.name,
      columns.description,
      JSON.stringify(columns.media),
      columns.visible,
      now,
    ],
  )
}

/** Writes every column of a collection. */
export async function updateCollectionRow(
  tx: Db,
  siteId: string,
  id: string,
  columns: CollectionColumns,
  now: Date,
): Promise<void> {
  await tx.query(
    `update collections set name = $3, slug = $4, description = $5, visible = $6, media = $7, updated_date = $8
     where site_id = $1 and id = $2`,
    [
      siteId,
      id,
      columns.name,
      columns.slug,
      columns.description,
      columns.visible,
      JSON.stringify(columns.media),
      now,
    ],
  )
}

/** Deletes a collection (its products stay). Returns whether it existed. */
export async function deleteCollectionRow(tx: Db, siteId: string, id: string): Promise<boolean> {
  const deleted = await tx.query('delete from collections where site_id = $1 and id = $2 returning id', [
    siteId,
    id,
  ])
  return deleted.length > 0
}

/** The ids among these that name products of the site. */
export async function findSiteProductIds(tx: Db, siteId: string, ids: readonly string[]): Promise<string[]> {
  const rows = await tx.query<{ id: string }>(
    'select id from products where site_id = $1 and id = any($2::uuid[])',
    [siteId, ids],
  )
  return rows.map((row) => row.id)
}

/** Puts products in a collection; returns the ids of those that were not in it yet. */
export async function insertCollectionProducts(
  tx: Db,
  siteId: string,
  collectionId: string,
  productIds: readonly string[],
): Promise<string[]> {
  const added = await tx.query<{ product_id: string }>(
    `insert into product_collections (site_id, collection_id, product_id)
     select $1, $2, unnest($3::uuid[]) on conflict do nothing returning product_id`,
    [siteId, collectionId, productIds],
  )
  return added.map((row) => row.product_id)
}

/** Takes products out of a collection; returns the ids of those that were in it. */
export async function deleteCollectionProducts(
  tx: Db,
  collectionId: string,
  productIds: readonly string[],
): Promise<string[]> {
  const removed = await tx.query<{ product_id: string }>(
    'delete from product_collections where collection_id = $1 and product_id = any($2::uuid[]) returning product_id',
    [collectionId, productIds],
  )
  return removed.map((row) => row.product_id)
}

/** Marks a collection as changed now (its products changed, not its own row). */
export async function touchCollection(tx: Db, id: string, now: Date): Promise<void> {
  await tx.query('update collections set updated_date = $2 where id = $1', [id, now])
}
