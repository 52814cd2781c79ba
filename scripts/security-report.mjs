// `node scripts/security-report.mjs`: the security figures. Lists each property of SECURITY.md with
// the tests that prove it (scripts/security-properties.json, every entry checked against its file
// now) or NOT COVERED, then the same for the properties of our own probes that SECURITY.md does not
// have (projectProperties there, such as issue 28's), and the bad inputs tried per family from the
// suites' reports in apps/platform/.reports (the hostile-input fuzzer's, the fault suite's). Writes
// docs/security-report.md.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { repoRoot } from './processes.mjs'

const securityFile = process.env.SECURITY_MD ?? join(repoRoot, '..', 'shared', 'design', 'SECURITY.md')
const mappingFile = join(repoRoot, 'scripts', 'security-properties.json')
const reportsDir = join(repoRoot, 'apps', 'platform', '.reports')
const outputFile = process.env.SECURITY_REPORT ?? join(repoRoot, 'docs', 'security-report.md')

/**
 * The properties of SECURITY.md: every table row whose first cell is an id (`R1`, `T10`, `H-2`), with
 * the section it sits in and its text.
 * @param {string} markdown
 * @returns {{ id: string, section: string, text: string }[]}
 */
export function parseProperties(markdown) {
  const properties = []
  let section = ''
  for (const line of markdown.split('\n')) {
    const heading = /^#{2,4}\s+(.*)$/.exec(line)
    if (heading) section = heading[1].trim()
    const row = /^\|\s*([A-Z]+-?\d+)\s*\|\s*(.*?)\s*\|/.exec(line)
    if (row) properties.push({ id: row[1], section, text: row[2] })
  }
  return properties
}

/** Index just past the string literal that opens at `at` (', " or `), or -1 when it never closes. */
function skipString(source, at) {
  const quote = source[at]
  for (let index = at + 1; index < source.length; index++) {
    if (source[index] === '\\') index++
    else if (source[index] === quote) return index + 1
  }
  return -1
}

/**
 * Index just past the group that opens at `at` (`(`, `[`, `{` or `<`), skipping strings and comments
 * inside it; -1 when it never closes. In `<...>`, the `>` of an arrow (`=>`) does not close.
 */
function skipGroup(source, at) {
  const closing = { '(': ')', '[': ']', '{': '}', '<': '>' }
  const stack = [closing[source[at]]]
  for (let index = at + 1; index < source.length; index++) {
    const char = source[index]
    if (char === "'" || char === '"' || char === '`') {
      index = skipString(source, index) - 1
      if (index < 0) return -1
    } else if (char === '/' && source[index + 1] === '/') {
      index = source.indexOf('\n', index)
      if (index < 0) return -1
    } else if (char === '/' && source[index + 1] === '*') {
      index = source.indexOf('*/', index) + 1
      if (index <= 0) return -1
    } else if (char in closing && (char !== '<' || stack.at(-1) === '>')) {
      stack.push(closing[char])
    } else if (char === stack.at(-1) && !(char === '>' && source[index - 1] === '=')) {
      stack.pop()
      if (stack.length === 0) return index + 1
    }
  }
  return -1
}

/**
 * The names of the tests in a source file, as written: the string right after `it(`, `test(` and
 * their forms (`it.only(`, `it.each([...])(`, `it.each<T>([...])(`, `test.skip(`), however long the
 * table of an `.each` is.
 * @param {string} source
 * @returns {string[]}
 */
export function listTestNames(source) {
  const names = []
  const call = /(?<![\w$.])(it|test)((?:\.\w+)*)\s*/g
  for (let match = call.exec(source); match; match = call.exec(source)) {
    const chain = match[2]
    if (/\.(describe|step|use|extend|beforeEach|afterEach|beforeAll|afterAll)\b/.test(chain)) continue
    let at = match.index + match[0].length
    if (source[at] === '<') at = skipGroup(source, at)
    if (at < 0 || source[at] !== '(') continue
    if (/\.each\b/.test(chain)) {
      at = skipGroup(source, at)
      while (at >= 0 && /\s/.test(source[at] ?? '')) at++
      if (at < 0 || source[at] !== '(') continue
    }
    at++
    while (/\s/.test(source[at] ?? '')) at++
    if (!'\'"`'.includes(source[at] ?? 'x')) continue
    const end = skipString(source, at)
    if (end > at) names.push(source.slice(at + 1, end - 1))
  }
  return names
}

/**
 * Whether `file` holds a test named `test` (see `listTestNames`; a prefix of the name suffices, for
 * names that go on in a template or a `%s`).
 */
