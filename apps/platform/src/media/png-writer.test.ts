import { inflateSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { readImageInfo } from './image-size.ts'
import { crc32, monochromePng } from './png-writer.ts'

describe('monochromePng', () => {
  it('computes the CRC-32 PNG chunks carry', () => {
    expect(crc32(Buffer.from('IEND'))).toBe(0xae426082)
    expect(crc32(Buffer.from('123456789'))).toBe(0xcbf43926)
  })

  it('writes a greyscale PNG of the matrix, each cell scale pixels square, black for true', () => {
    const png = monochromePng(
      [
        [true, false],
        [false, true],
      ],
      3,
    )
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    expect(png.toString('ascii', 12, 16)).toBe('IHDR')
    expect(png.readUInt32BE(16)).toBe(6)
    expect(png.readUInt32BE(20)).toBe(6)
    expect(readImageInfo(png)).toMatchObject({ width: 6, height: 6 })
    // Every chunk's CRC is right: length, type, data, CRC, to IEND.
    let offset = 8
    const types: string[] = []
    let idat = Buffer.alloc(0)
    while (offset < png.length) {
      const length = png.readUInt32BE(offset)
      const type = png.toString('ascii', offset + 4, offset + 8)
      const body = png.subarray(offset + 4, offset + 8 + length)
      expect(png.readUInt32BE(offset + 8 + length)).toBe(crc32(body))
      if (type === 'IDAT') idat = Buffer.concat([idat, png.subarray(offset + 8, offset + 8 + length)])
      types.push(type)
      offset += 12 + length
    }
    expect(types).toEqual(['IHDR', 'IDAT', 'IEND'])
    const raw = inflateSync(idat)
    expect(raw.length).toBe(6 * 7)
    expect([...raw.subarray(0, 7)]).toEqual([0, 0, 0, 0, 255, 255, 255])
    expect([...raw.subarray(35, 42)]).toEqual([0, 255, 255, 255, 0, 0, 0])
  })

  it('refuses an empty matrix or a scale that is not a whole number', () => {
    expect(() => monochromePng([], 2)).toThrow(RangeError)
    expect(() => monochromePng([[true]], 1.5)).toThrow(RangeError)
  })
})
