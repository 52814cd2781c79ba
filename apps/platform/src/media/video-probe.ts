import { ValidationError } from '../http/errors.ts'

/** A video the platform accepts for upload, with its picture size read from the container. */
export interface VideoInfo {
  contentType: 'video/mp4' | 'video/webm'
  /** The container, as the wire's `format` names it. */
  format: 'mp4' | 'webm'
  width: number
  height: number
}

/** Most pixels a side of a video may claim: 8K and a little; larger sizes are corrupt headers. */
const MAX_SIDE = 8192

/**
 * MP4 major brands of video files (ISO base media, MPEG-4, DASH, Apple's M4V). HEIF and AVIF images share
 * the `ftyp` box with their own brands (`heic`, `mif1`, `avif`) and are no videos.
 */
const MP4_BRANDS = /^(iso[2-9a-z]|isom|mp4[12v]|avc1|M4V[ P]|dash|mmp4|f4v )$/

const ascii = (bytes: Uint8Array, start: number, length: number) =>
  String.fromCharCode(...bytes.subarray(start, start + length))

function refuse(description: string): ValidationError {
  return new ValidationError([{ field: '$body', description, violatedRule: 'FORMAT' }])
}

/** Each box of `[start, end)`: its four-letter type and where its content lies. */
function* mp4Boxes(view: DataView, start: number, end: number) {
  let offset = start
  while (offset + 8 <= end) {
    let size = view.getUint32(offset)
    const type = ascii(new Uint8Array(view.buffer, view.byteOffset), offset + 4, 4)
    let header = 8
    if (size === 1) {
      if (offset + 16 > end) return
      const large = view.getBigUint64(offset + 8)
      size = large > BigInt(end - offset) ? end - offset : Number(large)
      header = 16
    } else if (size === 0) size = end - offset
    if (size < header || offset + size > end) return
    yield { type, start: offset + header, end: offset + size }
    offset += size
  }
}

/** The picture size of the first track whose header gives one (`moov/trak/tkhd`, 16.16 fixed point). */
function mp4Size(bytes: Uint8Array): { width: number; height: number } | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  for (const moov of mp4Boxes(view, 0, bytes.length)) {
    if (moov.type !== 'moov') continue
    for (const trak of mp4Boxes(view, moov.start, moov.end)) {
      if (trak.type !== 'trak') continue
      for (const tkhd of mp4Boxes(view, trak.start, trak.end)) {
        if (tkhd.type !== 'tkhd') continue
        // Version 1 has 64-bit times: 12 more bytes before the matrix.
        const at = tkhd.start + (view.getUint8(tkhd.start) === 1 ? 88 : 76)
        if (at + 8 > tkhd.end) continue
        const width = view.getUint32(at) >>> 16
        const height = view.getUint32(at + 4) >>> 16
        // Sound tracks have none.
        if (width > 0 && height > 0) return { width, height }
      }
    }
  }
  return undefined
}

/** An EBML variable-length number at `offset`: its length, and its value with (IDs) or without (sizes) the marker. */
function ebmlNumber(bytes: Uint8Array, offset: number, keepMarker: boolean) {
  const first = bytes[offset]
  if (first === undefined || first === 0) return undefined
  const length = Math.clz32(first) - 23
  if (length > 8 || offset + length > bytes.length) return undefined
  let value = keepMarker ? first : first & (0xff >> length)
  let allOnes = value === 0xff >> length
  for (let i = 1; i < length; i++) {
    const byte = bytes[offset + i] ?? 0
    value = value * 256 + byte
    allOnes &&= byte === 0xff
  }
  return { length, value, unknown: !keepMarker && allOnes }
}

/** Each element of `[start, end)`: its ID and where its content lies; an unknown size runs to `end`. */
function* ebmlElements(bytes: Uint8Array, start: number, end: number) {
  let offset = start
  while (offset < end) {
    const id = ebmlNumber(bytes, offset, true)
    if (!id) return
    const size = ebmlNumber(bytes, offset + id.length, false)
    if (!size) return
    const content = offset + id.length + size.length
    const stop = size.unknown ? end : Math.min(end, content + size.value)
    yield { id: id.value, start: content, end: stop }
    offset = stop
  }
}

