import { describe, expect, it } from 'vitest'
import { toImageView, toSrcSet } from './image'

const media = 'http://127.0.0.1:4000'

describe('toImageView', () => {
  it('lists the derived sizes the platform made as an srcset, narrowest first', () => {
    const view = toImageView(
      {
        url: '/media/a',
        width: 1200,
        height: 900,
        altText: 'Mug',
        resolutions: [
          { url: '/media/a/800w.webp', width: 800, height: 600 },
          { url: '/media/a/160w.webp', width: 160, height: 120 },
          { url: '/media/a/400w.webp', width: 400, height: 300 },
        ],
      },
      'fallback',
      media,
    )
    expect(view).toEqual({
      url: 'http://127.0.0.1:4000/media/a',
      width: 1200,
      height: 900,
      alt: 'Mug',
      srcSet:
        'http://127.0.0.1:4000/media/a/160w.webp 160w, http://127.0.0.1:4000/media/a/400w.webp 400w, http://127.0.0.1:4000/media/a/800w.webp 800w',
    })
  })

  it('keeps the single URL when the image has no derived sizes (an SVG, an older answer)', () => {
    expect(toImageView({ url: '/media/b', width: 800, height: 800, resolutions: [] }, 'Pen', media)).toEqual({
      url: 'http://127.0.0.1:4000/media/b',
      width: 800,
      height: 800,
      alt: 'Pen',
    })
  })
})

describe('toSrcSet', () => {
  it('leaves out sizes without a URL or a usable width, repeats, and URLs that would split the list', () => {
    expect(
      toSrcSet(
        [
          { url: '/a/160w.webp', width: 160 },
          { url: '/a/160w-again.webp', width: 160 },
          { width: 400 },
          { url: '/a/zero.webp', width: 0 },
          { url: '/a/half.webp', width: 2.5 },
          { url: 'https://cdn.example/a b,c.webp', width: 800 },
        ],
        media,
      ),
    ).toBe('http://127.0.0.1:4000/a/160w.webp 160w')
  })

  it('is undefined when nothing usable is left', () => {
    expect(toSrcSet(undefined, media)).toBeUndefined()
    expect(toSrcSet([{ width: 400 }], media)).toBeUndefined()
  })
})
