import type { MediaItem } from '@aisle/sdk'
import type { PickableProduct, Selection } from '../catalogue/choice-availability'
import { type ImageView, toImageView, toMediaUrl } from '../media/image'

/** The most pictures a gallery shows: enough for every view, few enough for one row of thumbnails. */
const MAX_GALLERY_IMAGES = 12

/** The parts of a product its gallery reads: its pictures and the pictures of each choice. */
export interface GalleryProduct extends Pick<PickableProduct, 'name' | 'productOptions'> {
  media?: { mainMedia?: MediaItem; items?: MediaItem[] }
}

/** The picture a gallery shows of a media item: an image, or a video's poster with the video to play. */
function toSlide(item: MediaItem | undefined, name: string, mediaBaseUrl: string): ImageView | undefined {
  if (item?.mediaType !== 'video') return toImageView(item?.image, name, mediaBaseUrl)
  const poster = item.video?.posters?.[0]
  const file = item.video?.resolutions?.[0]
  const view = toImageView(poster, name, mediaBaseUrl)
  if (!view || !file?.url) return undefined
  // A poster no wider than the slide needs, where the platform derived one.
  const sized = poster?.resolutions?.find((size) => (size.width ?? 0) >= 800)?.url ?? poster?.url ?? ''
  view.video = {
    url: toMediaUrl(file.url, mediaBaseUrl),
    type: `video/${file.format ?? 'mp4'}`,
    poster: toMediaUrl(sized, mediaBaseUrl),
  }
  return view
}

/**
 * The pictures the product page's gallery shows, first the one the page leads with: the chosen colour's
 * pictures when a choice with pictures of its own is chosen (so a colour keeps showing that colour),
 * otherwise the product's own, main picture first. Each picture once; a video as its poster, to play in place.
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
  const media = chosenMedia.some((item) => item?.image?.url || item?.video) ? chosenMedia : own
  const seen = new Set<string>()
  const images: ImageView[] = []
  for (const item of media) {
    const image = toSlide(item, name, mediaBaseUrl)
    const key = image?.video?.url ?? image?.url
    if (!image || !key || seen.has(key)) continue
    seen.add(key)
    images.push(image)
    if (images.length === MAX_GALLERY_IMAGES) break
  }
  return images
}
