import { describe, expect, it } from 'vitest'
import { toImageView } from '../media/image'
import { toDiscountLabel, toPlainText, toPriceView } from './product-view'

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

describe('toDiscountLabel', () => {
  it('says a percentage or an amount off in the currency, and nothing without a discount', () => {
    expect(toDiscountLabel({ type: 'PERCENT', value: 20 }, 'USD')).toBe('20% off')
    expect(toDiscountLabel({ type: 'AMOUNT', value: 5 }, 'USD')).toBe('$5.00 off')
    expect(toDiscountLabel({ type: 'NONE', value: 0 }, 'USD')).toBeUndefined()
    expect(toDiscountLabel(undefined, 'USD')).toBeUndefined()
  })
})