export function holdsTest(file, test) {
  const path = join(repoRoot, file)
  if (!existsSync(path)) return false
  return listTestNames(readFileSync(path, 'utf8')).some((name) => name.startsWith(test))
}

/**
 * Each property with its proving tests that exist; `broken` lists mapped tests not found.
 * @param {{ id: string }[]} properties
 * @param {Record<string, { file: string, test: string }[]>} mapping
 */
export function matchProperties(properties, mapping, notApplicable = {}) {
  const known = new Set(properties.map((property) => property.id))
  const unknownIds = [...Object.keys(mapping), ...Object.keys(notApplicable)].filter((id) => !known.has(id))
  const rows = properties.map((property) => {
    const entries = mapping[property.id] ?? []
    const proving = entries.filter((entry) => holdsTest(entry.file, entry.test))
    const broken = entries.filter((entry) => !proving.includes(entry))
    return { ...property, proving, broken, notApplicable: notApplicable[property.id] }
  })
  return { rows, unknownIds }
}

/** The section the properties of our own probes are listed in. */
export const projectSection = 'Properties of our own probes'

/**
 * The properties of our own probes (`projectProperties` of the mapping: id -> `{ text, source, tests }`),
 * each with its proving tests that exist and, in `broken`, its mapped tests not found, as
 * `matchProperties` does for SECURITY.md's. `clashingIds` lists ids that SECURITY.md has too (`known`).
 * @param {Record<string, { text: string, source?: string, tests?: { file: string, test: string }[] }>} projectProperties
 * @param {Iterable<string>} [known] the ids of SECURITY.md's properties
 */
export function matchProjectProperties(projectProperties = {}, known = []) {
  const securityIds = new Set(known)
  const rows = Object.entries(projectProperties).map(([id, property]) => {
    const entries = property.tests ?? []
    const proving = entries.filter((entry) => holdsTest(entry.file, entry.test))
    const broken = entries.filter((entry) => !proving.includes(entry))
    return {
      id,
      section: projectSection,
      text: property.text,
      source: property.source ?? '',
      proving,
      broken,
    }
  })
  return { rows, clashingIds: rows.map((row) => row.id).filter((id) => securityIds.has(id)) }
}

/** The families of bad input (and faults) the suites' JSON reports count, per report. */
function readReports() {
  if (!existsSync(reportsDir)) return []
  return readdirSync(reportsDir)
    .filter((name) => name.endsWith('.json'))
    .flatMap((name) => {
      try {
        const report = JSON.parse(readFileSync(join(reportsDir, name), 'utf8'))
        return Array.isArray(report.families) ? [{ name, ...report }] : []
      } catch {
        return []
      }
    })
}

const cell = (text) => String(text).replaceAll('|', '\\|').replaceAll('\n', ' ')

/** How a property is proved: its tests that exist, the reason it does not apply, or NOT COVERED. */
function proofCell(row) {
  if (row.proving.length > 0)
    return row.proving.map((entry) => `\`${entry.file}\`: “${cell(entry.test)}”`).join('<br>')
  return row.notApplicable ? `does not apply: ${cell(row.notApplicable)}` : '**NOT COVERED**'
}

/**
 * The report's markdown and figures.
 * @param {{ rows: object[], unknownIds: string[] }} security SECURITY.md's properties (`matchProperties`)
 * @param {{ rows: object[], clashingIds: string[] }} project our own (`matchProjectProperties`)
 * @param {object[]} reports the suites' reports
 * @param {boolean} securityFound whether SECURITY.md was read
 */
