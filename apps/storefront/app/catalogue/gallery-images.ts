import type { MediaItem } from '@aisle/sdk'
import { type ImageView, toImageView } from '../media/image'
import type { PickableProduct, Selection } from './choice-availability'

/** The most pictures a gallery shows: enough for every view, few enough for one row of thumbnails. */
const MAX_GALLERY_IMAGES = 12

/** The parts of a product its gallery reads: its pictures and the pictures of each choice. */
export interface GalleryProduct extends Pick<PickableProduct, 'name' | 'productOptions'> {
  media?: { mainMedia?: MediaItem; items?: MediaItem[] }
}

/**
 * The pictures the product page's gallery shows, first the one the page leads with: the chosen colour's
 * pictures when a choice with pictures of its own is chosen (so a colour keeps showing that colour),
 * otherwise the product's own, main picture first. Each picture once, images only.
 */
export function toGalleryImages(
  product: GalleryProduct,
  selection: Selection,
  mediaBaseUrl: string,
): ImageView[] {
  const name = product.name ?? ''
  const chosenMedia = (product.productOptions ?? []).flatMap((option) => {
    const chosen = option.choices?.find((choice) => choice.description === selection[option.name ?? ''])
    return chosen?.media?.items ?? []
  })
  const own = [product.media?.mainMedia, ...(product.media?.items ?? [])]
  const media = chosenMedia.some((item) => item?.image?.url) ? chosenMedia : own
  const seen = new Set<string>()
  const images: ImageView[] = []
  for (const item of media) {
    const image = toImageView(item?.image, name, mediaBaseUrl)
    if (!image || seen.has(image.url)) continue
    seen.add(image.url)
    images.push(image)
    if (images.length === MAX_GALLERY_IMAGES) break
  }
  return images
}
