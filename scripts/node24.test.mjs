import { execFileSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { ensureNode24, NODE24_VERSION, withNodeFirst } from './node24.mjs'

describe('ensureNode24', () => {
  it('gives a Node 24 binary, fetching the pinned version once and reusing it after', async () => {
    const binary = await ensureNode24({ log: () => {} })
    const version = execFileSync(binary, ['--version'], { encoding: 'utf8' }).trim()
    if (process.versions.node.startsWith('24.')) expect(binary).toBe(process.execPath)
    else expect(version).toBe(`v${NODE24_VERSION}`)
    const lines = []
    expect(await ensureNode24({ log: (line) => lines.push(line) })).toBe(binary)
    expect(lines).toEqual([])
  }, 180_000)

  it('puts that Node first on PATH, so npx and npm scripts run on it', async () => {
    const binary = await ensureNode24({ log: () => {} })
    const version = execFileSync('npx', ['--no', '-c', 'node --version'], {
      encoding: 'utf8',
      env: withNodeFirst(binary),
    }).trim()
    expect(version).toMatch(/^v24\./)
  }, 60_000)
})
