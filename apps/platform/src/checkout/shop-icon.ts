import type { Db } from '../db/db.ts'
import { queryOne } from '../db/db.ts'
import { ValidationError } from '../http/errors.ts'
import { findMediaFile, type MediaFile } from '../media/media-file-store.ts'
import { mediaFileUrl, mediaSizeUrl } from '../media/media-wire.ts'

/** A picture of the shop (its icon or its logo) as pages name it: the address of a picture of its media, and that picture's size. */
export interface ShopPicture {
  mediaId: string
  url: string
  width: number
  height: number
}

/** The shop's icon as pages name it. */
export type ShopIcon = ShopPicture

/** The pictures a shop has of itself: the column that names each, and the narrowest size worth showing. */
const pictures = {
  /** A 48 px tab icon at a pixel ratio of 2 and more. */
  icon: { column: 'icon_media_id', width: 96, field: 'iconMediaId' },
  /** A header logo at most 48 px high and 240 px wide, at a pixel ratio of 2. */
  logo: { column: 'logo_media_id', width: 480, field: 'logoMediaId' },
} as const

type ShopPictureKind = keyof typeof pictures

/**
 * A picture of the shop, or undefined for none. It is served as the narrowest derived size at least as wide
 * as the picture is shown, or as uploaded when there is none: a favicon of a whole photograph would cost
 * every first visit its megabytes.
 */
async function findShopPicture(
  db: Db,
  siteId: string,
  publicUrl: string,
  kind: ShopPictureKind,
): Promise<ShopPicture | undefined> {
  const { column, width } = pictures[kind]
  const row = await queryOne<{ media_id: string | null }>(
    db,
    `select ${column} as media_id from sites where id = $1`,
    [siteId],
  )
  return row?.media_id ? pictureOfMedia(db, row.media_id, publicUrl, width) : undefined
}

/** A media file as a picture shown `width` wide: its narrowest size at least that wide, else as uploaded. */
async function pictureOfMedia(
  db: Db,
  mediaId: string,
  publicUrl: string,
  width: number,
): Promise<ShopPicture | undefined> {
  const file = await findMediaFile(db, mediaId)
  return file ? pictureOfFile(file, publicUrl, width) : undefined
}

/** A media file already read as a picture shown `width` wide. */
function pictureOfFile(
  file: Pick<MediaFile, 'id' | 'width' | 'height' | 'sizes'>,
  publicUrl: string,
  width: number,
): ShopPicture {
  const size = file.sizes.find((candidate) => candidate.width >= width)
  return size
    ? { mediaId: file.id, url: mediaSizeUrl(publicUrl, file.id, size.width), ...size }
    : { mediaId: file.id, url: mediaFileUrl(publicUrl, file.id), width: file.width, height: file.height }
}

/** The shop's logo when its media id is known (read with the site). */
export function shopLogoOfMedia(
  db: Db,
  mediaId: string,
  publicUrl: string,
): Promise<ShopPicture | undefined> {
  return pictureOfMedia(db, mediaId, publicUrl, pictures.logo.width)
}

/** The shop's logo from its media row read with another (a payment's brand, `paymentBrandOf`). */
export function shopLogoOfFile(
  file: Pick<MediaFile, 'id' | 'width' | 'height' | 'sizes'>,
  publicUrl: string,
): ShopPicture {
  return pictureOfFile(file, publicUrl, pictures.logo.width)
}

/**
 * Makes a picture of the site's media one of the shop's, or with `null` takes it away.
 * @throws ValidationError on `iconMediaId` or `logoMediaId` for an id that is no picture of this site's media.
 */
async function setShopPicture(db: Db, siteId: string, kind: ShopPictureKind, mediaId: string | null) {
  const { column, field } = pictures[kind]
  if (mediaId !== null) {
    const file = await findMediaFile(db, mediaId)
    if (!file || file.siteId !== siteId || !file.contentType.startsWith('image/')) {
      throw new ValidationError([
        { field, description: "must be a picture of the shop's own media", violatedRule: 'VALIDATION' },
      ])
    }
  }
  await db.query(`update sites set ${column} = $2 where id = $1`, [siteId, mediaId])
}

/** The site's icon (set in the dashboard's shop details), or undefined for the default one. */
export function findShopIcon(db: Db, siteId: string, publicUrl: string): Promise<ShopIcon | undefined> {
  return findShopPicture(db, siteId, publicUrl, 'icon')
}

/** Makes a picture of the site's media its icon, or with `null` gives the default icon back. */
export function setShopIcon(db: Db, siteId: string, mediaId: string | null): Promise<void> {
  return setShopPicture(db, siteId, 'icon', mediaId)
}

/** The site's logo, heading its hosted pages beside its name, or undefined when it has none. */
export function findShopLogo(db: Db, siteId: string, publicUrl: string): Promise<ShopPicture | undefined> {
  return findShopPicture(db, siteId, publicUrl, 'logo')
}

/** Makes a picture of the site's media its logo, or with `null` leaves the name alone in the header. */
export function setShopLogo(db: Db, siteId: string, mediaId: string | null): Promise<void> {
  return setShopPicture(db, siteId, 'logo', mediaId)
}
