import { randomUUID } from 'node:crypto'
import type { MerchantCaller } from '../http/caller.ts'
import { insertStoredMediaFile } from './media-file-store.ts'
import { callStorage, mediaObjectKey, originalFileName } from './media-storage.ts'
import {
  type MediaDeps,
  type MediaUploadInput,
  tooLargeUpload,
  uploadMedia,
  uploadTitle,
} from './media-uploads.ts'
import { toWireVideo } from './media-wire.ts'
import { inspectVideo, looksLikeVideo } from './video-probe.ts'

/** Where the merchant API takes videos: apart from images, for its larger body limit. */
export const VIDEO_UPLOAD_PATH = '/stores/v1/media/videos'

/**
 * The largest video taken, 50 MiB: a minute or two of a product clip at 1080p. The platform transcodes
 * nothing, so what is uploaded is what every shopper downloads; longer films belong on a video host.
 */
export const MAX_VIDEO_BYTES = 50 * 1024 * 1024

/**
 * Uploads a video of the caller's site: recognised by its bytes (MP4 or WebM, whatever the request called
 * it), its picture size read from the container, answered once stored. It has no poster yet: a product
 * takes it with one (`posterMediaId`).
 *
 * @throws ValidationError on `$body` for bytes that are no MP4 or WebM video with a picture track.
 * @throws ApplicationError `PAYLOAD_TOO_LARGE` past `MAX_VIDEO_BYTES`; `MEDIA_STORAGE_UNAVAILABLE`.
 */
export async function uploadVideo(deps: MediaDeps, caller: MerchantCaller, input: MediaUploadInput) {
  const { bytes } = input
  if (bytes.byteLength > MAX_VIDEO_BYTES) throw tooLargeUpload('video', MAX_VIDEO_BYTES)
  const video = inspectVideo(bytes)
  const id = randomUUID()
  const fileName = uploadTitle(input.fileName)
  const key = mediaObjectKey(caller.siteId, id, originalFileName(video.contentType))
  await callStorage(deps.logger, deps.storage, 'upload', () =>
    deps.storage.put(key, bytes, video.contentType),
  )
  const { contentType, width, height, format } = video
  const record = { id, siteId: caller.siteId, contentType, width, height, fileName }
  await insertStoredMediaFile(deps.db, record, deps.clock()).catch(async (error: unknown) => {
    await deps.storage.delete(key).catch(() => {})
    throw error
  })
  return {
    media: {
      id,
      mediaType: 'video' as const,
      title: fileName ?? '',
      ...toWireVideo({ id, width, height, format }, undefined, deps.publicUrl),
    },
  }
}

/**
 * Uploads an image or a video, told apart by the bytes (the dashboard's one file picker), each as its own
 * upload does it. Answers the id, title, kind and the small picture the editor lists (none for a video).
 */
export async function uploadImageOrVideo(deps: MediaDeps, caller: MerchantCaller, input: MediaUploadInput) {
  if (looksLikeVideo(input.bytes)) {
    const { media } = await uploadVideo(deps, caller, input)
    return { id: media.id, title: media.title, mediaType: media.mediaType, thumbnailUrl: '' }
  }
  const { media } = await uploadMedia(deps, caller, input)
  return { id: media.id, title: media.title, mediaType: media.mediaType, thumbnailUrl: media.thumbnail.url }
}