function ebmlUint(bytes: Uint8Array, start: number, end: number): number {
  let value = 0
  for (let i = start; i < end && i < start + 6; i++) value = value * 256 + (bytes[i] ?? 0)
  return value
}

const EBML = 0x1a45dfa3
const DOC_TYPE = 0x4282
const SEGMENT = 0x18538067
const TRACKS = 0x1654ae6b
const TRACK_ENTRY = 0xae
const VIDEO = 0xe0
const PIXEL_WIDTH = 0xb0
const PIXEL_HEIGHT = 0xba
const CLUSTER = 0x1f43b675

/** Whether the EBML header names the `webm` document type. */
function isWebm(bytes: Uint8Array): boolean {
  const [header] = ebmlElements(bytes, 0, bytes.length)
  if (header?.id !== EBML) return false
  for (const element of ebmlElements(bytes, header.start, header.end))
    if (element.id === DOC_TYPE) return ascii(bytes, element.start, element.end - element.start) === 'webm'
  return false
}

/** The picture size of the first video track (`Segment/Tracks/TrackEntry/Video/PixelWidth, PixelHeight`). */
function webmSize(bytes: Uint8Array): { width: number; height: number } | undefined {
  for (const segment of ebmlElements(bytes, 0, bytes.length)) {
    if (segment.id !== SEGMENT) continue
    for (const top of ebmlElements(bytes, segment.start, segment.end)) {
      // The tracks come before the first cluster; a cluster of unknown size would run to the end.
      if (top.id === CLUSTER) return undefined
      if (top.id !== TRACKS) continue
      for (const entry of ebmlElements(bytes, top.start, top.end)) {
        if (entry.id !== TRACK_ENTRY) continue
        for (const video of ebmlElements(bytes, entry.start, entry.end)) {
          if (video.id !== VIDEO) continue
          let width = 0
          let height = 0
          for (const field of ebmlElements(bytes, video.start, video.end)) {
            if (field.id === PIXEL_WIDTH) width = ebmlUint(bytes, field.start, field.end)
            if (field.id === PIXEL_HEIGHT) height = ebmlUint(bytes, field.start, field.end)
          }
          if (width > 0 && height > 0) return { width, height }
        }
      }
    }
  }
  return undefined
}

/**
 * Recognises an MP4 or WebM video by its bytes, whatever its upload said it was, and reads its picture
 * size from the container (MP4's track header, WebM's track entry), decoding nothing.
 *
 * @throws ValidationError on `$body` for bytes of another kind, a container with no picture track, or a
 *   size past 8192 pixels a side.
 */
export function inspectVideo(bytes: Uint8Array): VideoInfo {
  let info: Omit<VideoInfo, 'width' | 'height'>
  let size: { width: number; height: number } | undefined
  if (bytes.length >= 12 && ascii(bytes, 4, 4) === 'ftyp' && MP4_BRANDS.test(ascii(bytes, 8, 4))) {
    info = { contentType: 'video/mp4', format: 'mp4' }
    size = mp4Size(bytes)
  } else if (isWebm(bytes)) {
    info = { contentType: 'video/webm', format: 'webm' }
    size = webmSize(bytes)
  } else throw refuse('must be an MP4 or WebM video')
  if (!size) throw refuse(`is ${info.format === 'mp4' ? 'an MP4' : 'a WebM'} file with no video track`)
  if (size.width > MAX_SIDE || size.height > MAX_SIDE)
    throw refuse(`is ${size.width}×${size.height}; at most ${MAX_SIDE} pixels a side are accepted`)
  return { ...info, ...size }
}

/** Whether the bytes start as an MP4 or WebM file does (for routing an upload; `inspectVideo` decides). */
export function looksLikeVideo(bytes: Uint8Array): boolean {
  return (bytes.length >= 8 && ascii(bytes, 4, 4) === 'ftyp') || ebmlNumber(bytes, 0, true)?.value === EBML
}
