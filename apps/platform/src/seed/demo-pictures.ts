import type { ProductMedia } from '../catalogue/products/product-store.ts'
import type { Db } from '../db/db.ts'
import { derivedSizes } from '../media/image-derivatives.ts'
import { deterministicId } from './deterministic-id.ts'
import { productPictures } from './pictures/product-art.ts'

/**
 * The size the seed's drawings are announced in. Their WebP sizes (160, 400, 800) are rendered from the
 * SVG on first request (`media/svg-renditions.ts`), so seeding stays as fast as inserting text.
 */
export const DEMO_PICTURE_SIZE = 800

/** A colour choice the pictures are drawn in: its name and its swatch, which is also the cloth's colour. */
export interface PictureColour {
  description: string
  value: string
}

/**
 * Draws a product of the kind `noun` names (in `colour`, or the kind's own colour) and stores each view
 * as an SVG media file of the demo site, in one statement. Returns the media items, front view first.
 */
export async function insertProductPictures(
  db: Db,
  product: {
    siteId: string
    slug: string
    name: string
    noun: string
    colour?: PictureColour
    created: Date
  },
): Promise<ProductMedia[]> {
  const { colour } = product
  const pictures = productPictures(product.noun, colour?.value)
  const key = colour ? `${product.slug}/${colour.description}` : product.slug
  const media = pictures.map((picture) => {
    const altText = `${product.name}${colour ? ` in ${colour.description}` : ''}, ${picture.caption}`
    return {
      id: deterministicId(`demo/media/product/${key}/${picture.view}`),
      title: altText,
      width: DEMO_PICTURE_SIZE,
      height: DEMO_PICTURE_SIZE,
      altText,
      sizes: derivedSizes(DEMO_PICTURE_SIZE, DEMO_PICTURE_SIZE),
    }
  })
  const encoder = new TextEncoder()
  const params: unknown[] = [product.siteId, product.created, DEMO_PICTURE_SIZE]
  const rows = pictures.map((picture, i) => {
    params.push(media[i]!.id, encoder.encode(picture.svg))
    return `($${params.length - 1}::uuid, $1::uuid, 'image/svg+xml', $${params.length}::bytea, $2::timestamptz, $3::int, $3::int)`
  })
  await db.query(
    `insert into media_files (id, site_id, content_type, bytes, created_date, width, height) values ${rows.join(', ')}`,
    params,
  )
  return media
}
