// `npm run bench [-- <name>...]`: runs every benchmark (or the named ones); each writes
// results/<name>.json (figures, versions, date, machine) and results/<name>.svg (the chart).
import { ensureDependencies } from '../scripts/ensure-dependencies.mjs'
import { secondsSince } from '../scripts/processes.mjs'
import { renderBarChart } from './harness/bar-chart.mjs'
import { describeMachine, writeResults } from './harness/results.mjs'

/**
 * Each benchmark module exports `name`, `title` and `run({ log })`, which resolves to
 * `{ figures, chart }`: the figures for the JSON file and the bar chart to draw, or `{ keep: false }` for a
 * run whose figures are not the benchmark's (profiled, without its peers, beside another build).
 */
const benchmarks = {
  'sdk-size': () => import('./sdk-size/benchmark.mjs'),
  'sdk-overhead': () => import('./sdk-overhead/benchmark.mjs'),
  'catalogue-query': () => import('./catalogue-query/benchmark.mjs'),
  'add-to-cart': () => import('./add-to-cart/benchmark.mjs'),
  funnel: () => import('./funnel/benchmark.mjs'),
  'order-path': () => import('./order-path/benchmark.mjs'),
  storefront: () => import('./storefront/benchmark.mjs'),
}

const requested = process.argv.slice(2)
const unknown = requested.filter((name) => !(name in benchmarks))
if (unknown.length > 0) {
  console.error(`unknown benchmark: ${unknown.join(', ')}; known: ${Object.keys(benchmarks).join(', ')}`)
  process.exit(2)
}

await ensureDependencies()
const machine = describeMachine()
let failures = 0
for (const name of requested.length > 0 ? requested : Object.keys(benchmarks)) {
  const benchmark = await benchmarks[name]()
  const started = performance.now()
  console.log(`\n${benchmark.title} (${name})`)
  try {
    const { figures, chart, keep = true } = await benchmark.run({ log: (line) => console.log(`  ${line}`) })
    if (!keep) {
      // A profiled run, or one without its peers or beside another build: its figures are in the log only.
      console.log(
        `  not written to results/ (a profile, baseline or peerless run) in ${secondsSince(started)}`,
      )
      continue
    }
    const date = new Date().toISOString()
    const footnote = `${machine.cpu}, ${machine.cores} cores, ${machine.os}, Node ${machine.node} · ${date.slice(0, 10)} · npm run bench`
    const paths = writeResults(
      name,
      { benchmark: name, title: benchmark.title, date, machine, ...figures },
      renderBarChart({ ...chart, footnote }),
    )
    console.log(`  wrote ${paths.json} and ${paths.svg} in ${secondsSince(started)}`)
  } catch (error) {
    failures++
    console.error(`  FAILED: ${error instanceof Error ? error.message : error}`)
  }
}
process.exitCode = failures > 0 ? 1 : 0
