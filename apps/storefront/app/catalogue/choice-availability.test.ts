import { describe, expect, it } from 'vitest'
import {
  type OptionsAvailabilityLike,
  type PickableProduct,
  parseSelection,
  toOptionPickers,
  toPurchaseView,
  toSelectionSearch,
} from './choice-availability'

const api = 'http://127.0.0.1:4000'
const image = (id: string, altText: string) => ({
  image: { url: `/media/${id}`, width: 800, height: 800, altText },
})

const tee: PickableProduct = {
  name: 'Classic Tee',
  priceData: { currency: 'USD', price: 24, discountedPrice: 19.2 },
  stock: { inStock: true },
  media: { mainMedia: image('main', 'Classic Tee, product photo') },
  productOptions: [
    {
      name: 'Size',
      optionType: 'drop_down',
      choices: [
        { value: 'S', description: 'S', inStock: true, visible: true },
        { value: 'M', description: 'M', inStock: true, visible: true },
        { value: 'XXL', description: 'XXL', inStock: false, visible: false },
      ],
    },
    {
      name: 'Color',
      optionType: 'color',
      choices: [
        {
          value: '#d1242f',
          description: 'Red',
          inStock: true,
          visible: true,
          media: { items: [image('red', 'Classic Tee in Red')] },
        },
        {
          value: '#24292f',
          description: 'Black',
          inStock: false,
          visible: true,
          media: { items: [image('black', 'Classic Tee in Black')] },
        },
        { value: '#ffffff', description: 'White', inStock: true, visible: true },
      ],
    },
  ],
}

/** What the platform answers for { Size: 'S' }: no small white, and the small black is sold out. */
const smallChosen: OptionsAvailabilityLike = {
  availableForPurchase: false,
  productOptions: [
    {
      name: 'Size',
      choices: [
        { description: 'S', inStock: true, visible: true },
        { description: 'M', inStock: true, visible: true },
        { description: 'XXL', inStock: false, visible: false },
      ],
    },
    {
      name: 'Color',
      choices: [
        { description: 'Red', inStock: true, visible: true },
        { description: 'Black', inStock: false, visible: true },
        { description: 'White', inStock: false, visible: false },
      ],
    },
  ],
}

describe('parseSelection', () => {
  it('keeps the product’s own options and visible choices, and names the options left unchosen', () => {
    const params = new URLSearchParams('Size=XXL&Color=Red&Fit=Slim')
    expect(parseSelection(params, tee.productOptions ?? [])).toEqual({
      selection: { Color: 'Red' },
      missing: ['Size'],
    })
  })

  it('reads a submitted form the same way', () => {
    const form = new FormData()
    form.set('Size', 'M')
    form.set('Color', 'Black')
    form.set('quantity', '2')
    expect(parseSelection(form, tee.productOptions ?? [])).toEqual({
      selection: { Size: 'M', Color: 'Black' },
      missing: [],
    })
  })
})

describe('toSelectionSearch', () => {
  it('writes the selection as the page’s query string', () => {
    expect(toSelectionSearch({ Size: 'M', Color: 'Red' })).toBe('Size=M&Color=Red')
    expect(toSelectionSearch({ 'Shoe size': '42' })).toBe('Shoe+size=42')
  })
})

describe('toOptionPickers', () => {
  it('leaves out choices the product never offers and, with nothing chosen, marks choices sold out everywhere', () => {
    const pickers = toOptionPickers(tee, undefined, {})
    expect(pickers.map((picker) => [picker.name, picker.type, picker.selected])).toEqual([
      ['Size', 'drop_down', undefined],
      ['Color', 'color', undefined],
    ])
    expect(pickers[0]?.choices.map((choice) => choice.description)).toEqual(['S', 'M'])
    expect(pickers[1]?.choices.find((choice) => choice.description === 'Black')).toEqual({
      description: 'Black',
      value: '#24292f',
      isSelected: false,
      isAvailable: true,
      isInStock: false,
    })
  })

  it('follows the platform’s answer for a partial selection: impossible choices unavailable, sold-out ones marked', () => {
    const [size, color] = toOptionPickers(tee, smallChosen, { Size: 'S' })
    expect(size?.selected).toBe('S')
    expect(size?.choices.map((choice) => [choice.description, choice.isSelected])).toEqual([
      ['S', true],
      ['M', false],
    ])
    expect(
      color?.choices.map(({ description, isAvailable, isInStock }) => [description, isAvailable, isInStock]),
    ).toEqual([
      ['Red', true, true],
      ['Black', true, false],
      ['White', false, false],
    ])
  })
})

