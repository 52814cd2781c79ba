import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import { ValidationError } from '../http/errors.ts'
import { derivedSizes, IMAGE_LIMITS, inspectImage, renderDerivatives } from './image-derivatives.ts'

/** A photo-like JPEG: blurred noise, which compresses like a photo rather than like a flat colour. */
async function photo(width: number, height: number, options: { orientation?: number } = {}) {
  const noise = { type: 'gaussian', mean: 120, sigma: 40 } as const
  const image = sharp({ create: { width, height, channels: 3, background: '#4a7', noise } }).blur(4)
  const oriented = options.orientation ? image.withMetadata({ orientation: options.orientation }) : image
  return new Uint8Array(await oriented.jpeg({ quality: 85 }).toBuffer())
}

async function flat(width: number, height: number, format: 'png' | 'gif' = 'png', alpha = false) {
  const background = alpha ? { r: 200, g: 30, b: 30, alpha: 0.5 } : '#c33'
  const image = sharp({ create: { width, height, channels: alpha ? 4 : 3, background } })
  return new Uint8Array(await (format === 'png' ? image.png() : image.gif()).toBuffer())
}

/** An animated GIF of `frames` frames, each unlike the one before (the encoder merges similar ones). */
async function animation(frames: number, width: number, height: number) {
  const pictures = await Promise.all(
    Array.from({ length: frames }, (_, i) =>
      sharp({
        create: {
          width,
          height,
          channels: 3,
          background: { r: i % 2 ? 255 : 0, g: i % 256, b: (i * 3) % 256 },
        },
      })
        .png()
        .toBuffer(),
    ),
  )
  return new Uint8Array(
    await sharp(pictures, { join: { animated: true } })
      .gif()
      .toBuffer(),
  )
}

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(ValidationError)
  return (error as ValidationError).fieldViolations[0]!
}

describe('derivedSizes', () => {
  it('steps down the ladder below the image width and never upscales', () => {
    expect(derivedSizes(2000, 1500)).toEqual([
      { width: 160, height: 120 },
      { width: 400, height: 300 },
      { width: 800, height: 600 },
      { width: 1600, height: 1200 },
    ])
    expect(derivedSizes(1000, 500).map((s) => s.width)).toEqual([160, 400, 800, 1000])
    expect(derivedSizes(1600, 900).map((s) => s.width)).toEqual([160, 400, 800, 1600])
    expect(derivedSizes(120, 90)).toEqual([{ width: 120, height: 90 }])
    expect(derivedSizes(3000, 2)).toEqual([
      { width: 160, height: 1 },
      { width: 400, height: 1 },
      { width: 800, height: 1 },
      { width: 1600, height: 1 },
    ])
  })
})

