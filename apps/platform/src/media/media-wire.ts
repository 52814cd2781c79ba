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

/** One file of a video on the wire (the spec's video resolution): as uploaded, in its container. */
export const VideoResolutionSchema = z.object({
  url: z.string(),
  width: z.number(),
  height: z.number(),
  format: z.enum(['mp4', 'webm']).describe('the container'),
})

/** A video on the wire (decision 052): its file, and its poster picture. */
export const WireVideoSchema = z.object({
  files: z
    .array(z.object({ url: z.string(), width: z.number(), height: z.number() }))
    .describe("the video's files, as Wix Stores' v1 products list them (the same as resolutions)"),
  resolutions: z
    .array(VideoResolutionSchema)
    .describe('the file as uploaded (one: the platform transcodes nothing); served with HTTP ranges'),
  posters: z
    .array(WireImageSchema)
    .describe(
      "the picture shown before the video plays (one, an image uploaded to the store); absent on an upload's answer, which has none yet",
    ),
  stillFrameMediaId: z.string().describe("the poster's media id").optional(),
})

/** What the wire needs to know of a video file. */
export interface VideoFile extends ImageSize {
  id: string
  format: 'mp4' | 'webm'
}

/**
 * The `video` of a media item, and its `thumbnail` (the poster's) when it has a poster: URLs on the
 * platform's own origin, which never expire, as images' do not.
 */
export function toWireVideo(video: VideoFile, poster: Picture | undefined, publicUrl: string) {
  const file = { url: mediaFileUrl(publicUrl, video.id), width: video.width, height: video.height }
  const picture = poster && toWireImage(poster, publicUrl)
  return {
    video: {
      files: [file],
      resolutions: [{ ...file, format: video.format }],
      posters: picture ? [picture.image] : [],
      ...(poster ? { stillFrameMediaId: poster.id } : {}),
    },
    ...(picture ? { thumbnail: picture.thumbnail } : {}),
  }
}
