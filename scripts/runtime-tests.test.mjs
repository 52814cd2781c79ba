import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { repoRoot } from './processes.mjs'
import { RUNTIME_TESTS } from './runtime-tests.mjs'

/** Whether `path` is a test file or a folder holding one. */
function holdsTests(path) {
  if (!existsSync(path)) return false
  if (!statSync(path).isDirectory()) return /\.test\.(ts|tsx|mjs)$/.test(path)
  return readdirSync(path, { recursive: true }).some((name) => /\.test\.(ts|tsx|mjs)$/.test(String(name)))
}

describe('the runtime tests of Node 24', () => {
  it('name only paths that hold test files, each with its reason', () => {
    const stale = RUNTIME_TESTS.filter(({ path }) => !holdsTests(join(repoRoot, path)))
    expect(stale).toEqual([])
    for (const { why } of RUNTIME_TESTS) expect(why.length).toBeGreaterThan(10)
  })
})
