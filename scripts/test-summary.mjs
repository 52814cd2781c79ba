// Reads the JSON reports of Vitest and Playwright into one count for `npm test`'s closing line.
import { existsSync, readFileSync } from 'node:fs'
import { relative } from 'node:path'
import { stripVTControlCharacters } from 'node:util'
import { repoRoot } from './processes.mjs'

/**
 * @typedef {object} RunnerResult
 * @property {string} runner
 * @property {number} passed
 * @property {number} failed
 * @property {number} skipped
 * @property {string[]} failures names of what failed, for the summary
 * @property {string[]} warnings what passed but deserves a look (flaky tests)
 * @property {FileTime[]} [files] each test file's time, for the split by part and the slowest files
 * @property {number} [seconds] the runner's whole time
 */

/**
 * @typedef {object} FileTime
 * @property {string} name the file, from the repository root
 * @property {string} part the workspace it tests (`sdk`, `platform`, `storefront`, `repository`, `e2e`)
 * @property {number} seconds from its first test's start to its last one's end (its hooks included)
 */

/** The part of the repository a test file belongs to, for the summary's split. */
export function partOf(name) {
  if (name.startsWith('packages/sdk/')) return 'sdk'
  if (name.startsWith('apps/platform/')) return 'platform'
  if (name.startsWith('apps/storefront/')) return 'storefront'
  if (name.startsWith('e2e/')) return 'e2e'
  return 'repository'
}

/**
 * Counts a Vitest JSON report. A test file that fails before its tests run (an import error) counts as
 * one failure, and so does a non-zero exit that the report does not explain (an unhandled error, no
 * report at all): the closing line never says "0 failed" when something broke.
 * @param {string} reportPath
 * @param {number} exitCode
 * @returns {RunnerResult}
 */
export function readVitestReport(reportPath, exitCode) {
  /** @type {RunnerResult} */
  const result = { runner: 'vitest', passed: 0, failed: 0, skipped: 0, failures: [], warnings: [], files: [] }
  const report = readJson(reportPath)
  if (report) {
    result.passed = report.numPassedTests ?? 0
    result.failed = report.numFailedTests ?? 0
    result.skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0)
    for (const file of report.testResults ?? []) {
      const name = relative(repoRoot, file.name)
      const seconds = Math.max(0, (file.endTime ?? 0) - (file.startTime ?? 0)) / 1000
      result.files?.push({ name, part: partOf(name), seconds })
      const failedTests = (file.assertionResults ?? []).filter((test) => test.status === 'failed')
      for (const test of failedTests) result.failures.push(`${name}: ${test.fullName}`)
      if (file.status === 'failed' && failedTests.length === 0) {
        result.failed++
        result.failures.push(`${name}: ${firstLine(file.message) || 'the file failed to run'}`)
      }
    }
  }
  return explainExitCode(result, exitCode, report !== undefined)
}

/**
 * Counts a Playwright JSON report: flaky tests passed on a retry and count as passed (and are named);
 * errors outside any test (a web server that never came up, a broken config) count as failures.
 * @param {string} reportPath
 * @param {number} exitCode
 * @returns {RunnerResult}
 */
export function readPlaywrightReport(reportPath, exitCode) {
  /** @type {RunnerResult} */
  const result = {
    runner: 'playwright',
    passed: 0,
    failed: 0,
    skipped: 0,
    failures: [],
    warnings: [],
    files: [],
  }
  const report = readJson(reportPath)
  if (report) {
    for (const suite of report.suites ?? []) {
      const name = `e2e/tests/${suite.file ?? suite.title}`
      result.files?.push({ name, part: 'e2e', seconds: sumDurations(suite) / 1000 })
    }
    const stats = report.stats ?? {}
    result.passed = (stats.expected ?? 0) + (stats.flaky ?? 0)
    result.failed = stats.unexpected ?? 0
    result.skipped = stats.skipped ?? 0
    for (const { title, status } of listPlaywrightTests(report.suites ?? [])) {
      if (status === 'unexpected') result.failures.push(title)
      if (status === 'flaky') result.warnings.push(`${title} is flaky: it passed on a retry`)
    }
    for (const error of report.errors ?? []) {
      result.failed++
      result.failures.push(firstLine(error.message) || 'an error outside any test')
    }
  }
  return explainExitCode(result, exitCode, report !== undefined)
}

