import { describe, expect, it } from 'vitest'
import { fromWire, toWire, toWireFieldName } from './wire-transform.js'

describe('toWire', () => {
  it('renames _id, _createdDate and _updatedDate at every depth, in arrays too', () => {
    const input = {
      _id: 'cart-1',
      _createdDate: '2024-01-01T00:00:00.000Z',
      lineItems: [{ _id: 'line-1', catalogReference: { options: { _id: 'deep', _updatedDate: 'x' } } }],
    }
    expect(toWire(input)).toEqual({
      id: 'cart-1',
      createdDate: '2024-01-01T00:00:00.000Z',
      lineItems: [{ id: 'line-1', catalogReference: { options: { id: 'deep', updatedDate: 'x' } } }],
    })
  })

  it('sends non-finite numbers as the strings NaN, Infinity and -Infinity', () => {
    expect(
      toWire({ a: Number.NaN, b: [Number.POSITIVE_INFINITY], c: { d: Number.NEGATIVE_INFINITY }, e: 1.5 }),
    ).toEqual({
      a: 'NaN',
      b: ['Infinity'],
      c: { d: '-Infinity' },
      e: 1.5,
    })
  })

  it('leaves its input untouched', () => {
    const input = { _id: 'p', nested: [{ _id: 'q', weight: Number.NaN }] }
    const copy = structuredClone(input)
    toWire(input)
    expect(input).toEqual(copy)
  })

  it('leaves non-plain objects such as dates for JSON.stringify', () => {
    const date = new Date('2024-05-01T00:00:00.000Z')
    expect(JSON.stringify(toWire({ at: date }))).toBe('{"at":"2024-05-01T00:00:00.000Z"}')
  })

  it('renames one field name and leaves others alone', () => {
    expect(toWireFieldName('_id')).toBe('id')
    expect(toWireFieldName('_createdDate')).toBe('createdDate')
    expect(toWireFieldName('slug')).toBe('slug')
  })
})

describe('fromWire', () => {
  it('renames id, createdDate and updatedDate at every depth, in arrays too', () => {
    const input = {
      id: 'p1',
      createdDate: 'c',
      variants: [{ id: 'v1', variant: { media: [{ id: 'm1', updatedDate: 'u' }] } }],
    }
    expect(fromWire(input)).toEqual({
      _id: 'p1',
      _createdDate: 'c',
      variants: [{ _id: 'v1', variant: { media: [{ _id: 'm1', _updatedDate: 'u' }] } }],
    })
  })

  it('reads NaN and infinities back as numbers only at number fields', () => {
    const numberFields = new Set(['weight', 'price', 'discount.value'])
    const output = fromWire(
      {
        weight: 'NaN',
        prices: { price: 'Infinity' },
        weights: { weight: ['-Infinity', 2] },
        name: 'NaN',
        sku: 'Infinity',
        discount: { value: 'NaN' },
        choices: [{ value: 'NaN' }],
      },
      numberFields,
    )
    expect(output).toEqual({
      weight: Number.NaN,
      prices: { price: Number.POSITIVE_INFINITY },
      weights: { weight: [Number.NEGATIVE_INFINITY, 2] },
      name: 'NaN',
      sku: 'Infinity',
      discount: { value: Number.NaN },
      choices: [{ value: 'NaN' }],
    })
  })

  it('keeps other strings at number fields as strings', () => {
    expect(fromWire({ weight: '12.5', price: 'nan' }, new Set(['weight', 'price']))).toEqual({
      weight: '12.5',
      price: 'nan',
    })
  })

  it('keeps a __proto__ key as data instead of a prototype', () => {
    const output = fromWire(JSON.parse('{"__proto__":{"polluted":true},"id":"x"}')) as Record<string, unknown>
    expect(Object.getPrototypeOf(output)).toBe(Object.prototype)
    expect(Object.hasOwn(output, '__proto__')).toBe(true)
    expect(output._id).toBe('x')
  })

  it('keeps keys named like Object.prototype members', () => {
    expect(fromWire({ constructor: 'c', toString: 't' })).toEqual({ constructor: 'c', toString: 't' })
    expect(toWire({ constructor: 'c', hasOwnProperty: 'h' })).toEqual({
      constructor: 'c',
      hasOwnProperty: 'h',
    })
  })

  it('reuses objects without a renamed key and copies only the ones with one', () => {
    const price = { price: 10, currency: 'EUR' }
    const variant = { id: 'v1', price }
    const input = { items: [variant], price }
    const output = fromWire(input) as { items: [{ _id: string; price: unknown }]; price: unknown }
    expect(output).toBe(input)
    expect(output.price).toBe(price)
    expect(output.items[0]).not.toBe(variant)
    expect(output.items[0]).toEqual({ _id: 'v1', price })
  })

  it('answers the same as a full copy on a deep answer with renamed keys at every level', () => {
    const answer = () => ({
      id: 'a',
      list: [
        { id: 'b', nested: { createdDate: 'c', deeper: [{ updatedDate: 'd', weight: 'NaN' }] } },
        'NaN',
        null,
        3,
      ],
      __proto__: null,
    })
    expect(fromWire(JSON.parse(JSON.stringify(answer())), new Set(['weight']))).toEqual({
      _id: 'a',
      list: [
        { _id: 'b', nested: { _createdDate: 'c', deeper: [{ _updatedDate: 'd', weight: Number.NaN }] } },
        'NaN',
        null,
        3,
      ],
    })
  })

  it('keeps the key order and the updated values before and after a renamed key in the middle', () => {
    const input = JSON.parse(
      '{"weight":"NaN","image":{"id":"i"},"name":"n","id":"p","price":"Infinity","variants":[{"id":"v"}],"_id":"last"}',
    )
    const output = fromWire(input, new Set(['weight', 'price'])) as Record<string, unknown>
    expect(Object.keys(output)).toEqual(['weight', 'image', 'name', '_id', 'price', 'variants'])
    expect(output).toEqual({
      weight: Number.NaN,
      image: { _id: 'i' },
      name: 'n',
      // A later `_id` on the wire wins, as a later duplicate key does in JSON.parse.
      _id: 'last',
      price: Number.POSITIVE_INFINITY,
      variants: [{ _id: 'v' }],
    })
  })

  it('round-trips with toWire', () => {
    const value = { _id: 'a', list: [{ _createdDate: 'd', weight: Number.NaN }] }
    expect(fromWire(JSON.parse(JSON.stringify(toWire(value))), new Set(['weight']))).toEqual(value)
  })
})

describe('fromWire with a polluted Object.prototype', () => {
  it('never copies inherited keys into an answer', () => {
    let json: string
    let keys: string[]
    Object.defineProperty(Object.prototype, 'polluted', {
      value: 'yes',
      enumerable: true,
      configurable: true,
      writable: true,
    })
    try {
      const output = fromWire(JSON.parse('{"id":"a","list":[{"id":"b","name":"x"}],"nested":{"name":"y"}}'))
      json = JSON.stringify(output)
      keys = Object.keys(output as object)
    } finally {
      delete (Object.prototype as Record<string, unknown>).polluted
    }
    expect(json).toBe('{"_id":"a","list":[{"_id":"b","name":"x"}],"nested":{"name":"y"}}')
    expect(keys).toEqual(['_id', 'list', 'nested'])
  })
})
