// `npm test`: installs what is missing (dependencies, Debian's Chromium, PostgreSQL), runs every Vitest
// project with a throwaway PostgreSQL server, builds the storefront, runs the Playwright suite, and ends
// with the line `tests: N passed, N failed` (`, N skipped` when any) counted over both runners.
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { chromiumPath, ensureChromium } from './ensure-chromium.mjs'
import { ensureDependencies } from './ensure-dependencies.mjs'
import { ensureNode24, withNodeFirst } from './node24.mjs'
import { startPostgres } from './postgres.mjs'
import { repoRoot, run, secondsSince } from './processes.mjs'
import { RUNTIME_TESTS } from './runtime-tests.mjs'
import { ensureStorefrontBuild } from './storefront-build.mjs'
import { formatSummary, readPlaywrightReport, readVitestReport } from './test-summary.mjs'

const usage = `usage: npm test [-- --unit-only | --e2e-only] [--node24] [--changed[=REF]]
  (no flag)       Vitest (PGlite and a PostgreSQL server) then Playwright in Chromium
  --unit-only     Vitest only: no Chromium, no storefront build
  --e2e-only      Playwright only: no PostgreSQL
  --node24        and the runtime tests (scripts/runtime-tests.mjs) again on Node 24, from the npm
                  registry when this Node is another major
  --changed[=REF] what a change touches: the Vitest files that import a file changed since REF (the
                  uncommitted changes when none is given) and the end-to-end story files changed`

const flags = process.argv.slice(2)
const knownFlags = ['--unit-only', '--e2e-only', '--node24', '--changed']
const changedFlag = flags.find((flag) => flag === '--changed' || flag.startsWith('--changed='))
if (flags.includes('--help') || flags.some((flag) => flag !== changedFlag && !knownFlags.includes(flag))) {
  console.log(usage)
  process.exit(flags.includes('--help') ? 0 : 2)
}
/** `--changed`: the uncommitted changes (`true`), or those since a commit. */
const changedSince = changedFlag ? (changedFlag.split('=')[1] ?? true) : undefined
/** The story files to run: undefined for every one. */
const changedStories = changedSince === undefined ? undefined : listChangedStories(changedSince)
const isUnitRun = !flags.includes('--e2e-only')
const isE2eRun = !flags.includes('--unit-only') && (changedStories === undefined || changedStories.length > 0)
const isNode24Run = isUnitRun && flags.includes('--node24')
if (!isUnitRun && !isE2eRun) {
  if (changedSince === undefined) {
    console.log(usage)
    process.exit(2)
  }
  console.log('npm test: no end-to-end story changed, and --e2e-only leaves nothing else to run')
  process.exit(0)
}

const started = performance.now()
const reports = join(repoRoot, '.tmp/test-results')
const vitestReport = join(reports, 'vitest.json')
const vitestNode24Report = join(reports, 'vitest-node24.json')
const playwrightReport = join(reports, 'playwright.json')
const playwrightConfig = join(repoRoot, 'e2e/playwright.config.ts')
rmSync(reports, { recursive: true, force: true })
mkdirSync(reports, { recursive: true })

/** @type {import('./test-summary.mjs').RunnerResult[]} */
const results = []
const notes = []
const log = (line) => console.log(`npm test: ${line}`)

try {
  await ensureDependencies({ log })
} catch (error) {
  // Nothing can run without dependencies.
  finish([setupFailure('npm ci', error)])
}

// Chromium first, so that a failed install shows early; the unit tests still run without it.
const chromiumError = isE2eRun
  ? await ensureChromium({ log }).then(
      () => undefined,
      (error) => error,
    )
  : undefined

if (isUnitRun) results.push(...(await runVitest()))
if (isE2eRun) results.push(await runPlaywright(chromiumError))
finish(results)

