import { describe, expect, it } from 'vitest'
import { parsePage } from './pagination'

describe('parsePage', () => {
  it('reads a positive page number', () => {
    expect(parsePage('3')).toBe(3)
  })

  it('treats anything else as the first page', () => {
    for (const value of [null, '', '0', '-2', '1.5', 'abc', '9999999']) expect(parsePage(value)).toBe(1)
  })
})
