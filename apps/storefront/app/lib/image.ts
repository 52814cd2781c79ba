/** An image with the intrinsic size the page reserves for it, so nothing shifts while it loads. */
export interface ImageView {
  url: string
  width: number
  height: number
  alt: string
}

/** The platform's image fields, as catalogue and cart both carry them. */
export interface ImageLike {
  url?: string | undefined
  width?: number | undefined
  height?: number | undefined
  altText?: string | undefined
}

/**
 * Reshapes a platform image; relative URLs are resolved against the platform that serves the media.
 * @returns undefined when there is no image to show.
 */
export function toImageView(
  image: ImageLike | undefined,
  fallbackAlt: string,
  mediaBaseUrl: string,
): ImageView | undefined {
  if (!image?.url) return undefined
  return {
    url: new URL(image.url, `${mediaBaseUrl}/`).href,
    width: image.width || 600,
    height: image.height || 600,
    alt: image.altText || fallbackAlt,
  }
}
