import type { Db } from '../db/db.ts'
import { queryOne } from '../db/db.ts'
import { derivedSizes, type ImageSize } from './image-derivatives.ts'

/**
 * A media file as the platform serves it. Its bytes are either in the row (the demo seed's SVGs, and
 * images uploaded before media storage existed) or, for uploads, in the media storage: the row then
 * holds no bytes (an empty `bytes`, which no real image can be) and the storage holds the original
 * and the derived sizes. An SVG in the row has WebP sizes too, rendered from it when it is seeded (`renderSvgRenditionsAhead`),
 * or on first request when the media storage lacks them.
 */
export interface MediaFile {
  id: string
  siteId: string
  contentType: string
  width: number
  height: number
  /** The bytes kept in the database and their MD5 (hex); `undefined` for a file in the media storage. */
  inDatabase: { bytes: Uint8Array; md5: string } | undefined
  /** The WebP sizes derived from it, narrowest first; none for bitmaps kept in the database. */
  sizes: ImageSize[]
}

/** The facts of a site's media file that products and collections copy when they take it. */
export interface MediaFileSummary {
  id: string
  /** `image/...`, or `video/mp4` and `video/webm` for videos (decision 052). */
  contentType: string
  width: number
  height: number
  fileName: string | null
  sizes: ImageSize[]
}

const SVG = 'image/svg+xml'

/**
 * The WebP sizes a media row has, from the columns `content_type`, `width`, `height` and `in_storage`
 * (`octet_length(bytes) = 0`): an upload's sizes are stored with it; an SVG kept in the row (the seed's
 * drawings) is rendered on demand. For a read that joins a media row to another (a shop's logo).
 */
export function sizesOf(row: {
  in_storage: boolean
  content_type: string
  width: number | null
  height: number | null
}): ImageSize[] {
  // Videos have no derived sizes: they are served as uploaded.
  if (!row.content_type.startsWith('image/')) return []
  const sized = row.in_storage || row.content_type === SVG
  return sized && row.width && row.height ? derivedSizes(row.width, row.height) : []
}

/** Records an upload (image or video) whose files are in the media storage: after they are stored, never before. */
export async function insertStoredMediaFile(
  db: Db,
  file: {
    id: string
    siteId: string
    contentType: string
    width: number
    height: number
    fileName: string | null
  },
  now: Date,
): Promise<void> {
  await db.query(
    `insert into media_files (id, site_id, content_type, bytes, created_date, width, height, file_name)
     values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [file.id, file.siteId, file.contentType, new Uint8Array(0), now, file.width, file.height, file.fileName],
  )
}

/** The media file with this id, from any site (media URLs are public), or `undefined`. */
export async function findMediaFile(db: Db, id: string): Promise<MediaFile | undefined> {
  const row = await queryOne<{
    id: string
    site_id: string
    content_type: string
    width: number | null
    height: number | null
    in_storage: boolean
    bytes: Uint8Array | null
    md5: string
  }>(
    db,
    `select id, site_id, content_type, width, height, octet_length(bytes) = 0 as in_storage,
            case when octet_length(bytes) > 0 then bytes end as bytes, md5(bytes) as md5
       from media_files where id = $1`,
    [id],
  )
  if (!row) return undefined
  return {
    id: row.id,
    siteId: row.site_id,
    contentType: row.content_type,
    width: row.width ?? 0,
    height: row.height ?? 0,
    inDatabase: row.bytes ? { bytes: new Uint8Array(row.bytes), md5: row.md5 } : undefined,
    sizes: sizesOf(row),
  }
}

/**
 * Every SVG kept in the database (the demo seed's drawings, of any site), oldest first, with its bytes:
 * what `renderSvgRenditionsAhead` renders the WebP sizes of.
 */
export async function findSvgMediaFilesInDatabase(db: Db): Promise<MediaFile[]> {
  const rows = await db.query<{
    id: string
    site_id: string
    width: number | null
    height: number | null
    bytes: Uint8Array
    md5: string
  }>(
    `select id, site_id, width, height, bytes, md5(bytes) as md5
       from media_files where content_type = $1 and octet_length(bytes) > 0
      order by created_date, id`,
    [SVG],
  )
  return rows.map((row) => ({
    id: row.id,
    siteId: row.site_id,
    contentType: SVG,
    width: row.width ?? 0,
    height: row.height ?? 0,
    inDatabase: { bytes: new Uint8Array(row.bytes), md5: row.md5 },
    sizes: sizesOf({ in_storage: false, content_type: SVG, width: row.width, height: row.height }),
  }))
}

/** The site's media files among these ids, by id; ids of no file of the site are absent. */
export async function findSiteMediaFiles(
  db: Db,
  siteId: string,
  ids: readonly string[],
): Promise<Map<string, MediaFileSummary>> {
  const rows = await db.query<{
    id: string
    content_type: string
    width: number | null
    height: number | null
    file_name: string | null
    in_storage: boolean
  }>(
    `select id, content_type, width, height, file_name, octet_length(bytes) = 0 as in_storage
       from media_files where site_id = $1 and id = any($2::uuid[])`,
    [siteId, ids],
  )
  return new Map(
    rows.map((row) => [
      row.id,
      {
        id: row.id,
        contentType: row.content_type,
        width: row.width ?? 0,
        height: row.height ?? 0,
        fileName: row.file_name,
        sizes: sizesOf(row),
      },
    ]),
  )
}
