import { describe, expect, it } from 'vitest'
import { toGalleryImages } from './gallery-images'

const picture = (name: string) => ({ image: { url: `/media/${name}.webp`, width: 800, height: 800 } })

const product = {
  name: 'Classic Tee',
  media: { mainMedia: picture('main'), items: [picture('main'), picture('back'), picture('red-front')] },
  productOptions: [
    { name: 'Size', choices: [{ description: 'S' }] },
    {
      name: 'Color',
      choices: [
        {
          description: 'Red',
          media: { items: [picture('red-front'), picture('red-back'), picture('red-side')] },
        },
        { description: 'Blue' },
      ],
    },
  ],
}

const urls = (images: { url: string }[]) =>
  images.map((image) => image.url.replace('http://api.test/media/', ''))

describe('the product gallery’s pictures', () => {
  it('are the product’s own, main picture first, each once', () => {
    expect(urls(toGalleryImages(product, {}, 'http://api.test'))).toEqual([
      'main.webp',
      'back.webp',
      'red-front.webp',
    ])
  })

  it('are the chosen colour’s pictures once a colour with pictures is chosen', () => {
    expect(urls(toGalleryImages(product, { Color: 'Red', Size: 'S' }, 'http://api.test'))).toEqual([
      'red-front.webp',
      'red-back.webp',
      'red-side.webp',
    ])
  })

  it('stay the product’s own for a choice without pictures, and name each after the product', () => {
    const images = toGalleryImages(product, { Color: 'Blue' }, 'http://api.test')
    expect(urls(images)).toEqual(['main.webp', 'back.webp', 'red-front.webp'])
    expect(images[0]?.alt).toBe('Classic Tee')
  })

  it('show a video as its poster, with the file to play and a poster no wider than the slide needs', () => {
    const poster = {
      url: '/media/poster',
      width: 1600,
      height: 900,
      resolutions: [
        { url: '/media/poster/400w.webp', width: 400, height: 225 },
        { url: '/media/poster/800w.webp', width: 800, height: 450 },
      ],
    }
    const video = {
      mediaType: 'video' as const,
      video: {
        resolutions: [{ url: '/media/clip', width: 1280, height: 720, format: 'webm' }],
        posters: [poster],
      },
    }
    // The poster is also one of the product's pictures: both are shown, the video once.
    const withVideo = { ...product, media: { mainMedia: video, items: [video, { image: poster }] } }
    const [slide, picture] = toGalleryImages(withVideo, {}, 'http://api.test')
    expect(slide).toMatchObject({
      url: 'http://api.test/media/poster',
      width: 1600,
      height: 900,
      alt: 'Classic Tee',
      video: {
        url: 'http://api.test/media/clip',
        type: 'video/webm',
        poster: 'http://api.test/media/poster/800w.webp',
      },
    })
    expect(picture).toMatchObject({ url: 'http://api.test/media/poster' })
    expect(picture?.video).toBeUndefined()
    expect(
      toGalleryImages(
        { ...product, media: { items: [{ mediaType: 'video', video: {} }] } },
        {},
        'http://api.test',
      ),
    ).toEqual([])
  })
})