describe('inspectImage and renderDerivatives', () => {
  let jpeg: Uint8Array
  beforeAll(async () => {
    jpeg = await photo(2000, 1500)
  })

  it('derives WebP files of the ladder sizes from a 2000×1500 JPEG', async () => {
    const image = await inspectImage(jpeg)
    expect(image).toEqual({ contentType: 'image/jpeg', width: 2000, height: 1500, frames: 1 })
    const started = performance.now()
    const derivatives = await renderDerivatives(jpeg, image)
    const elapsed = performance.now() - started
    const described = await Promise.all(
      derivatives.map(async (d) => {
        const meta = await sharp(d.bytes).metadata()
        return {
          ...d.size,
          format: meta.format,
          decoded: `${meta.width}x${meta.height}`,
          bytes: d.bytes.length,
        }
      }),
    )
    expect(described.map(({ bytes: _, ...rest }) => rest)).toEqual([
      { width: 160, height: 120, format: 'webp', decoded: '160x120' },
      { width: 400, height: 300, format: 'webp', decoded: '400x300' },
      { width: 800, height: 600, format: 'webp', decoded: '800x600' },
      { width: 1600, height: 1200, format: 'webp', decoded: '1600x1200' },
    ])
    for (const d of described) expect(d.bytes).toBeLessThan(jpeg.length)
    console.info(
      `derivatives of a 2000x1500 JPEG (${jpeg.length} bytes) in ${elapsed.toFixed(0)} ms:`,
      described.map((d) => `${d.width}x${d.height} ${d.bytes} B`).join(', '),
    )
  })

  it('keeps transparency and makes a full-size WebP of a small PNG', async () => {
    const png = await flat(300, 200, 'png', true)
    const image = await inspectImage(png)
    expect(image).toMatchObject({ contentType: 'image/png', width: 300, height: 200 })
    const derivatives = await renderDerivatives(png, image)
    expect(derivatives.map((d) => d.size)).toEqual([
      { width: 160, height: 107 },
      { width: 300, height: 200 },
    ])
    const meta = await sharp(derivatives[1]!.bytes).metadata()
    expect(meta).toMatchObject({ format: 'webp', hasAlpha: true })
  })

  it('turns a photo upright by its EXIF orientation and records the upright size', async () => {
    const sideways = await photo(300, 200, { orientation: 6 })
    const image = await inspectImage(sideways)
    expect(image).toMatchObject({ width: 200, height: 300 })
    const derivatives = await renderDerivatives(sideways, image)
    expect(derivatives.map((d) => d.size)).toEqual([
      { width: 160, height: 240 },
      { width: 200, height: 300 },
    ])
    expect(await sharp(derivatives[0]!.bytes).metadata()).toMatchObject({ width: 160, height: 240 })
  })

  it('refuses a decompression bomb by its header, before decoding it', async () => {
    // 64 megapixels of one colour: about 200 kB as PNG, 192 MB once decoded.
    const bomb = new Uint8Array(
      await sharp({ create: { width: 8000, height: 8000, channels: 3, background: '#fff' } })
        .png({ compressionLevel: 9 })
        .toBuffer(),
    )
    expect(bomb.length).toBeLessThan(1_000_000)
    const violation = await refusal(inspectImage(bomb))
    expect(violation).toMatchObject({ field: '$body', violatedRule: 'MAX_SIZE' })
    expect(violation.description).toContain('8000×8000 (64,000,000 pixels)')
  })

  it('has the decoder enforce the pixel limit too, whatever the header said', async () => {
    const image = await inspectImage(jpeg)
    const violation = await refusal(renderDerivatives(jpeg, image, { ...IMAGE_LIMITS, maxPixels: 1_000_000 }))
    expect(violation).toMatchObject({
      violatedRule: 'MAX_SIZE',
      description: 'has more pixels than the platform decodes',
    })
  })

  it('refuses a PNG whose header was altered to claim another size', async () => {
    const png = await flat(300, 200)
    const forged = png.slice()
    new DataView(forged.buffer).setUint32(16, 30)
    const violation = await refusal(inspectImage(forged).then((image) => renderDerivatives(forged, image)))
    expect(violation).toMatchObject({ field: '$body', violatedRule: 'FORMAT' })
  })

  it('refuses long animations and animations of too many pixels, and derives the first frame of others', async () => {
    const long = await animation(IMAGE_LIMITS.maxFrames + 1, 4, 4)
    expect(await refusal(inspectImage(long))).toMatchObject({
      violatedRule: 'MAX_SIZE',
      description: `is an animation of ${IMAGE_LIMITS.maxFrames + 1} frames; at most ${IMAGE_LIMITS.maxFrames} are accepted`,
    })
    const heavy = await animation(30, 50, 40)
    expect(await refusal(inspectImage(heavy, { ...IMAGE_LIMITS, maxAnimationPixels: 50_000 }))).toMatchObject(
      { violatedRule: 'MAX_SIZE', description: expect.stringContaining('60,000 pixels in all') },
    )
    const image = await inspectImage(heavy)
    expect(image).toEqual({ contentType: 'image/gif', width: 50, height: 40, frames: 30 })
    const [still] = await renderDerivatives(heavy, image)
    const meta = await sharp(still!.bytes).metadata()
    expect(meta).toMatchObject({ format: 'webp', width: 50, height: 40 })
    expect(meta.pages).toBeUndefined()
  })

  it('refuses SVG and text, and a truncated JPEG whose header looked fine', async () => {
    const svg = new TextEncoder().encode(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    )
    expect(await refusal(inspectImage(svg))).toMatchObject({
      violatedRule: 'FORMAT',
      description: 'must be a PNG, JPEG, GIF or WebP image',
    })
    const truncated = jpeg.subarray(0, Math.floor(jpeg.length / 2))
    const image = await inspectImage(truncated)
    const violation = await refusal(renderDerivatives(truncated, image))
    expect(violation).toMatchObject({ violatedRule: 'FORMAT' })
    expect(violation.description).toMatch(/^could not be decoded as jpeg \(/)
  })
})
