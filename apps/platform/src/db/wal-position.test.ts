import { describe, expect, it } from 'vitest'
import { formatWalPosition, parseWalPosition } from './wal-position.ts'

describe('parseWalPosition', () => {
  it('orders positions as PostgreSQL does, across the high word', () => {
    const positions = ['0/3001120', '0/30011F0', '0/FFFFFFFF', '1/0', '16/B374D848'].map(parseWalPosition)
    expect([...positions].sort((a, b) => (a < b ? -1 : 1))).toEqual(positions)
    expect(parseWalPosition('1/0')).toBe(2n ** 32n)
  })

  it('reads both cases and prints the form PostgreSQL prints', () => {
    expect(parseWalPosition('16/b374d848')).toBe(parseWalPosition('16/B374D848'))
    expect(formatWalPosition(parseWalPosition('16/b374d848'))).toBe('16/B374D848')
  })

  it.each(['', '0', '0/', '/1', '0/123456789', 'G/1', '0/1 ', '-1/0'])('refuses "%s"', (text) => {
    expect(() => parseWalPosition(text)).toThrow(RangeError)
  })
})
