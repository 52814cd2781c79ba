import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { DRAWN_NOUNS, productKind, productPictures } from './product-art.ts'

describe('productPictures', () => {
  it('draws every kind in at least three views, the same bytes each time', () => {
    for (const noun of DRAWN_NOUNS) {
      const pictures = productPictures(noun)
      expect(pictures.length, noun).toBeGreaterThanOrEqual(3)
      expect(new Set(pictures.map((p) => p.view)).size, noun).toBe(pictures.length)
      expect(productPictures(noun)).toEqual(pictures)
    }
  })

  it('draws a product in the colour it is given, and in its kind’s own colour otherwise', () => {
    const own = productKind('Tee')!.colour
    expect(productPictures('Tee')[0]!.svg).toContain(own)
    const red = productPictures('Tee', '#b03a2e')
    expect(red[0]!.svg).toContain('#b03a2e')
    expect(red[0]!.svg).not.toContain(own)
  })

  it('gives pictures that render as bitmaps, with no text or outside reference in them', async () => {
    for (const noun of DRAWN_NOUNS) {
      for (const picture of productPictures(noun)) {
        expect(picture.svg, noun).not.toMatch(/<text|<image|https?:\/\/(?!www\.w3\.org)/)
      }
      const { svg } = productPictures(noun)[0]!
      const { info } = await sharp(Buffer.from(svg), { density: 6 })
        .resize(64, 64)
        .raw()
        .toBuffer({ resolveWithObject: true })
      expect([info.width, info.height], noun).toEqual([64, 64])
    }
  })

  it('refuses a noun no drawing knows', () => {
    expect(() => productPictures('Hovercraft')).toThrow('No drawing for "Hovercraft"')
  })
})
