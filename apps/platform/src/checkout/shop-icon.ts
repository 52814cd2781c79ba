import type { Db } from '../db/db.ts'
import { queryOne } from '../db/db.ts'
import { ValidationError } from '../http/errors.ts'
import { findMediaFile } from '../media/media-file-store.ts'
import { mediaFileUrl, mediaSizeUrl } from '../media/media-wire.ts'

/** The shop's icon as pages name it: the address of a picture of its media, and that picture's size. */
export interface ShopIcon {
  mediaId: string
  url: string
  width: number
  height: number
}

/** The narrowest size worth a favicon on any screen (a 48 px tab icon at a pixel ratio of 2 and more). */
const ICON_WIDTH = 96

/**
 * The site's icon (set in the dashboard's shop details), or undefined for the default one. It is served as
 * the narrowest derived size at least `ICON_WIDTH` wide, or as uploaded when there is none: a favicon of a
 * whole photograph would cost every first visit its megabytes.
 */
export async function findShopIcon(db: Db, siteId: string, publicUrl: string): Promise<ShopIcon | undefined> {
  const row = await queryOne<{ icon_media_id: string | null }>(
    db,
    'select icon_media_id from sites where id = $1',
    [siteId],
  )
  if (!row?.icon_media_id) return undefined
  const file = await findMediaFile(db, row.icon_media_id)
  if (!file) return undefined
  const size = file.sizes.find((candidate) => candidate.width >= ICON_WIDTH)
  return size
    ? { mediaId: file.id, url: mediaSizeUrl(publicUrl, file.id, size.width), ...size }
    : { mediaId: file.id, url: mediaFileUrl(publicUrl, file.id), width: file.width, height: file.height }
}

/**
 * Makes a picture of the site's media its icon, or with `null` gives the default icon back.
 * @throws ValidationError on `iconMediaId` for an id that is no picture of this site's media.
 */
export async function setShopIcon(db: Db, siteId: string, mediaId: string | null): Promise<void> {
  if (mediaId !== null) {
    const file = await findMediaFile(db, mediaId)
    if (!file || file.siteId !== siteId || !file.contentType.startsWith('image/')) {
      throw new ValidationError([
        {
          field: 'iconMediaId',
          description: "must be a picture of the shop's own media",
          violatedRule: 'VALIDATION',
        },
      ])
    }
  }
  await db.query('update sites set icon_media_id = $2 where id = $1', [siteId, mediaId])
}
