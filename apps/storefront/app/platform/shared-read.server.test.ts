import { describe, expect, it } from 'vitest'
import { createKeyedSharedReads, createSharedRead, createSharedReads } from './shared-read.server'

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

describe('a keyed shared read', () => {
  /** A read of `argument` for `key` that answers `<argument> <call number>`, with a clock the test moves. */
  function keyedRead(options: { maxKeys?: number; fails?: (call: number) => boolean } = {}) {
    const clock = { now: 0 }
    const asked: string[] = []
    const shared = createKeyedSharedReads(
      async (key: { name: string }, argument: { slug: string }) => {
        asked.push(`${key.name} ${argument.slug}`)
        if (options.fails?.(asked.length)) throw new Error(`read ${asked.length} failed`)
        return `${key.name} ${argument.slug} ${asked.length}`
      },
      {
        toKey: ({ slug }) => slug,
        maxAgeMs: 5_000,
        staleMs: 55_000,
        now: () => clock.now,
        ...(options.maxKeys ? { maxKeys: options.maxKeys } : {}),
      },
    )
    return { clock, asked, shared }
  }
  const usd = { name: 'usd' }
  const eur = { name: 'eur' }

  it('reads each argument once per key object for callers within its age, whoever they are', async () => {
    const { clock, asked, shared } = keyedRead()
    expect(
      await Promise.all([
        shared(usd, { slug: 'tee' }),
        shared(usd, { slug: 'tee' }),
        shared(usd, { slug: 'cap' }),
      ]),
    ).toEqual(['usd tee 1', 'usd tee 1', 'usd cap 2'])
    clock.now = 4_999
    expect(await shared(usd, { slug: 'tee' })).toBe('usd tee 1')
    // Another key object (another display currency's public client) has answers of its own.
    expect(await shared(eur, { slug: 'tee' })).toBe('eur tee 3')
    expect(asked).toEqual(['usd tee', 'usd cap', 'eur tee'])
  })

  it('serves a stale answer while one read replaces it, and waits for a new one once too old', async () => {
    const { clock, asked, shared } = keyedRead()
    await shared(usd, { slug: 'tee' })
    clock.now = 5_000
    expect(await shared(usd, { slug: 'tee' })).toBe('usd tee 1')
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(await shared(usd, { slug: 'tee' })).toBe('usd tee 2')
    // 60 s after the second read: too old to serve, so the caller waits for a third.
    clock.now = 65_000
    expect(await shared(usd, { slug: 'tee' })).toBe('usd tee 3')
    expect(asked).toHaveLength(3)
  })

  it('by default waits for the read once a second is over, and gives the older answer only while it fails', async () => {
    const clock = { now: 0 }
    const answers: (string | Error)[] = ['$20', '$25', new Error('unreachable'), new Error('unreachable')]
    const shared = createKeyedSharedReads(
      async (_key: object, _slug: string) => {
        const answer = answers.shift()
        if (answer instanceof Error) throw answer
        return answer ?? 'none'
      },
      { toKey: (slug) => slug, now: () => clock.now },
    )
    expect(await shared(usd, 'tee')).toBe('$20')
    clock.now = 999
    expect(await shared(usd, 'tee')).toBe('$20')
    clock.now = 1_000
    expect(await shared(usd, 'tee')).toBe('$25')
    // The platform unreachable: the kept answer for the rest of the minute, then the failure.
    clock.now = 3_000
    expect(await shared(usd, 'tee')).toBe('$25')
    clock.now = 61_000
    await expect(shared(usd, 'tee')).rejects.toThrow('unreachable')
  })

  it('keeps no failure: the next caller of that argument asks again', async () => {
    const { asked, shared } = keyedRead({ fails: (call) => call === 1 })
    await expect(shared(usd, { slug: 'gone' })).rejects.toThrow('read 1 failed')
    expect(await shared(usd, { slug: 'gone' })).toBe('usd gone 2')
    expect(asked).toHaveLength(2)
  })

  it('drops the kept answer when a refresh says the thing is gone, but not when the read failed', async () => {
    const clock = { now: 0 }
    const answers: (string | Error)[] = ['tee', new Error('unreachable'), new Error('gone')]
    const shared = createKeyedSharedReads(
      async (_key: object, _slug: string) => {
        const answer = answers.shift() ?? 'tee again'
        if (answer instanceof Error) throw answer
        return answer
      },
      { toKey: (slug) => slug, isGone: (error) => (error as Error).message === 'gone', now: () => clock.now },
    )
    expect(await shared(usd, 'tee')).toBe('tee')
    clock.now = 6_000
    // The platform could not be reached: the kept answer covers it.
    expect(await shared(usd, 'tee')).toBe('tee')
    // The platform said it is gone: that caller is told so, and the kept answer is dropped.
    await expect(shared(usd, 'tee')).rejects.toThrow('gone')
    await expect(shared(usd, 'tee')).resolves.toBe('tee again')
  })

  it('keeps at most its number of arguments, dropping the least recently asked', async () => {
    const { asked, shared } = keyedRead({ maxKeys: 2 })
    await shared(usd, { slug: 'a' })
    await shared(usd, { slug: 'b' })
    await shared(usd, { slug: 'a' })
    await shared(usd, { slug: 'c' })
    expect(await shared(usd, { slug: 'a' })).toBe('usd a 1')
    expect(await shared(usd, { slug: 'b' })).toBe('usd b 4')
    expect(asked).toEqual(['usd a', 'usd b', 'usd c', 'usd b'])
  })
})
