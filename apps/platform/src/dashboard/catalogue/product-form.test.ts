import { describe, expect, it } from 'vitest'
import {
  applyRowIntent,
  emptyProductForm,
  pictureOptionIndex,
  type VariantRowValues,
} from './product-form.ts'

const row = (id: string, price: string): VariantRowValues => {
  const values = {
    price,
    cost: '',
    weight: '',
    sku: '',
    visible: true,
    trackQuantity: false,
    quantity: '',
    inStock: true,
  }
  return { id, label: id, ...values, was: values }
}

describe('pictureOptionIndex', () => {
  it('picks the colour option wherever it is, else the first option, else none', () => {
    expect(pictureOptionIndex([{ type: 'drop_down' }, { type: 'color' }])).toBe(1)
    expect(pictureOptionIndex([{ type: 'drop_down' }, { type: 'drop_down' }])).toBe(0)
    expect(pictureOptionIndex([])).toBe(-1)
  })
})

describe('the bulk fill without JavaScript', () => {
  const values = { ...emptyProductForm, variants: [row('a', '10'), row('b', '')] }

  it('puts the value into that field of every row, keeping what each row was', () => {
    const filled = applyRowIntent(values, { kind: 'fill-variants', field: 'price', value: '12.5' })
    expect(filled.variants.map((variant) => [variant.price, variant.was.price])).toEqual([
      ['12.5', '10'],
      ['12.5', ''],
    ])
  })

  it('changes nothing when the form named no field the fill sets', () => {
    expect(applyRowIntent(values, { kind: 'fill-variants', field: undefined, value: '1' })).toBe(values)
  })
})
