import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { repoRoot } from './processes.mjs'
import { matchProjectProperties, matchProperties, projectSection, render } from './security-report.mjs'

const mapping = JSON.parse(readFileSync(join(repoRoot, 'scripts', 'security-properties.json'), 'utf8'))

// A test that exists (this file's own), and one that does not.
const real = { file: 'scripts/security-report.test.mjs', test: 'lists our own properties in a section' }
const missing = { file: 'scripts/security-report.test.mjs', test: 'a test nobody wrote' }

describe('the security report’s properties of our own probes', () => {
  it('maps every one of them to a test that exists, none with an id SECURITY.md could have', () => {
    const ids = Object.keys(mapping.projectProperties)
    expect(ids.length).toBeGreaterThan(0)
    for (const id of ids) expect(id).toMatch(/^P\d+-\d+[a-z]$/)
    const { rows, clashingIds } = matchProjectProperties(
      mapping.projectProperties,
      Object.keys(mapping.properties),
    )
    expect(clashingIds).toEqual([])
    for (const row of rows) {
      expect(row.source, row.id).toMatch(/^issue \d+, item \d+$/)
      expect(row.broken, row.id).toEqual([])
      expect(row.proving.length, row.id).toBeGreaterThan(0)
    }
  })

  it('lists our own properties in a section of their own, counted apart, with NOT COVERED and broken tests', () => {
    const project = matchProjectProperties(
      {
        'P1-1a': { text: 'proved | here', source: 'issue 1, item 1', tests: [real, missing] },
        'P1-1b': { text: 'proved nowhere', source: 'issue 1, item 1', tests: [] },
        R1: { text: 'clashes', source: 'issue 1, item 2', tests: [real] },
      },
      ['R1'],
    )
    expect(project.clashingIds).toEqual(['R1'])
    const security = matchProperties([{ id: 'R1', section: '1.1 Randomness', text: 'a verifier' }], {
      R1: [real],
    })
    const report = render(security, project, [], true)
    expect(report).toMatchObject({ covered: 1, applicable: 1, total: 1, projectCovered: 2, projectTotal: 3 })
    expect(report.broken).toEqual([{ id: 'P1-1a', ...missing }])
    const { markdown } = report
    expect(markdown).toContain(
      '**Properties of our own probes: 2 of 3 have a proving test (67 %), listed in a section of their own below.**',
    )
    const section = markdown.slice(markdown.indexOf(`## ${projectSection}`))
    expect(section).toContain(
      `| P1-1a | proved \\| here | issue 1, item 1 | \`${real.file}\`: “${real.test}” |`,
    )
    expect(section).toContain('| P1-1b | proved nowhere | issue 1, item 1 | **NOT COVERED** |')
    expect(section).toContain(`- P1-1a: no test “${missing.test}” in \`${missing.file}\``)
    expect(section).toContain('- R1 is a property of SECURITY.md and of our own probes')
  })

  it('writes no section of our own when there are none', () => {
    const security = matchProperties([{ id: 'R1', section: '1.1 Randomness', text: 'a verifier' }], {})
    const { markdown } = render(security, matchProjectProperties(undefined), [], true)
    expect(markdown).not.toContain(`## ${projectSection}`)
    expect(markdown).toContain('| R1 | a verifier | **NOT COVERED** |')
  })
})
