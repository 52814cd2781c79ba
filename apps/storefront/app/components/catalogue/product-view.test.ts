import { describe, expect, it } from 'vitest'
import { toImageView } from '../../lib/image'
import { toPlainText, toPriceView } from './product-view'

describe('toPriceView', () => {
  it('keeps a discount only when it lowers the price', () => {
    expect(toPriceView({ currency: 'USD', price: 20, discountedPrice: 15 })).toEqual({
      amount: 20,
      discountedAmount: 15,
      currency: 'USD',
    })
    expect(toPriceView({ currency: 'USD', price: 20, discountedPrice: 20 })).toEqual({
      amount: 20,
      currency: 'USD',
    })
  })
})

describe('toPlainText', () => {
  it('drops tags, keeps paragraph breaks and decodes common entities', () => {
    expect(toPlainText('<p>Soft &amp; warm</p><p>Made <b>by hand</b><script>x</script></p>')).toBe(
      'Soft & warm\nMade by hand',
    )
  })
})

describe('toImageView', () => {
  it('resolves a relative image URL against the platform and keeps its size', () => {
    expect(
      toImageView({ url: '/media/a.jpg', width: 800, height: 600 }, 'Mug', 'http://127.0.0.1:4000'),
    ).toEqual({
      url: 'http://127.0.0.1:4000/media/a.jpg',
      width: 800,
      height: 600,
      alt: 'Mug',
    })
  })

  it('returns undefined without an image', () => {
    expect(toImageView(undefined, 'Mug', 'http://127.0.0.1:4000')).toBeUndefined()
  })
})