/** Milliseconds the runs of a Playwright suite's tests took, its nested suites included. */
function sumDurations(suite) {
  let total = 0
  for (const spec of suite.specs ?? [])
    for (const test of spec.tests ?? []) for (const run of test.results ?? []) total += run.duration ?? 0
  for (const child of suite.suites ?? []) total += sumDurations(child)
  return total
}

function* listPlaywrightTests(suites, path = []) {
  for (const suite of suites) {
    const suitePath = suite.title ? [...path, suite.title] : path
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const project = test.projectName ? ` [${test.projectName}]` : ''
        yield { title: `${[...suitePath, spec.title].join(' › ')}${project}`, status: test.status }
      }
    }
    yield* listPlaywrightTests(suite.suites ?? [], suitePath)
  }
}

function explainExitCode(result, exitCode, hasReport) {
  if (exitCode !== 0 && result.failed === 0) {
    result.failed = 1
    const why = !hasReport
      ? 'without writing a report'
      : result.passed + result.skipped === 0
        ? 'and ran no test (no test files found?)'
        : 'although its report shows no failed test (an unhandled error?)'
    result.failures.push(`${result.runner} exited with code ${exitCode} ${why}; see its output above`)
  }
  return result
}

/**
 * Formats the summary; its last line is `tests: N passed, N failed` (`, N skipped` when any).
 * @param {RunnerResult[]} results
 * @param {string[]} notes lines printed before the totals
 */
export function formatSummary(results, notes = []) {
  const total = { passed: 0, failed: 0, skipped: 0 }
  const lines = ['', '── summary ──']
  for (const result of results) {
    total.passed += result.passed
    total.failed += result.failed
    total.skipped += result.skipped
    const took = result.seconds === undefined ? '' : ` in ${Math.round(result.seconds)} s`
    lines.push(`${result.runner.padEnd(11)} ${formatCounts(result)}${took}`)
    const split = splitByPart(result.files ?? [])
    if (split) lines.push(`  by part (file seconds, summed over workers): ${split}`)
    for (const failure of result.failures.slice(0, 30)) lines.push(`  ✗ ${failure}`)
    if (result.failures.length > 30) lines.push(`  … and ${result.failures.length - 30} more`)
    for (const warning of result.warnings) lines.push(`  ! ${warning}`)
  }
  const slowest = results
    .flatMap((result) => (result.files ?? []).map((file) => ({ ...file, runner: result.runner })))
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, 10)
  if (slowest.length > 0) {
    lines.push('slowest files:')
    for (const file of slowest)
      lines.push(`  ${file.seconds.toFixed(1).padStart(6)} s  ${file.name} (${file.runner})`)
  }
  lines.push(...notes, `tests: ${formatCounts(total)}`)
  return { text: lines.join('\n'), total }
}

/** `platform 213 files 540 s, sdk 40 files 31 s, …`, the largest part first; empty for no files. */
function splitByPart(files) {
  const parts = new Map()
  for (const file of files) {
    const part = parts.get(file.part) ?? { files: 0, seconds: 0 }
    part.files++
    part.seconds += file.seconds
    parts.set(file.part, part)
  }
  return [...parts]
    .sort((a, b) => b[1].seconds - a[1].seconds)
    .map(([name, part]) => `${name} ${part.files} files ${Math.round(part.seconds)} s`)
    .join(', ')
}

function formatCounts({ passed, failed, skipped }) {
  return `${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ''}`
}

function readJson(path) {
  if (!existsSync(path)) return undefined
  try {
    return JSON.parse(readFileSync(path, 'utf8'))
  } catch {
    return undefined
  }
}

function firstLine(text) {
  return (
    stripVTControlCharacters(String(text ?? ''))
      .split('\n')[0]
      ?.trim() ?? ''
  )
}