export function render({ rows, unknownIds }, project, reports, securityFound) {
  const covered = rows.filter((row) => row.proving.length > 0).length
  const applicable = rows.filter((row) => row.proving.length > 0 || !row.notApplicable).length
  const projectCovered = project.rows.filter((row) => row.proving.length > 0).length
  const lines = [
    '# Security figures',
    '',
    `Generated by \`node scripts/security-report.mjs\` on ${new Date().toISOString()}; do not edit by hand.`,
    'The mapping of properties to tests is `scripts/security-properties.json`; each listed test was found',
    'in its file when this report was written.',
    '',
  ]
  if (!securityFound)
    lines.push(`SECURITY.md was not found at \`${securityFile}\`: only the mapped properties are listed.`, '')
  lines.push(
    `**Coverage: ${covered} of ${applicable} applicable properties have a proving test (${Math.round((covered / Math.max(1, applicable)) * 100)} %); ${rows.length - applicable} of ${rows.length} do not apply, each with its reason below.**`,
    '',
    `**Properties of our own probes: ${projectCovered} of ${project.rows.length} have a proving test (${Math.round((projectCovered / Math.max(1, project.rows.length)) * 100)} %), listed in a section of their own below.**`,
    '',
    '## Bad inputs tried, per family',
    '',
  )
  if (reports.length === 0)
    lines.push('No suite report in `apps/platform/.reports` (run the fuzzer and the fault suite first).', '')
  for (const report of reports) {
    const total = report.families.reduce((sum, family) => sum + (family.tried ?? 0), 0)
    lines.push(
      `### ${report.suite ?? report.name} (${report.generatedAt ?? 'undated'})`,
      '',
      `${total} tried${report.routes ? ` over ${report.routes} routes` : ''}.`,
      '',
      '| family | tried | refused | accepted |',
      '|---|---:|---:|---:|',
      ...report.families.map(
        (family) =>
          `| ${cell(family.family)} | ${family.tried ?? ''} | ${family.refused ?? ''} | ${family.accepted ?? ''} |`,
      ),
      '',
    )
  }
  lines.push('## Properties', '')
  let section
  for (const row of rows) {
    if (row.section !== section) {
      section = row.section
      lines.push(`### ${section}`, '', '| id | property | proved by |', '|---|---|---|')
    }
    const text = row.text.length > 160 ? `${row.text.slice(0, 157)}…` : row.text
    lines.push(`| ${row.id} | ${cell(text)} | ${proofCell(row)} |`)
    if (row === rows.at(-1) || rows[rows.indexOf(row) + 1].section !== section) lines.push('')
  }
  if (project.rows.length > 0) {
    // Their text is nowhere else, so it is shown whole.
    lines.push(
      `## ${projectSection}`,
      '',
      'Found by our own probes of a running platform and storefront; SECURITY.md does not list them.',
      '',
      '| id | property | source | proved by |',
      '|---|---|---|---|',
      ...project.rows.map(
        (row) => `| ${row.id} | ${cell(row.text)} | ${cell(row.source)} | ${proofCell(row)} |`,
      ),
      '',
    )
  }
  const broken = [...rows, ...project.rows].flatMap((row) =>
    row.broken.map((entry) => ({ id: row.id, ...entry })),
  )
  const { clashingIds } = project
  if (broken.length > 0 || unknownIds.length > 0 || clashingIds.length > 0) {
    lines.push('## Mapping problems', '')
    for (const entry of broken) lines.push(`- ${entry.id}: no test “${entry.test}” in \`${entry.file}\``)
    for (const id of unknownIds) lines.push(`- ${id} is not a property of SECURITY.md`)
    for (const id of clashingIds) lines.push(`- ${id} is a property of SECURITY.md and of our own probes`)
    lines.push('')
  }
  return {
    markdown: lines.join('\n'),
    covered,
    applicable,
    total: rows.length,
    projectCovered,
    projectTotal: project.rows.length,
    broken,
    unknownIds,
    clashingIds,
  }
}

/** Writes the report; resolves to its figures. */
export function writeSecurityReport() {
  const {
    properties: mapping,
    notApplicable,
    projectProperties,
  } = JSON.parse(readFileSync(mappingFile, 'utf8'))
  const securityFound = existsSync(securityFile)
  const properties = securityFound
    ? parseProperties(readFileSync(securityFile, 'utf8'))
    : Object.keys(mapping).map((id) => ({ id, section: 'Mapped properties', text: '' }))
  const project = matchProjectProperties(
    projectProperties,
    properties.map((property) => property.id),
  )
  const result = render(
    matchProperties(properties, mapping, notApplicable),
    project,
    readReports(),
    securityFound,
  )
  writeFileSync(outputFile, result.markdown)
  return { ...result, outputFile }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = writeSecurityReport()
  const { covered, applicable, total, projectCovered, projectTotal, broken, unknownIds, clashingIds } = result
  console.log(
    `security report: ${covered}/${applicable} applicable properties covered (${total - applicable} do not apply), ${projectCovered}/${projectTotal} properties of our own probes covered; wrote ${result.outputFile}`,
  )
  for (const entry of broken)
    console.error(`  mapped test not found: ${entry.id} ${entry.file}: ${entry.test}`)
  for (const id of unknownIds) console.error(`  mapped id not in SECURITY.md: ${id}`)
  for (const id of clashingIds) console.error(`  id of our own probes also in SECURITY.md: ${id}`)
  process.exitCode = broken.length > 0 || unknownIds.length > 0 || clashingIds.length > 0 ? 1 : 0
}
