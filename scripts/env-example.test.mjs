// `.env.example` is the one list of settings an operator copies: it must name every variable the code reads.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { findEnvReads } from './env-reads.mjs'
import { repoRoot } from './processes.mjs'

const except = [fileURLToPath(import.meta.url), join(repoRoot, 'scripts/env-reads.mjs')]
const lines = readFileSync(join(repoRoot, '.env.example'), 'utf8').split('\n')
/** `# NAME=default` lines: each setting, commented out so that copying the file changes nothing. */
const SETTING = /^# ([A-Z][A-Z0-9_]+)=/
const listed = lines.flatMap((line) => SETTING.exec(line)?.[1] ?? [])

describe('.env.example', () => {
  it('lists every environment variable the apps, scripts, tests and benchmarks read', () => {
    const readBy = findEnvReads({ except })
    const missing = [...readBy].filter(([name]) => !listed.includes(name))
    expect(missing.map(([name, file]) => `${name} (read in ${file})`)).toEqual([])
    expect(readBy.size).toBeGreaterThan(60)
  })

  it('lists no variable the code no longer reads, and each once', () => {
    const readBy = findEnvReads({ except })
    expect(listed.filter((name) => !readBy.has(name))).toEqual([])
    expect(listed.filter((name, index) => listed.indexOf(name) !== index)).toEqual([])
  })

  it('says what each setting means in a comment above it or above its group', () => {
    lines.forEach((line, index) => {
      if (!SETTING.test(line)) return
      let above = index - 1
      while (above >= 0 && SETTING.test(lines[above] ?? '')) above -= 1
      expect(lines[above], `${line} has no comment above it`).toMatch(/^# \S.{10,}/)
    })
  })
})
