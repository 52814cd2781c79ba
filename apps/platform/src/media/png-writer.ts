import { deflateSync } from 'node:zlib'

/**
 * A small PNG writer (ISO/IEC 15948) for pictures the platform draws itself, such as a ticket's QR code
 * (decision 075): 8-bit greyscale, no interlace, one IDAT chunk compressed with zlib.
 */

const CRC_TABLE = (() => {
  const table = new Uint32Array(256)
  for (let n = 0; n < 256; n++) {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    table[n] = c >>> 0
  }
  return table
})()

/** The CRC-32 of bytes, as PNG chunks carry it. */
export function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] as number) ^ (crc >>> 8)
  return (crc ^ 0xffffffff) >>> 0
}

function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8)
  head.writeUInt32BE(data.length, 0)
  head.write(type, 4, 'ascii')
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0)
  return Buffer.concat([head, data, crc])
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

/**
 * A black-and-white matrix (`true` is black) as a PNG, each cell `scale` pixels square.
 *
 * @example
 * const png = monochromePng([[true, false], [false, true]], 4) // 8 × 8 pixels
 */
export function monochromePng(matrix: readonly (readonly boolean[])[], scale: number): Buffer {
  const rows = matrix.length
  const columns = matrix[0]?.length ?? 0
  if (rows === 0 || columns === 0 || !Number.isInteger(scale) || scale < 1)
    throw new RangeError('a PNG needs at least one cell and a whole scale of 1 or more')
  const width = columns * scale
  const height = rows * scale
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header[8] = 8 // bit depth
  header[9] = 0 // greyscale
  header[10] = 0 // deflate
  header[11] = 0 // no filter method variant
  header[12] = 0 // no interlace
  // Each scanline: a filter byte (0, none), then one byte a pixel.
  const raw = Buffer.alloc((width + 1) * height)
  for (let y = 0; y < height; y++) {
    const line = (matrix[Math.floor(y / scale)] ?? []) as readonly boolean[]
    const offset = y * (width + 1)
    raw[offset] = 0
    for (let x = 0; x < width; x++) raw[offset + 1 + x] = line[Math.floor(x / scale)] ? 0x00 : 0xff
  }
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ])
}
