import { describe, expect, it } from 'vitest'
import { createSharedRead, createSharedReads } from './shared-read.server'

/** A read that answers its call number, with a clock the test moves. */
function countingRead(options: { fails?: (call: number) => boolean } = {}) {
  const clock = { now: 0 }
  let calls = 0
  const read = async () => {
    calls += 1
    if (options.fails?.(calls)) throw new Error(`read ${calls} failed`)
    return calls
  }
  return { clock, read, calls: () => calls }
}

describe('a shared read', () => {
  it('asks once for callers that come together and within its age', async () => {
    const { clock, read, calls } = countingRead()
    const shared = createSharedRead(read, { maxAgeMs: 1000, now: () => clock.now })
    expect(await Promise.all([shared(), shared(), shared()])).toEqual([1, 1, 1])
    clock.now = 999
    expect(await shared()).toBe(1)
    expect(calls()).toBe(1)
  })

  it('gives the kept answer once it is old while one refresh replaces it', async () => {
    const { clock, read, calls } = countingRead()
    const shared = createSharedRead(read, { maxAgeMs: 1000, now: () => clock.now })
    await shared()
    clock.now = 1000
    expect(await Promise.all([shared(), shared()])).toEqual([1, 1])
    expect(calls()).toBe(2)
    expect(await shared()).toBe(2)
  })

  it('keeps no failure: the next caller asks again, and a failed refresh leaves the older answer', async () => {
    const { clock, read, calls } = countingRead({ fails: (call) => call === 1 || call === 3 })
    const shared = createSharedRead(read, { maxAgeMs: 1000, now: () => clock.now })
    await expect(shared()).rejects.toThrow('read 1 failed')
    expect(await shared()).toBe(2)
    clock.now = 5000
    expect(await shared()).toBe(2)
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(await shared()).toBe(2)
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(calls()).toBe(4)
    expect(await shared()).toBe(4)
  })

  it('keeps no answer its caller calls unreadable', async () => {
    let calls = 0
    const shared = createSharedRead(async () => (++calls === 1 ? undefined : 'Shop'), {
      isKept: (value) => value !== undefined,
    })
    expect(await shared()).toBeUndefined()
    expect(await shared()).toBe('Shop')
    expect(await shared()).toBe('Shop')
    expect(calls).toBe(2)
  })

  it('keeps one answer per key', async () => {
    const first = {}
    const second = {}
    const calls: object[] = []
    const shared = createSharedReads((key: object) => async () => {
      calls.push(key)
      return key === first ? 'first' : 'second'
    })
    expect(await shared(first)).toBe('first')
    expect(await shared(second)).toBe('second')
    expect(await shared(first)).toBe('first')
    expect(calls).toEqual([first, second])
  })
})
