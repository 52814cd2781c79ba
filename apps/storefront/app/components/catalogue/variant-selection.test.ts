import { describe, expect, it } from 'vitest'
import {
  findDefaultSelection,
  findVariant,
  type OptionView,
  optionFieldName,
  parseSelection,
  type VariantView,
} from './variant-selection'

const options: OptionView[] = [
  {
    name: 'Size',
    type: 'drop_down',
    choices: [
      { value: 'S', description: 'Small', inStock: true },
      { value: 'M', description: 'Medium', inStock: true },
    ],
  },
  {
    name: 'Color',
    type: 'color',
    choices: [
      { value: '#000000', description: 'Black', inStock: true },
      { value: '#ffffff', description: 'White', inStock: true },
    ],
  },
]

const variants: VariantView[] = [
  { id: 'v-small-black', choices: { Size: 'Small', Color: 'Black' }, inStock: false },
  { id: 'v-small-white', choices: { Size: 'Small', Color: 'White' }, inStock: true },
  { id: 'v-medium-black', choices: { Size: 'Medium', Color: 'Black' }, inStock: true },
  { id: 'v-medium-white', choices: { Size: 'Medium', Color: 'White' }, inStock: true },
]

describe('findVariant', () => {
  it('resolves the variant whose choices match the selection, in any key order', () => {
    expect(findVariant(variants, { Color: 'Black', Size: 'Medium' })?.id).toBe('v-medium-black')
  })

  it('finds nothing for a partial or unknown selection', () => {
    expect(findVariant(variants, { Size: 'Medium' })).toBeUndefined()
    expect(findVariant(variants, { Size: 'Large', Color: 'Black' })).toBeUndefined()
    expect(findVariant(variants, { Size: 'Small', Color: 'Black', Fit: 'Slim' })).toBeUndefined()
  })

  it('resolves the single choice-less variant of a product without options', () => {
    expect(findVariant([{ id: 'default', choices: {} }], {})?.id).toBe('default')
  })
})

describe('findDefaultSelection', () => {
  it('starts from the first variant in stock', () => {
    expect(findDefaultSelection(options, variants)).toEqual({ Size: 'Small', Color: 'White' })
  })

  it('falls back to each option’s first choice when nothing is in stock', () => {
    const soldOut = variants.map((variant) => ({ ...variant, inStock: false }))
    expect(findDefaultSelection(options, soldOut)).toEqual({ Size: 'Small', Color: 'Black' })
  })
})

describe('parseSelection', () => {
  it('reads each option from its field and reports the ones left unchosen', () => {
    const form = new FormData()
    form.set(optionFieldName('Size'), 'Medium')
    form.set(optionFieldName('Color'), 'Purple')
    expect(parseSelection(form, options)).toEqual({ selection: { Size: 'Medium' }, missing: ['Color'] })
  })
})
