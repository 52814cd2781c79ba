import { z } from 'zod'
import type { ImageSize } from './image-derivatives.ts'

/** Where a media file is served as uploaded: `${publicUrl}/media/${id}`. */
export function mediaFileUrl(publicUrl: string, fileId: string): string {
  return `${publicUrl}/media/${fileId}`
}

/** Where one derived size of a media file is served: `${publicUrl}/media/${id}/${width}w.webp`. */
export function mediaSizeUrl(publicUrl: string, fileId: string, width: number): string {
  return `${publicUrl}/media/${fileId}/${width}w.webp`
}

/** One derived size of an image on the wire (the spec's resolution: url, width, height, format). */
export const ImageResolutionSchema = z.object({
  url: z.string(),
  width: z.number(),
  height: z.number(),
  format: z.literal('webp'),
})

/** An image on the wire: the file as uploaded, and the sizes derived from it, narrowest first. */
export const WireImageSchema = z.object({
  url: z.string().describe('the file as uploaded; never expires (no urlExpirationDate)'),
  width: z.number(),
  height: z.number(),
  altText: z.string(),
  resolutions: z
    .array(ImageResolutionSchema)
    .describe(
      "WebP copies at 160, 400, 800 and 1600 pixels wide (never wider than the image); an SVG kept by the platform (the demo seed's drawings) is rendered to them on first request",
    ),
})

/** The smallest picture of an image: its narrowest derived size, or the image itself. */
export const WireThumbnailSchema = z.object({
  url: z.string(),
  width: z.number(),
  height: z.number(),
  altText: z.string(),
})

/** What the wire needs to know of a picture. */
export interface Picture extends ImageSize {
  id: string
  altText: string
  /** Its derived sizes, narrowest first (see `derivedSizes`); none or absent for unsized files. */
  sizes?: readonly ImageSize[]
}

/** The `image` and `thumbnail` of a media item: URLs on the platform's own origin, which never expire. */
export function toWireImage(picture: Picture, publicUrl: string) {
  const url = mediaFileUrl(publicUrl, picture.id)
  const resolutions = (picture.sizes ?? []).map((size) => ({
    url: mediaSizeUrl(publicUrl, picture.id, size.width),
    width: size.width,
    height: size.height,
    format: 'webp' as const,
  }))
  const smallest = resolutions[0] ?? { url, width: picture.width, height: picture.height }
  return {
    image: { url, width: picture.width, height: picture.height, altText: picture.altText, resolutions },
    thumbnail: {
      url: smallest.url,
      width: smallest.width,
      height: smallest.height,
      altText: picture.altText,
    },
  }
}