async function runVitest() {
  let postgres
  try {
    const pgStarted = performance.now()
    postgres = await startPostgres({ log })
    log(`PostgreSQL ready at ${postgres.url} in ${secondsSince(pgStarted)}`)
    const vitestStarted = performance.now()
    const changed =
      changedSince === undefined ? [] : ['--changed', ...(changedSince === true ? [] : [changedSince])]
    const code = await run(
      'npx',
      [
        '--no',
        'vitest',
        'run',
        ...changed,
        ...(changedSince === undefined ? [] : ['--passWithNoTests']),
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${vitestReport}`,
      ],
      { env: { ...process.env, TEST_DATABASE_URL: postgres.url } },
    )
    notes.push(
      `vitest ran in ${secondsSince(vitestStarted)}, with PostgreSQL at ${postgres.url} beside PGlite`,
    )
    const vitest = { ...readVitestReport(vitestReport, code), seconds: secondsOf(vitestStarted) }
    return isNode24Run ? [vitest, await runVitestOnNode24(postgres.url)] : [vitest]
  } catch (error) {
    return [setupFailure('vitest', error)]
  } finally {
    await postgres?.stop()
    if (postgres) log('PostgreSQL stopped and its directory removed')
  }
}

/**
 * The runtime tests again on Node 24 (decision 057, which replaces running the whole suite twice), with
 * the same PostgreSQL server: the files that exercise what differs between Node majors, so a difference
 * fails CI and not a user.
 * @param {string} databaseUrl
 */
async function runVitestOnNode24(databaseUrl) {
  try {
    const node24 = await ensureNode24({ log })
    const started = performance.now()
    const code = await run(
      'npx',
      [
        '--no',
        'vitest',
        'run',
        '--reporter=dot',
        '--reporter=json',
        `--outputFile.json=${vitestNode24Report}`,
        ...RUNTIME_TESTS.map(({ path }) => path),
      ],
      { env: withNodeFirst(node24, { ...process.env, TEST_DATABASE_URL: databaseUrl }) },
    )
    notes.push(`vitest on Node 24 ran the runtime tests in ${secondsSince(started)} (${node24})`)
    return { ...readVitestReport(vitestNode24Report, code), runner: 'vitest@24', seconds: secondsOf(started) }
  } catch (error) {
    return setupFailure('vitest@24', error)
  }
}

/** @param {Error | undefined} chromiumError */
async function runPlaywright(chromiumError) {
  try {
    if (chromiumError) throw chromiumError
    if (!existsSync(playwrightConfig)) {
      throw new Error('e2e/playwright.config.ts is missing, so the end-to-end suite cannot run')
    }
    await ensureStorefrontBuild({ log })
    const playwrightStarted = performance.now()
    const code = await run(
      'npx',
      [
        '--no',
        'playwright',
        'test',
        '-c',
        playwrightConfig,
        '--reporter=list,json',
        ...(changedStories ?? []),
      ],
      {
        env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_FILE: playwrightReport },
      },
    )
    notes.push(`playwright ran in ${secondsSince(playwrightStarted)}, in ${chromiumPath}`)
    return { ...readPlaywrightReport(playwrightReport, code), seconds: secondsOf(playwrightStarted) }
  } catch (error) {
    return setupFailure('playwright', error)
  }
}

/** Seconds since `started` (a `performance.now()`), as a number. */
function secondsOf(started) {
  return (performance.now() - started) / 1000
}

/**
 * The end-to-end story files changed since `since` (`true`: the uncommitted changes, staged or not, and
 * new files), as Playwright's file filters; undefined (every story) when a support file or the config
 * changed.
 * @param {string | true} since
 * @returns {string[] | undefined}
 */
function listChangedStories(since) {
  const git = (args) =>
    execFileSync('git', args, { cwd: repoRoot, encoding: 'utf8' }).split('\n').filter(Boolean)
  const changed = [
    ...git(['diff', '--name-only', ...(since === true ? ['HEAD'] : [since]), '--', 'e2e']),
    ...git(['ls-files', '--others', '--exclude-standard', '--', 'e2e']),
  ]
  if (changed.some((file) => !file.startsWith('e2e/tests/'))) return undefined
  return changed.filter((file) => file.endsWith('.spec.ts')).map((file) => file.slice('e2e/'.length))
}

/** A runner that could not start counts as one failure, named in the summary. */
function setupFailure(runner, error) {
  const message = error instanceof Error ? error.message : String(error)
  console.error(`npm test: ${runner}: ${message}`)
  return { runner, passed: 0, failed: 1, skipped: 0, failures: [`could not run: ${message}`], warnings: [] }
}

/** Prints the summary, whose very last line is the count, and exits. */
function finish(finalResults) {
  const ranNothing = finalResults.every((result) => result.passed + result.failed === 0)
  // With --changed, a change no test imports runs nothing, and that is an answer, not a failure.
  const isRanNothingFailure = ranNothing && changedSince === undefined
  if (isRanNothingFailure) notes.push('no test ran, which counts as a failure')
  if (ranNothing && !isRanNothingFailure) notes.push('no test imports what changed')
  notes.push(`reports: ${reports}; took ${secondsSince(started)}`)
  const { text, total } = formatSummary(finalResults, notes)
  console.log(text)
  process.exit(total.failed > 0 || isRanNothingFailure ? 1 : 0)
}
