import { describe, expect, it } from 'vitest'
import { createBatchLoader } from './batch-loader.ts'

function recordingLoader(options: { maxBatchSize?: number; fail?: boolean } = {}) {
  const batches: string[][] = []
  const loader = createBatchLoader(async (keys: string[]) => {
    batches.push(keys)
    if (options.fail) throw new Error('the database is down')
    return new Map(keys.filter((key) => !key.startsWith('missing')).map((key) => [key, key.toUpperCase()]))
  }, options)
  return { loader, batches }
}

describe('createBatchLoader', () => {
  it('sends the keys asked for in one tick in one batch, each key once, and answers each in order', async () => {
    const { loader, batches } = recordingLoader()
    const answers = await Promise.all([
      loader.load('a'),
      loader.load('b'),
      loader.load('a'),
      loader.load('missing'),
    ])
    expect(answers).toEqual(['A', 'B', 'A', undefined])
    expect(batches).toEqual([['a', 'b', 'missing']])
  })

  it('collects keys asked for by resolvers that ran after an await of their own', async () => {
    const { loader, batches } = recordingLoader()
    const later = async (key: string) => {
      await Promise.resolve()
      return loader.load(key)
    }
    expect(await Promise.all([loader.load('a'), later('b'), later('c')])).toEqual(['A', 'B', 'C'])
    expect(batches).toEqual([['a', 'b', 'c']])
  })

  it('keeps answers for the rest of the request and loads only new keys later', async () => {
    const { loader, batches } = recordingLoader()
    await loader.loadMany(['a', 'b'])
    expect(await loader.loadMany(['b', 'c'])).toEqual(['B', 'C'])
    expect(batches).toEqual([['a', 'b'], ['c']])
  })

  it('splits a batch at maxBatchSize', async () => {
    const { loader, batches } = recordingLoader({ maxBatchSize: 2 })
    expect(await loader.loadMany(['a', 'b', 'c', 'd', 'e'])).toEqual(['A', 'B', 'C', 'D', 'E'])
    expect(batches).toEqual([['a', 'b'], ['c', 'd'], ['e']])
  })

  it('loads nothing for a primed key', async () => {
    const { loader, batches } = recordingLoader()
    loader.prime('a', 'primed')
    expect(await loader.load('a')).toBe('primed')
    expect(batches).toEqual([])
  })

  it('rejects every key of a batch that failed', async () => {
    const { loader } = recordingLoader({ fail: true })
    const answers = await Promise.allSettled([loader.load('a'), loader.load('b')])
    expect(answers.map((answer) => answer.status)).toEqual(['rejected', 'rejected'])
  })
})
