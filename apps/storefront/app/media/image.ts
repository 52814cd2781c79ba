/** An image with the intrinsic size the page reserves for it, so nothing shifts while it loads. */
export interface ImageView {
  url: string
  width: number
  height: number
  alt: string
  /** The image's derived sizes as an `srcset` (`url 400w, url 800w`), when the platform made any. */
  srcSet?: string
  /** A video this picture is the poster of: its file, its type, and the poster's size to show before it plays. */
  video?: { url: string; type: string; poster: string }
}

/** One derived size of an image, as the platform lists them (narrowest first). */
export interface ImageResolutionLike {
  url?: string | undefined
  width?: number | undefined
  height?: number | undefined
}

/** The platform's image fields, as catalogue and cart both carry them. */
export interface ImageLike {
  url?: string | undefined
  width?: number | undefined
  height?: number | undefined
  altText?: string | undefined
  /** Derived sizes of the image; older answers and SVG images have none. */
  resolutions?: readonly ImageResolutionLike[] | undefined
}

/**
 * Reshapes a platform image; relative URLs are resolved against the platform that serves the media. Its
 * derived sizes become an `srcset`, so the browser downloads the smallest that fills the space; without any,
 * the single URL is all there is.
 * @returns undefined when there is no image to show.
 */
export function toImageView(
  image: ImageLike | undefined,
  fallbackAlt: string,
  mediaBaseUrl: string,
): ImageView | undefined {
  if (!image?.url) return undefined
  const view: ImageView = {
    url: toMediaUrl(image.url, mediaBaseUrl),
    width: image.width || 600,
    height: image.height || 600,
    alt: image.altText || fallbackAlt,
  }
  const srcSet = toSrcSet(image.resolutions, mediaBaseUrl)
  if (srcSet) view.srcSet = srcSet
  return view
}

/**
 * Writes derived sizes as an `srcset` value, widths ascending; entries without a URL or a positive width are
 * left out, as are URLs that would break the list (a comma or space in them).
 * @returns undefined when no usable size remains.
 */
export function toSrcSet(
  resolutions: readonly ImageResolutionLike[] | undefined,
  mediaBaseUrl: string,
): string | undefined {
  if (!Array.isArray(resolutions)) return undefined
  const candidates = new Map<number, string>()
  for (const resolution of resolutions) {
    const { url, width } = resolution ?? {}
    if (!url || !width || !Number.isInteger(width) || width <= 0 || candidates.has(width)) continue
    const absolute = toMediaUrl(url, mediaBaseUrl)
    if (/[\s,]/.test(absolute)) continue
    candidates.set(width, absolute)
  }
  if (candidates.size === 0) return undefined
  return [...candidates]
    .sort(([a], [b]) => a - b)
    .map(([width, url]) => `${url} ${width}w`)
    .join(', ')
}

/** A media URL as the browser fetches it: relative ones resolved against the platform that serves the media. */
export function toMediaUrl(url: string, mediaBaseUrl: string): string {
  return new URL(url, `${mediaBaseUrl}/`).href
}
