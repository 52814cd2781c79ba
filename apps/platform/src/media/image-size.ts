/** An image format the platform accepts for upload, with its pixel size read from the file header. */
export interface ImageInfo {
  contentType: 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp'
  width: number
  height: number
}

const ascii = (bytes: Uint8Array, start: number, length: number) =>
  String.fromCharCode(...bytes.subarray(start, start + length))

function jpegSize(bytes: Uint8Array): { width: number; height: number } | undefined {
  let offset = 2
  while (offset + 9 < bytes.length) {
    if (bytes[offset] !== 0xff) return undefined
    const marker = bytes[offset + 1] ?? 0
    const length = ((bytes[offset + 2] ?? 0) << 8) | (bytes[offset + 3] ?? 0)
    // Start-of-frame markers carry the size; C4, C8 and CC are other segments in the same range.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      const height = ((bytes[offset + 5] ?? 0) << 8) | (bytes[offset + 6] ?? 0)
      const width = ((bytes[offset + 7] ?? 0) << 8) | (bytes[offset + 8] ?? 0)
      return { width, height }
    }
    if (length < 2) return undefined
    offset += 2 + length
  }
  return undefined
}

function webpSize(bytes: Uint8Array): { width: number; height: number } | undefined {
  const chunk = ascii(bytes, 12, 4)
  const at = (i: number) => bytes[i] ?? 0
  if (chunk === 'VP8 ')
    return { width: ((at(27) << 8) | at(26)) & 0x3fff, height: ((at(29) << 8) | at(28)) & 0x3fff }
  if (chunk === 'VP8L') {
    const bits = at(21) | (at(22) << 8) | (at(23) << 16) | (at(24) << 24)
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 }
  }
  if (chunk === 'VP8X') {
    return {
      width: 1 + (at(24) | (at(25) << 8) | (at(26) << 16)),
      height: 1 + (at(27) | (at(28) << 8) | (at(29) << 16)),
    }
  }
  return undefined
}

/**
 * Recognises PNG, JPEG, GIF and WebP by their signature (never by a declared content type) and reads
 * their size. Anything else, SVG included (it can carry script), is `undefined`.
 */
export function readImageInfo(bytes: Uint8Array): ImageInfo | undefined {
  if (bytes.length < 30) return undefined
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  let info: ImageInfo | undefined
  if (bytes[0] === 0x89 && ascii(bytes, 1, 3) === 'PNG' && ascii(bytes, 12, 4) === 'IHDR') {
    info = { contentType: 'image/png', width: view.getUint32(16), height: view.getUint32(20) }
  } else if (bytes[0] === 0xff && bytes[1] === 0xd8) {
    const size = jpegSize(bytes)
    info = size && { contentType: 'image/jpeg', ...size }
  } else if (ascii(bytes, 0, 4) === 'GIF8') {
    info = { contentType: 'image/gif', width: view.getUint16(6, true), height: view.getUint16(8, true) }
  } else if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') {
    const size = webpSize(bytes)
    info = size && { contentType: 'image/webp', ...size }
  }
  if (!info || info.width <= 0 || info.height <= 0 || info.width > 20_000 || info.height > 20_000)
    return undefined
  return info
}
