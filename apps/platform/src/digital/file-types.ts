/** The spec's FileType of a secure file (UNSPECIFIED is never stored). */
export type FileType =
  | 'SECURE_PICTURE'
  | 'SECURE_VIDEO'
  | 'SECURE_DOCUMENT'
  | 'SECURE_MUSIC'
  | 'SECURE_ARCHIVE'

export const FILE_TYPES: readonly FileType[] = [
  'SECURE_PICTURE',
  'SECURE_VIDEO',
  'SECURE_DOCUMENT',
  'SECURE_MUSIC',
  'SECURE_ARCHIVE',
]

// Documents and archives by their exact types; pictures, video and music by their top-level type.
const DOCUMENTS = new Set([
  'application/pdf',
  'application/epub+zip',
  'application/rtf',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.ms-excel',
  'application/vnd.ms-powerpoint',
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.spreadsheet',
  'text/plain',
  'text/csv',
  'text/markdown',
])
const ARCHIVES = new Set([
  'application/zip',
  'application/x-zip-compressed',
  'application/x-7z-compressed',
  'application/vnd.rar',
  'application/x-rar-compressed',
  'application/x-tar',
  'application/gzip',
  'application/x-gzip',
])

/** The content types a secure file may have, for the OpenAPI document. */
export const SECURE_FILE_CONTENT_TYPES: readonly string[] = [
  'image/*',
  'video/*',
  'audio/*',
  ...DOCUMENTS,
  ...ARCHIVES,
]

/** The bare, lower-case media type of a `Content-Type` header: no parameters. */
export function bareContentType(header: string | undefined): string {
  return (header ?? '').split(';')[0]!.trim().toLowerCase()
}

/**
 * The FileType of a file of this content type (picture, video, music, document or archive), or
 * `undefined` for any other: an SVG is refused too, as a picture that can carry script.
 */
export function fileTypeOf(contentType: string): FileType | undefined {
  if (!/^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/.test(contentType)) return undefined
  if (contentType === 'image/svg+xml') return undefined
  if (contentType.startsWith('image/')) return 'SECURE_PICTURE'
  if (contentType.startsWith('video/')) return 'SECURE_VIDEO'
  if (contentType.startsWith('audio/')) return 'SECURE_MUSIC'
  if (DOCUMENTS.has(contentType)) return 'SECURE_DOCUMENT'
  if (ARCHIVES.has(contentType)) return 'SECURE_ARCHIVE'
  return undefined
}
