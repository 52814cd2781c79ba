import type { Product } from '@aisle/sdk'
import { describe, expect, it } from 'vitest'
import { toProductJsonLd, toSchemaPrice } from './product-structured-data'

const links = { url: 'https://shop.example/products/classic-tee', image: 'https://media.example/tee' }

describe('toProductJsonLd', () => {
  it('describes a product with one price: the price after discount, its currency and stock', () => {
    const product: Product = {
      name: 'Meadow Notebook',
      description: '<p>Dotted pages &amp; a <b>linen</b> cover.</p>',
      sku: 'NB-1',
      brand: 'Meadow',
      priceData: { currency: 'USD', price: 35, discountedPrice: 28 },
      priceRange: { minValue: 28, maxValue: 28 },
      stock: { inStock: true },
    }
    expect(toProductJsonLd(product, links)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Meadow Notebook',
      description: 'Dotted pages & a linen cover.',
      image: 'https://media.example/tee',
      sku: 'NB-1',
      brand: { '@type': 'Brand', name: 'Meadow' },
      url: links.url,
      offers: {
        '@type': 'Offer',
        price: '28.00',
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
        url: links.url,
      },
    })
  })

  it('gives variants of different prices as a range, and a sold-out product as out of stock', () => {
    const product: Product = {
      name: 'Classic Tee',
      priceData: { currency: 'JPY', price: 2400, discountedPrice: 1920 },
      priceRange: { minValue: 1920, maxValue: 2080 },
      variants: [{}, {}, {}],
      stock: { inStock: false },
    }
    expect(toProductJsonLd(product, links).offers).toEqual({
      '@type': 'AggregateOffer',
      lowPrice: '1920',
      highPrice: '2080',
      offerCount: 3,
      priceCurrency: 'JPY',
      availability: 'https://schema.org/OutOfStock',
      url: links.url,
    })
  })
})

describe('toSchemaPrice', () => {
  it('writes the amount with the currency’s digits', () => {
    expect(toSchemaPrice(19.2, 'USD')).toBe('19.20')
    expect(toSchemaPrice(1.5, 'KWD')).toBe('1.500')
    expect(toSchemaPrice(500, 'JPY')).toBe('500')
  })
})
