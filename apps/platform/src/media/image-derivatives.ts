import sharp, { type Metadata } from 'sharp'
import { type RuleType, ValidationError } from '../http/errors.ts'
import { type ImageInfo, readImageInfo } from './image-size.ts'

/** A picture's size in pixels. */
export interface ImageSize {
  width: number
  height: number
}

/**
 * The widths derived from every uploaded image, never wider than the image. A file's sizes follow from
 * this ladder and its own size alone (`derivedSizes`), so changing the ladder needs each file's sizes
 * recorded first (a column), or old files would be announced in sizes they do not have.
 */
export const DERIVATIVE_WIDTHS = [160, 400, 800, 1600] as const

/** What an upload may cost to decode. */
export interface ImageLimits {
  /** Pixels of one frame (width × height). */
  maxPixels: number
  /** Frames of an animation. */
  maxFrames: number
  /** Pixels of all frames together: what a browser may have to decode to play it. */
  maxAnimationPixels: number
}

/** 50 megapixels (a 48 MP phone photo passes), 200 frames, 50 megapixels of animation. */
export const IMAGE_LIMITS: ImageLimits = {
  maxPixels: 50_000_000,
  maxFrames: 200,
  maxAnimationPixels: 50_000_000,
}

/** An upload that passed the checks: its type, its size as displayed (EXIF orientation applied), frames. */
export interface InspectedImage extends ImageSize {
  contentType: ImageInfo['contentType']
  frames: number
}

/** One derived file: WebP bytes in one of the derived sizes. */
export interface Derivative {
  size: ImageSize
  bytes: Uint8Array
}

const FORMATS: Record<ImageInfo['contentType'], string> = {
  'image/png': 'png',
  'image/jpeg': 'jpeg',
  'image/gif': 'gif',
  'image/webp': 'webp',
}

function refuse(description: string, violatedRule: RuleType = 'FORMAT'): ValidationError {
  return new ValidationError([{ field: '$body', description, violatedRule }])
}

/** A decoder failure as the uploader should read it: too big, or not a decodable image. */
function refusalOf(error: unknown, type: ImageInfo['contentType']): ValidationError {
  const message = error instanceof Error ? error.message : String(error)
  if (/pixel limit/i.test(message)) return refuse('has more pixels than the platform decodes', 'MAX_SIZE')
  return refuse(`could not be decoded as ${FORMATS[type]} (${message})`)
}

const count = (n: number) => n.toLocaleString('en-US')

/**
 * The sizes derived from an image of this size: each width of `DERIVATIVE_WIDTHS` narrower than the
 * image, and the image's own width when it is at most the widest step (a WebP copy of a small image),
 * heights in proportion. Never wider than the image: nothing is upscaled.
 */
export function derivedSizes(width: number, height: number): ImageSize[] {
  const widest = Math.max(...DERIVATIVE_WIDTHS)
  const widths: number[] = DERIVATIVE_WIDTHS.filter((w) => w < width)
  if (width <= widest) widths.push(width)
  return widths.map((w) => ({ width: w, height: Math.max(1, Math.round((height * w) / width)) }))
}

/**
 * Checks an upload before any pixel is decoded: a PNG, JPEG, GIF or WebP by its bytes (never SVG), at
 * most `maxPixels` by its header (decompression bombs stop here), then by the decoder's reading of it
 * (format agrees, frames and animation pixels within the limits). Throws a `ValidationError` on `$body`.
 */
export async function inspectImage(
  bytes: Uint8Array,
  limits: ImageLimits = IMAGE_LIMITS,
): Promise<InspectedImage> {
  const info = readImageInfo(bytes)
  if (!info) throw refuse('must be a PNG, JPEG, GIF or WebP image')
  const pixels = info.width * info.height
  if (pixels > limits.maxPixels)
    throw refuse(
      `is ${info.width}×${info.height} (${count(pixels)} pixels); at most ${count(limits.maxPixels)} pixels are accepted`,
      'MAX_SIZE',
    )
  let metadata: Metadata
  try {
    metadata = await sharp(bytes, { limitInputPixels: limits.maxPixels, failOn: 'error' }).metadata()
  } catch (error) {
    throw refusalOf(error, info.contentType)
  }
  if (metadata.format !== FORMATS[info.contentType])
    throw refuse(`says it is ${FORMATS[info.contentType]} but decodes as ${metadata.format}`)
  const frames = metadata.pages ?? 1
  if (frames > limits.maxFrames)
    throw refuse(
      `is an animation of ${count(frames)} frames; at most ${count(limits.maxFrames)} are accepted`,
      'MAX_SIZE',
    )
  if (frames * pixels > limits.maxAnimationPixels)
    throw refuse(
      `is an animation of ${count(frames * pixels)} pixels in all; at most ${count(limits.maxAnimationPixels)} are accepted`,
      'MAX_SIZE',
    )
  return { contentType: info.contentType, ...metadata.autoOrient, frames }
}

/**
 * Renders the derived sizes of an inspected image as WebP, upright (EXIF orientation applied) and
 * without metadata; an animation gives its first frame. Throws a `ValidationError` when the pixels
 * cannot be decoded (a truncated or corrupt file whose header looked fine).
 */
export async function renderDerivatives(
  bytes: Uint8Array,
  image: InspectedImage,
  limits: ImageLimits = IMAGE_LIMITS,
): Promise<Derivative[]> {
  const options = { limitInputPixels: limits.maxPixels, failOn: 'error', autoOrient: true } as const
  try {
    return await Promise.all(
      derivedSizes(image.width, image.height).map(async (size) => {
        const { data, info } = await sharp(bytes, options)
          .resize(size.width, size.height, { fit: 'fill' })
          .webp({ quality: 80 })
          .toBuffer({ resolveWithObject: true })
        return { size: { width: info.width, height: info.height }, bytes: data }
      }),
    )
  } catch (error) {
    throw refusalOf(error, image.contentType)
  }
}
