import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { toImageView } from '../media/image'
import { Price } from './price'
import { toDiscountLabel, toPlainText, toPriceView, toProductCard, toUnitQuantityText } from './product-view'

describe('toPriceView', () => {
  it('keeps a discount only when it lowers the price, and formats each amount', () => {
    expect(toPriceView({ currency: 'USD', price: 20, discountedPrice: 15 })).toEqual({
      amount: 20,
      discountedAmount: 15,
      currency: 'USD',
      formatted: '$20.00',
      discountedFormatted: '$15.00',
    })
    expect(toPriceView({ currency: 'USD', price: 20, discountedPrice: 20 })).toEqual({
      amount: 20,
      currency: 'USD',
      formatted: '$20.00',
    })
  })
})

describe('toPriceView with a unit price', () => {
  it('keeps the unit price and what it is per when the product has unit data', () => {
    const unit = {
      totalQuantity: 1,
      totalMeasurementUnit: 'KG',
      baseQuantity: 100,
      baseMeasurementUnit: 'G',
    } as const
    expect(
      toPriceView({ currency: 'USD', price: 24, discountedPrice: 24, pricePerUnit: 2.4 }, 'USD', unit),
    ).toEqual({
      amount: 24,
      currency: 'USD',
      formatted: '$24.00',
      perUnit: { amount: 2.4, formatted: '$2.40', per: '100 g' },
    })
    expect(
      toPriceView({ currency: 'USD', price: 24, discountedPrice: 24 }, 'USD', unit).perUnit,
    ).toBeUndefined()
  })

  it('writes a quantity of one as the unit alone', () => {
    expect(toUnitQuantityText(1, 'L')).toBe('L')
    expect(toUnitQuantityText(250, 'ML')).toBe('250 ml')
  })
})

describe('Price', () => {
  it('shows the unit price after the price, read out as "per"', () => {
    const html = renderToStaticMarkup(
      createElement(Price, {
        price: toPriceView({ currency: 'USD', price: 24, pricePerUnit: 2.4 }, 'USD', {
          baseQuantity: 100,
          baseMeasurementUnit: 'G',
        }),
      }),
    )
    expect(html).toContain(
      '$2.40<span aria-hidden="true"> / </span><span class="visually-hidden"> per </span>100 g',
    )
  })

  it('shows the amounts as the loader formatted them, so hydration builds no number format', () => {
    const html = renderToStaticMarkup(
      createElement(Price, {
        price: {
          amount: 20,
          discountedAmount: 15,
          currency: 'USD',
          formatted: 'twenty dollars',
          discountedFormatted: 'fifteen dollars',
        },
      }),
    )
    expect(html).toContain('<span class="price-sale">fifteen dollars</span>')
    expect(html).toContain('<s class="price-regular">twenty dollars</s>')
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

describe('toProductCard', () => {
  it('shows the poster of a product that leads with a video', () => {
    const poster = { url: '/media/poster', width: 800, height: 450 }
    const card = toProductCard(
      { name: 'Lantern', media: { mainMedia: { mediaType: 'video', video: { posters: [poster] } } } },
      'http://api.test',
    )
    expect(card.image).toMatchObject({ url: 'http://api.test/media/poster', width: 800, height: 450 })
  })
})
