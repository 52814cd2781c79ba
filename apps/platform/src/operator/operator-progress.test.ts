import { describe, expect, it } from 'vitest'
import { createProgress } from './operator-progress.ts'

function stream(isTTY: boolean) {
  const writes: string[] = []
  return { writes, isTTY, write: (text: string) => writes.push(text) }
}

describe('operator progress', () => {
  it('rewrites one line on a terminal and ends it when the work is done', () => {
    const terminal = stream(true)
    const report = createProgress(terminal)
    report('seeding products', 1_000, 10_000)
    report('seeding products', 10_000, 10_000)
    expect(terminal.writes).toEqual([
      '\rseeding products 1,000/10,000 (10%)',
      '\rseeding products 10,000/10,000 (100%)\n',
    ])
  })

  it('writes plain lines elsewhere: the first, one per interval, and the last', () => {
    const log = stream(false)
    let now = 0
    const report = createProgress(log, { intervalMs: 2_000, now: () => now })
    for (let done = 1_000; done <= 10_000; done += 1_000) {
      report('seeding products', done, 10_000)
      now += 900
    }
    expect(log.writes).toEqual([
      'seeding products 1,000/10,000 (10%)\n',
      'seeding products 4,000/10,000 (40%)\n',
      'seeding products 7,000/10,000 (70%)\n',
      'seeding products 10,000/10,000 (100%)\n',
    ])
    expect(log.writes.join('')).not.toContain('\r')
  })
})
