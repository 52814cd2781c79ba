import { describe, expect, it } from 'vitest'
import { ValidationError } from '../http/errors.ts'
import { testMp4, testWebm } from './test-videos.ts'
import { inspectVideo, looksLikeVideo } from './video-probe.ts'

const refusalOf = (bytes: Uint8Array) => {
  try {
    inspectVideo(bytes)
  } catch (error) {
    if (error instanceof ValidationError) return error.fieldViolations[0]?.description
    throw error
  }
  return undefined
}

describe('inspectVideo', () => {
  it("reads an MP4's size from its picture track's header, past a sound track and the media data", () => {
    expect(inspectVideo(testMp4({ width: 1280, height: 720 }))).toEqual({
      contentType: 'video/mp4',
      format: 'mp4',
      width: 1280,
      height: 720,
    })
  })

  it("reads a WebM's size from its video track entry", () => {
    expect(inspectVideo(testWebm({ width: 640, height: 360 }))).toEqual({
      contentType: 'video/webm',
      format: 'webm',
      width: 640,
      height: 360,
    })
  })

  it('refuses bytes of another kind whatever they are called: images, HEIF, text, a Matroska file', () => {
    const heif = testMp4({ width: 10, height: 10 })
    heif.set(new TextEncoder().encode('heic'), 8)
    const matroska = testWebm({ width: 10, height: 10 })
    matroska.set(new TextEncoder().encode('matr'), matroska.indexOf(0x77))
    for (const bytes of [
      new Uint8Array([0x89, 0x50, 0x4e, 0x47, 13, 10, 26, 10, 0, 0, 0, 0]),
      heif,
      new TextEncoder().encode('<video>not really</video>'),
      matroska,
      new Uint8Array(0),
    ])
      expect(refusalOf(bytes)).toBe('must be an MP4 or WebM video')
  })

  it('refuses a container with no picture track, and one claiming more than 8192 pixels a side', () => {
    expect(refusalOf(testMp4(null))).toBe('is an MP4 file with no video track')
    expect(refusalOf(testWebm(null))).toBe('is a WebM file with no video track')
    expect(refusalOf(testMp4({ width: 9000, height: 10 }))).toMatch(/at most 8192 pixels a side/)
  })

  it('survives truncated and lying boxes without throwing anything but its refusal', () => {
    const mp4 = testMp4({ width: 320, height: 240 })
    for (let cut = 12; cut < mp4.length; cut += 7) expect(() => refusalOf(mp4.subarray(0, cut))).not.toThrow()
    const lying = new Uint8Array(mp4)
    new DataView(lying.buffer).setUint32(20, 0xffffffff)
    expect(() => refusalOf(lying)).not.toThrow()
    const webm = testWebm({ width: 320, height: 240 })
    for (let cut = 1; cut < webm.length; cut += 5)
      expect(() => refusalOf(webm.subarray(0, cut))).not.toThrow()
  })

  it('tells a video from an image by its first bytes', () => {
    expect(looksLikeVideo(testMp4({ width: 2, height: 2 }))).toBe(true)
    expect(looksLikeVideo(testWebm({ width: 2, height: 2 }))).toBe(true)
    expect(looksLikeVideo(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0, 0, 0]))).toBe(false)
  })
})
