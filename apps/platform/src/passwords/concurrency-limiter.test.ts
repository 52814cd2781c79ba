import { describe, expect, it } from 'vitest'
import { createLimiter } from './concurrency-limiter.ts'

describe('createLimiter', () => {
  it('runs at most `limit` tasks at once, the others in order of arrival, and passes failures on', async () => {
    const limit = createLimiter(2)
    let running = 0
    let most = 0
    const started: number[] = []
    const task = (index: number) => async () => {
      started.push(index)
      running++
      most = Math.max(most, running)
      await new Promise((resolve) => setTimeout(resolve, 5))
      running--
      if (index === 1) throw new Error('task 1 failed')
      return index
    }
    const results = await Promise.allSettled([0, 1, 2, 3, 4].map((index) => limit(task(index))))
    expect(most).toBe(2)
    expect(started).toEqual([0, 1, 2, 3, 4])
    expect(results.map((result) => (result.status === 'fulfilled' ? result.value : 'failed'))).toEqual([
      0,
      'failed',
      2,
      3,
      4,
    ])
  })
})
