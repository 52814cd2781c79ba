import { describe, expect, it } from 'vitest'
import { csvCell, toCsv } from './orders-csv.ts'

describe('the orders CSV', () => {
  it.each([
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['=HYPERLINK("http://evil.example")', '"\'=HYPERLINK(""http://evil.example"")"'],
    ['+1 555', "'+1 555"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tx', "'\tx"],
  ])('writes %j as %j', (value, expected) => {
    expect(csvCell(value)).toBe(expected)
  })

  it('writes numbers as they are, a negative one included, and empty cells for nothing', () => {
    expect(csvCell(-5)).toBe('-5')
    expect(csvCell(null)).toBe('')
    expect(
      toCsv([
        ['a', 1],
        [undefined, 'b,c'],
      ]),
    ).toBe('a,1\r\n,"b,c"\r\n')
  })
})
