import { describe, expect, it, vi } from 'vitest'
import { loadOnFirstCall } from './load-on-first-call.js'

interface Calls {
  double(value: number): Promise<number>
  greet(name: string): Promise<string>
}

const implementation: Calls = {
  double: async (value) => value * 2,
  greet: async (name) => `hello ${name}`,
}

describe('loadOnFirstCall', () => {
  it('has every named call before loading, and loads once for concurrent first calls', async () => {
    const load = vi.fn(async () => implementation)
    const calls = loadOnFirstCall<Calls>(['double', 'greet'], load)
    expect(Object.keys(calls)).toEqual(['double', 'greet'])
    expect(load).not.toHaveBeenCalled()
    expect(await Promise.all([calls.double(2), calls.greet('you'), calls.double(5)])).toEqual([
      4,
      'hello you',
      10,
    ])
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('loads again on the next call after a failed load (a chunk that did not download)', async () => {
    const load = vi
      .fn<() => Promise<Calls>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(implementation)
    const calls = loadOnFirstCall<Calls>(['double', 'greet'], load)
    await expect(calls.double(1)).rejects.toThrow(TypeError)
    expect(await calls.double(1)).toBe(2)
    expect(load).toHaveBeenCalledTimes(2)
  })
})
