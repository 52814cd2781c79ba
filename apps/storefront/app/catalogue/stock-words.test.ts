import { describe, expect, it } from 'vitest'
import { toStockWords } from './stock-words'

const tee = {
  productOptions: [{ name: 'Size' }, { name: 'Color' }],
  variants: [
    { choices: { Size: 'S', Color: 'Blue' }, stock: { trackQuantity: true, quantity: 3, inStock: true } },
    { choices: { Size: 'S', Color: 'Red' }, stock: { trackQuantity: true, quantity: 40, inStock: true } },
    { choices: { Size: 'S', Color: 'Black' }, stock: { trackQuantity: true, quantity: 0, inStock: false } },
    { choices: { Size: 'M', Color: 'Blue' }, stock: { trackQuantity: false, inStock: true } },
  ],
}

describe('the stock words of a product page', () => {
  it('say how many are left at or under the threshold, and "In stock" above it', () => {
    expect(toStockWords(tee, { Size: 'S', Color: 'Blue' })).toEqual({ text: 'Only 3 left', level: 'low' })
    expect(toStockWords(tee, { Size: 'S', Color: 'Red' })).toEqual({ text: 'In stock', level: 'in' })
  })

  it('say "Sold out" for a choice with none left', () => {
    expect(toStockWords(tee, { Size: 'S', Color: 'Black' })).toEqual({ text: 'Sold out', level: 'out' })
  })

  it('say nothing while a choice is open or when the merchant does not count the stock', () => {
    expect(toStockWords(tee, { Size: 'S' })).toBeUndefined()
    expect(toStockWords(tee, { Size: 'M', Color: 'Blue' })).toBeUndefined()
  })

  it('read a product without options from its own stock', () => {
    const mug = { stock: { trackInventory: true, quantity: 5, inStock: true } }
    expect(toStockWords(mug, {})).toEqual({ text: 'Only 5 left', level: 'low' })
    expect(toStockWords({ stock: { trackInventory: true, quantity: 0, inStock: false } }, {})?.text).toBe(
      'Sold out',
    )
    expect(toStockWords({ stock: { trackInventory: false, inStock: true } }, {})).toBeUndefined()
  })
})