describe('toPurchaseView', () => {
  it('asks for the remaining choices at the product’s price and picture', () => {
    expect(toPurchaseView(tee, smallChosen, { Size: 'S' }, api)).toEqual({
      status: 'choose',
      price: {
        amount: 24,
        discountedAmount: 19.2,
        currency: 'USD',
        formatted: '$24.00',
        discountedFormatted: '$19.20',
      },
      image: { url: `${api}/media/main`, width: 800, height: 800, alt: 'Classic Tee, product photo' },
    })
  })

  it('shows the chosen variant’s price and the chosen colour’s picture, and sells it when in stock', () => {
    const answer: OptionsAvailabilityLike = {
      availableForPurchase: true,
      selectedVariant: {
        variantId: 'v-m-red',
        priceData: { currency: 'USD', price: 26, discountedPrice: 20.8 },
        inStock: true,
      },
    }
    expect(toPurchaseView(tee, answer, { Size: 'M', Color: 'Red' }, api)).toEqual({
      status: 'available',
      variantId: 'v-m-red',
      price: {
        amount: 26,
        discountedAmount: 20.8,
        currency: 'USD',
        formatted: '$26.00',
        discountedFormatted: '$20.80',
      },
      image: { url: `${api}/media/red`, width: 800, height: 800, alt: 'Classic Tee in Red' },
    })
  })

  it('shows the picture of the chosen variant when its colour has none of its own', () => {
    const product = { ...tee }
    const answer: OptionsAvailabilityLike = {
      availableForPurchase: true,
      selectedVariant: {
        variantId: 'v-s-white',
        priceData: { currency: 'USD', price: 24 },
        inStock: true,
        media: [image('white', 'White tee')],
      },
    }
    expect(toPurchaseView(product, answer, { Size: 'S', Color: 'White' }, api)).toEqual({
      status: 'available',
      variantId: 'v-s-white',
      price: { amount: 24, currency: 'USD', formatted: '$24.00' },
      image: { url: `${api}/media/white`, width: 800, height: 800, alt: 'White tee' },
    })
  })

  it('says sold out for a sold-out variant, and unavailable for a combination no variant has', () => {
    const soldOut = {
      availableForPurchase: false,
      selectedVariant: { variantId: 'v-s-black', inStock: false },
    }
    expect(toPurchaseView(tee, soldOut, { Size: 'S', Color: 'Black' }, api).status).toBe('sold-out')
    expect(
      toPurchaseView(tee, { availableForPurchase: false }, { Size: 'S', Color: 'White' }, api).status,
    ).toBe('unavailable')
  })

  it('shows the poster of a product that leads with a video', () => {
    const filmed: PickableProduct = {
      ...tee,
      productOptions: [],
      media: {
        mainMedia: {
          mediaType: 'video',
          video: { posters: [{ url: '/media/poster', width: 1280, height: 720, altText: 'Tee on a hike' }] },
        },
      },
    }
    expect(toPurchaseView(filmed, undefined, {}, api).image).toEqual({
      url: `${api}/media/poster`,
      width: 1280,
      height: 720,
      alt: 'Tee on a hike',
    })
  })

  it('sells a product without options by its own stock', () => {
    const notebook: PickableProduct = {
      name: 'Notebook',
      priceData: { currency: 'USD', price: 12 },
      stock: { inStock: true },
    }
    expect(toPurchaseView(notebook, undefined, {}, api)).toEqual({
      status: 'available',
      price: { amount: 12, currency: 'USD', formatted: '$12.00' },
    })
    expect(toPurchaseView({ ...notebook, stock: { inStock: false } }, undefined, {}, api).status).toBe(
      'sold-out',
    )
  })
})
