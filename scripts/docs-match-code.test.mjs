// Documentation that must stay true as the code moves: the README's settings, the benchmarks' guide, the
// decisions' status lines. Each test reads the code as text, so it needs no build.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { findEnvReads } from './env-reads.mjs'

const repoRoot = fileURLToPath(new URL('..', import.meta.url))
describe('the documentation', () => {
  it('lists in the README every environment variable the apps, scripts and tests read', () => {
    const readBy = findEnvReads({
      except: [fileURLToPath(import.meta.url), join(repoRoot, 'scripts/env-reads.mjs')],
    })
    const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8')
    const settings = readme.slice(readme.indexOf('## Configuration'), readme.indexOf('## Checks'))
    const documented = new Set()
    for (const row of settings.split('\n').filter((line) => line.startsWith('| `'))) {
      const firstCell = row.split('|')[1] ?? ''
      // `FUNNEL_*` documents a family: it is kept as `FUNNEL_`.
      for (const name of firstCell.matchAll(/`([A-Z][A-Z0-9_]+)\*?`/g)) documented.add(name[1])
    }
    const missing = [...readBy].filter(
      ([name]) => !documented.has(name) && !documentedAsFamily(name, documented),
    )
    expect(missing.map(([name, file]) => `${name} (read in ${file})`)).toEqual([])
    expect(readBy.size).toBeGreaterThan(40)
  })

  it('describes every benchmark in bench/README.md, and bench/run.mjs runs each', () => {
    const guide = readFileSync(join(repoRoot, 'bench/README.md'), 'utf8')
    const runner = readFileSync(join(repoRoot, 'bench/run.mjs'), 'utf8')
    const benchmarks = readdirSync(join(repoRoot, 'bench'), { withFileTypes: true })
      .filter(
        (entry) => entry.isDirectory() && existsSync(join(repoRoot, 'bench', entry.name, 'benchmark.mjs')),
      )
      .map((entry) => entry.name)
    expect(benchmarks.length).toBeGreaterThanOrEqual(6)
    for (const name of benchmarks) {
      expect(guide, `bench/README.md has no section for ${name}`).toMatch(
        new RegExp(`^## .*\\(\`${name}\`\\)$`, 'm'),
      )
      expect(runner, `bench/run.mjs does not run ${name}`).toContain(`./${name}/benchmark.mjs`)
    }
  })

  it('gives every decision a status: accepted, rejected (tried and reverted), or superseded by the one that replaces it', () => {
    const folder = join(repoRoot, 'docs/decisions')
    const decisions = readdirSync(folder).filter((name) => /^\d{3}-.+\.md$/.test(name))
    expect(decisions.length).toBeGreaterThan(15)
    for (const name of decisions) {
      const status = /^Status: (.+)$/m.exec(readFileSync(join(folder, name), 'utf8'))?.[1]
      expect(status, `${name} has no status line`).toMatch(/^(accepted|rejected|superseded by \d{3})\b/)
      const replacement = /^superseded by (\d{3})/.exec(status ?? '')?.[1]
      if (replacement) expect(decisions.some((other) => other.startsWith(`${replacement}-`))).toBe(true)
    }
  })
})

/** `FUNNEL_SHOPPERS` is documented by a `FUNNEL_*` row. */
function documentedAsFamily(name, documented) {
  return [...documented].some((entry) => entry.endsWith('_') && name.startsWith(entry))
}
