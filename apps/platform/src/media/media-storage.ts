import { ApplicationError } from '../http/errors.ts'
import type { Logger } from '../log.ts'

/** What a storage knows of an object without reading it. */
export interface StoredObjectInfo {
  /** Bytes. */
  size: number
  /** The storage's own version tag of the bytes (quoted, as HTTP ETags are). */
  etag: string
}

/** An object being read: its bytes (or the range asked for) arrive through `body`; `size` is the whole object's. */
export interface StoredObject extends StoredObjectInfo {
  body: ReadableStream<Uint8Array>
}

/** Bytes `start` to `end` of an object, both included (as HTTP ranges count them). */
export interface ByteRange {
  start: number
  end: number
}

/**
 * Where uploaded media files live: a local directory, an S3-compatible bucket, or memory (tests).
 * Keys are slash-separated paths of `[A-Za-z0-9._-]` segments (see `assertMediaKey`). Objects are
 * written once and never changed, which is what lets the platform serve them as immutable.
 */
export interface MediaStorage {
  /** Where the files go, for logs (`local:/srv/aisle/media`, `s3:bucket@endpoint`); never a secret. */
  readonly description: string
  /** Stores the bytes under the key, replacing what was there. */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>
  /**
   * The object, or `undefined` when there is none; with a range (within the object: the caller checked it
   * against `head`), only those bytes.
   */
  get(key: string, range?: ByteRange): Promise<StoredObject | undefined>
  /** The object's size and tag, or `undefined` when there is none. */
  head(key: string): Promise<StoredObjectInfo | undefined>
  /** Removes the object; removing one that is not there is no error. */
  delete(key: string): Promise<void>
}

/** The storage could not do what was asked (unreachable, refused, timed out); the message says which. */
export class MediaStorageError extends Error {
  override name = 'MediaStorageError'
}

const KEY = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/

/**
 * Throws unless the key is a relative path of plain segments: no `..`, no leading dot or slash, no
 * empty segment. Every storage checks it, so no key can leave its directory or bucket prefix.
 */
export function assertMediaKey(key: string): void {
  if (key.length > 512 || !KEY.test(key)) throw new MediaStorageError(`Not a media storage key: "${key}"`)
}

/** Where one file of an uploaded media item lives: `sites/<site>/media/<media id>/<file>`. */
export function mediaObjectKey(siteId: string, mediaId: string, file: string): string {
  return `sites/${siteId}/media/${mediaId}/${file}`
}

const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'video/mp4': 'mp4',
  'video/webm': 'webm',
}

/** The file an upload's original bytes are stored as: `original.png`, `original.jpg`, `original.mp4`... */
export function originalFileName(contentType: string): string {
  return `original.${EXTENSIONS[contentType]}`
}

/**
 * Runs a call to the media storage; when the storage fails (unreachable, refusing, timing out), logs
 * why and answers `503 MEDIA_STORAGE_UNAVAILABLE`: an outage is neither the caller's fault nor an
 * internal error, and the same request may succeed later. Nothing is logged with the bytes.
 *
 * @throws ApplicationError `MEDIA_STORAGE_UNAVAILABLE`, with the storage's error as its cause.
 */
export async function callStorage<T>(
  logger: Logger,
  storage: MediaStorage,
  operation: string,
  call: () => Promise<T>,
): Promise<T> {
  try {
    return await call()
  } catch (error) {
    logger.error('media storage unavailable', {
      operation,
      storage: storage.description,
      error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
    })
    throw new ApplicationError(
      'MEDIA_STORAGE_UNAVAILABLE',
      'The media storage is unavailable; try again later',
      {},
      { cause: error },
    )
  }
}
