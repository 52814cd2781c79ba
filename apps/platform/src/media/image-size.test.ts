import { describe, expect, it } from 'vitest'
import { readImageInfo } from './image-size.ts'

function png(width: number, height: number): Uint8Array {
  const bytes = new Uint8Array(40)
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52])
  new DataView(bytes.buffer).setUint32(16, width)
  new DataView(bytes.buffer).setUint32(20, height)
  return bytes
}

function jpeg(width: number, height: number): Uint8Array {
  // SOI, an APP0 segment of 16 bytes, then SOF0 with the size.
  const app0 = [0xff, 0xe0, 0x00, 0x10, ...new Array(14).fill(0)]
  const sof0 = [
    0xff,
    0xc0,
    0x00,
    0x11,
    0x08,
    height >> 8,
    height & 0xff,
    width >> 8,
    width & 0xff,
    3,
    ...new Array(12).fill(0),
  ]
  return new Uint8Array([0xff, 0xd8, ...app0, ...sof0])
}

describe('readImageInfo', () => {
  it('reads the size of PNG, JPEG, GIF and WebP from their headers', () => {
    expect(readImageInfo(png(640, 480))).toEqual({ contentType: 'image/png', width: 640, height: 480 })
    expect(readImageInfo(jpeg(1024, 768))).toEqual({ contentType: 'image/jpeg', width: 1024, height: 768 })
    const gif = new Uint8Array(32)
    gif.set([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0x20, 0x03, 0x58, 0x02])
    expect(readImageInfo(gif)).toEqual({ contentType: 'image/gif', width: 800, height: 600 })
    const webp = new Uint8Array(32)
    webp.set(
      [...'RIFF'].map((c) => c.charCodeAt(0)),
      0,
    )
    webp.set(
      [...'WEBPVP8X'].map((c) => c.charCodeAt(0)),
      8,
    )
    webp.set([0x1f, 0x03, 0x00, 0x57, 0x02, 0x00], 24)
    expect(readImageInfo(webp)).toEqual({ contentType: 'image/webp', width: 800, height: 600 })
  })

  it('refuses SVG, text, truncated and absurd files', () => {
    expect(
      readImageInfo(
        new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      ),
    ).toBeUndefined()
    expect(
      readImageInfo(new TextEncoder().encode('just some text that is long enough to test')),
    ).toBeUndefined()
    expect(readImageInfo(png(640, 480).subarray(0, 20))).toBeUndefined()
    expect(readImageInfo(png(0, 480))).toBeUndefined()
    expect(readImageInfo(png(100_000, 480))).toBeUndefined()
  })
})
