/**
 * Video containers for tests: the boxes and elements the platform reads (MP4 `ftyp` and `moov/trak/tkhd`,
 * WebM's EBML header and `Tracks`), then `padding` bytes standing for the media data. No frame decodes.
 */

function box(type: string, ...content: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const length = 8 + content.reduce((sum, part) => sum + part.length, 0)
  const bytes = new Uint8Array(length)
  new DataView(bytes.buffer).setUint32(0, length)
  bytes.set(new TextEncoder().encode(type), 4)
  let offset = 8
  for (const part of content) {
    bytes.set(part, offset)
    offset += part.length
  }
  return bytes
}

/** A version-0 track header of this picture size (0 × 0 for a sound track). */
function tkhd(width: number, height: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(84)
  const view = new DataView(bytes.buffer)
  view.setUint32(76, width << 16)
  view.setUint32(80, height << 16)
  return bytes
}

/** An MP4 (`isom`) whose first track is a sound track and second a picture of this size. */
export function testMp4(
  size: { width: number; height: number } | null,
  padding = 64,
): Uint8Array<ArrayBuffer> {
  const ftyp = box('ftyp', new TextEncoder().encode('isom\0\0\x02\0isomiso2mp41'))
  const sound = box('trak', box('tkhd', tkhd(0, 0)))
  const tracks = size ? [sound, box('trak', box('tkhd', tkhd(size.width, size.height)))] : [sound]
  return concat(ftyp, box('mdat', new Uint8Array(padding).fill(7)), box('moov', ...tracks))
}

function ebml(id: number[], ...content: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const length = content.reduce((sum, part) => sum + part.length, 0)
  // An eight-byte size: 0x01 then seven bytes.
  const size = [0x01, 0, 0, 0, 0, (length >> 16) & 0xff, (length >> 8) & 0xff, length & 0xff]
  return concat(new Uint8Array([...id, ...size]), ...content)
}

const uint = (value: number) => new Uint8Array([(value >> 8) & 0xff, value & 0xff])

/** A WebM with one video track of this size (or none), and a cluster of unknown size. */
export function testWebm(
  size: { width: number; height: number } | null,
  padding = 64,
): Uint8Array<ArrayBuffer> {
  const header = ebml([0x1a, 0x45, 0xdf, 0xa3], ebml([0x42, 0x82], new TextEncoder().encode('webm')))
  const video = size
    ? [ebml([0xe0], ebml([0xb0], uint(size.width)), ebml([0xba], uint(size.height)))]
    : [ebml([0xe1], ebml([0xb5], uint(48000)))]
  const tracks = ebml([0x16, 0x54, 0xae, 0x6b], ebml([0xae], ebml([0xd7], uint(1)), ...video))
  const cluster = concat(
    new Uint8Array([0x1f, 0x43, 0xb6, 0x75, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]),
    new Uint8Array(padding).fill(7),
  )
  const segment = concat(
    new Uint8Array([0x18, 0x53, 0x80, 0x67, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]),
    tracks,
    cluster,
  )
  return concat(header, segment)
}

function concat(...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0))
  let offset = 0
  for (const part of parts) {
    bytes.set(part, offset)
    offset += part.length
  }
  return bytes
}
