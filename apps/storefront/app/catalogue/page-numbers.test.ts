import { describe, expect, it } from 'vitest'
import { toPageItems } from './page-numbers'

const show = (page: number, count: number) =>
  toPageItems(page, count)
    .map((item) => (item.kind === 'gap' ? '…' : String(item.page)))
    .join(' ')

describe('the pages a pager links to', () => {
  it('are none for a single page, and every page for a few', () => {
    expect(show(1, 1)).toBe('')
    expect(show(2, 4)).toBe('1 2 3 4')
  })

  it('are the first, the last and the current page’s neighbours, with gaps between', () => {
    expect(show(1, 10)).toBe('1 2 … 10')
    expect(show(6, 10)).toBe('1 … 5 6 7 … 10')
    expect(show(10, 10)).toBe('1 … 9 10')
  })

  it('show a single left-out page instead of a gap', () => {
    expect(show(4, 10)).toBe('1 2 3 4 5 … 10')
    expect(show(7, 10)).toBe('1 … 6 7 8 9 10')
  })
})
