import { randomUUID } from 'node:crypto'
import type { Clock } from '../clock.ts'
import type { Db } from '../db/db.ts'
import type { MerchantCaller } from '../http/caller.ts'
import { ApplicationError } from '../http/errors.ts'
import { type Logger, silentLogger } from '../log.ts'
import { createLimiter } from '../passwords/concurrency-limiter.ts'
import {
  type Derivative,
  IMAGE_LIMITS,
  type ImageLimits,
  inspectImage,
  renderDerivatives,
} from './image-derivatives.ts'
import { insertStoredMediaFile } from './media-file-store.ts'
import { callStorage, type MediaStorage, mediaObjectKey, originalFileName } from './media-storage.ts'
import { toWireImage } from './media-wire.ts'

/** Images decoded at once; the others wait their turn (libvips already uses every core for one). */
const CONCURRENT_DECODES = 2

/** What media uploads and serving need; `createMediaDeps` makes it once per app. */
export interface MediaDeps {
  db: Db
  clock: Clock
  publicUrl: string
  storage: MediaStorage
  logger: Logger
  /** Decoding limits (`IMAGE_LIMITS` by default). */
  limits: ImageLimits
  /** Runs the decodes of every entry point that uploads, a few at a time. */
  decoding: ReturnType<typeof createLimiter>
}

/** The media deps of an app: its one decoding limiter, the default limits and logger where none are given. */
export function createMediaDeps(options: {
  db: Db
  clock: Clock
  publicUrl: string
  storage: MediaStorage
  logger?: Logger | undefined
  limits?: ImageLimits | undefined
}): MediaDeps {
  return {
    ...options,
    logger: options.logger ?? silentLogger,
    limits: options.limits ?? IMAGE_LIMITS,
    decoding: createLimiter(CONCURRENT_DECODES),
  }
}

/** An upload: the file's bytes, and the name it had (kept as the media's title, in plain characters). */
export interface MediaUploadInput {
  bytes: Uint8Array
  fileName?: string | undefined
}

/**
 * The largest image taken, 10 MiB: the body limit of image uploads, checked again for the dashboard's
 * uploads, whose body limit is the videos' (decision 052).
 */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024

/** The normalised refusal of an upload past its kind's limit. */
export function tooLargeUpload(kind: string, limit: number): ApplicationError {
  return new ApplicationError(
    'PAYLOAD_TOO_LARGE',
    `The ${kind} is larger than ${limit / 1024 / 1024} MiB, the most the store takes`,
    { limit },
  )
}

/** An upload's file name as its title: plain characters, at most 100; `null` when none is left. */
export function uploadTitle(fileName: string | undefined): string | null {
  return (fileName ?? '').replace(/[^\w.\- ]/g, '').slice(0, 100) || null
}

interface StoredFile {
  key: string
  bytes: Uint8Array
  contentType: string
}

/** Stores every file or none: when one fails, the ones stored are removed again. */
async function storeAll(storage: MediaStorage, files: StoredFile[]): Promise<void> {
  const results = await Promise.allSettled(files.map((f) => storage.put(f.key, f.bytes, f.contentType)))
  const failure = results.find((r): r is PromiseRejectedResult => r.status === 'rejected')
  if (!failure) return
  await removeAll(storage, files)
  throw failure.reason
}

async function removeAll(storage: MediaStorage, files: StoredFile[]): Promise<void> {
  await Promise.allSettled(files.map((f) => storage.delete(f.key)))
}

/** The upload's files: the original as it came, and each derived size. */
function filesOf(siteId: string, id: string, original: StoredFile, derivatives: Derivative[]): StoredFile[] {
  return [
    { ...original, key: mediaObjectKey(siteId, id, original.key) },
    ...derivatives.map((d) => ({
      key: mediaObjectKey(siteId, id, `${d.size.width}w.webp`),
      bytes: d.bytes,
      contentType: 'image/webp',
    })),
  ]
}

/**
 * Uploads an image of the caller's site: recognised by its bytes (PNG, JPEG, GIF or WebP), its WebP
 * sizes derived, and answered once the original and every size are stored, so each URL in the answer
 * already works. Nothing is kept when any step fails.
 *
 * @throws ValidationError on `$body` for bytes that are no image the platform takes (SVG, a bomb).
 * @throws ApplicationError `PAYLOAD_TOO_LARGE` past `MAX_IMAGE_BYTES`; `MEDIA_STORAGE_UNAVAILABLE` when the storage fails.
 */
export async function uploadMedia(deps: MediaDeps, caller: MerchantCaller, input: MediaUploadInput) {
  const { bytes } = input
  if (bytes.byteLength > MAX_IMAGE_BYTES) throw tooLargeUpload('image', MAX_IMAGE_BYTES)
  const { image, derivatives } = await deps.decoding(async () => {
    const inspected = await inspectImage(bytes, deps.limits)
    return { image: inspected, derivatives: await renderDerivatives(bytes, inspected, deps.limits) }
  })
  const id = randomUUID()
  const fileName = uploadTitle(input.fileName)
  const original = { key: originalFileName(image.contentType), bytes, contentType: image.contentType }
  const files = filesOf(caller.siteId, id, original, derivatives)
  await callStorage(deps.logger, deps.storage, 'upload', () => storeAll(deps.storage, files))
  const { contentType, width, height } = image
  const record = { id, siteId: caller.siteId, contentType, width, height, fileName }
  await insertStoredMediaFile(deps.db, record, deps.clock()).catch(async (error: unknown) => {
    await removeAll(deps.storage, files)
    throw error
  })
  const sizes = derivatives.map((d) => d.size)
  return {
    media: {
      id,
      mediaType: 'image' as const,
      title: fileName ?? '',
      ...toWireImage({ id, width, height, altText: '', sizes }, deps.publicUrl),
    },
  }
}
