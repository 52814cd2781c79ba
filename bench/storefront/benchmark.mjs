// The storefront as a shopper's phone sees it: Lighthouse's mobile performance score (median of 3 runs) on
// the home page, a collection, a product, the cart and a search of the production build, served by its own
// server beside the platform on the demo store; the gzipped JavaScript the home page makes the browser load,
// by part; and product pages per second under load on PostgreSQL, beside a baseline build when given
// (`BENCH_STOREFRONT_BASELINE`: a directory with an earlier build, its server.js and node_modules).
import { existsSync, readFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { ensureStorefrontBuild } from '../../scripts/storefront-build.mjs'
import { findPackageVersion } from '../harness/results.mjs'
import { startChromium } from './chromium.mjs'
import { auditPerformance } from './lighthouse-runs.mjs'
import { measurePageJavaScript, sumByPart } from './page-javascript.mjs'
import { measureRenderLoad } from './render-load.mjs'
import { startSystem } from './system.mjs'

export const name = 'storefront'
export const title = 'Storefront: Lighthouse mobile performance'

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3)
const BASELINE = process.env.BENCH_STOREFRONT_BASELINE || undefined
const BASELINE_LABEL = process.env.BENCH_STOREFRONT_BASELINE_LABEL || 'baseline'

/** Issue 16's budgets (React 19 renders the storefront). */
const BUDGETS = { performanceScore: 0.95, homeJavaScriptGzipBytes: 120_000 }

/** The pages measured, in the demo store (apps/platform/src/seed). */
const PAGES = [
  { page: 'home', path: '/' },
  { page: 'collection', path: '/collections/tees-and-tops' },
  { page: 'product', path: '/products/classic-tee' },
  { page: 'cart', path: '/cart' },
  { page: 'search', path: '/products?q=tee' },
]

/** Scores issue 8 measured on this kind of machine for the peers; not measured by this benchmark. */
const ANCHORS = [
  { label: 'vercel/commerce', low: 0.71, high: 0.81, javaScriptKb: 175 },
  { label: 'nextjs-starter-medusa', low: 0.52, high: 0.7, javaScriptKb: 412 },
]

/** Home page JavaScript of the peers, gzipped, as issue 16 gives them; not measured by this benchmark. */
const PEER_JAVASCRIPT_KB = [
  { label: 'Hydrogen skeleton', javaScriptKb: 112 },
  { label: 'vercel/commerce', javaScriptKb: 175 },
  { label: 'Medusa starter', javaScriptKb: 412 },
]

/** The committed result of the previous run, to report each figure beside the one before it. */
function readPreviousResult() {
  const file = new URL('../results/storefront.json', import.meta.url)
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined
}

/**
 * This build's product pages per second and p99 of the previous run, by profile (the profiles it had).
 * @param {any} previous
 */
function previousRenderFigures(previous) {
  const build = previous?.renderLoad?.builds?.find((candidate) => candidate.label === 'this build')
  if (!build) return undefined
  return {
    date: previous.date,
    loadAverageAtEnd: previous.loadAverageAtEnd,
    profiles: Object.fromEntries(
      Object.entries(build.profiles).map(([profile, figures]) => [
        profile,
        { requestsPerSecond: figures.requestsPerSecond, p99Ms: figures.latencyMs.p99 },
      ]),
    ),
  }
}

/** @param {{ log: (line: string) => void }} options */
export async function run({ log }) {
  const previous = readPreviousResult()
  await ensureStorefrontBuild({ log })
  let system = await startSystem()
  let isSystemRunning = true
  const stopSystem = async () => {
    if (isSystemRunning) await system.stop()
    isSystemRunning = false
  }
  let chromium
  try {
    log(`platform on ${system.apiUrl}, storefront on ${system.storefrontUrl}`)
    const homeUrl = new URL('/', system.storefrontUrl).href
    const javaScript = await measurePageJavaScript(homeUrl)
    const javaScriptParts = sumByPart(javaScript.files)
    log(`home page JavaScript: ${javaScript.gzipBytes} bytes gzipped in ${javaScript.files.length} files`)
    for (const [part, bytes] of Object.entries(javaScriptParts)) log(`  ${part}: ${bytes} bytes`)

    chromium = await startChromium()
    const chromiumVersion = chromium.version
    log(`${chromiumVersion}, DevTools on port ${chromium.port}`)
    const pages = []
    // BENCH_LIGHTHOUSE_RUNS=0 leaves Lighthouse out (for quick runs of the other figures).
    for (const { page, path } of RUNS > 0 ? PAGES : []) {
      // As a newcomer measures (issue 36 item 4): each page on a freshly started system whose only request
      // before Lighthouse is that page's HTML (the server's module loading is not measured), so no earlier
      // page warms what this one needs (pictures, caches). The first run is the first visitor's.
      await stopSystem()
      system = await startSystem()
      isSystemRunning = true
      const url = new URL(path, system.storefrontUrl).href
      await (await fetch(url)).arrayBuffer()
      const audit = await auditPerformance(url, { port: chromium.port, runs: RUNS })
      log(
        `${page} (${path}): scores ${audit.scores.join(', ')}, median ${audit.medianScore}, first visit ${audit.scores[0]}; LCP ${audit.medianRun.largestContentfulPaintMs} ms (${audit.medianRun.largestContentfulPaintElement ?? 'no element'})`,
      )
      pages.push({
        page,
        path,
        ...audit,
        firstVisitScore: audit.scores[0],
        meetsBudget: audit.medianScore >= BUDGETS.performanceScore,
      })
    }
    // The platform and storefront of the e2e setup are no longer needed: the load runs start their own.
    await chromium?.stop()
    chromium = undefined
    await stopSystem()
    const renderLoad = await measureRenderLoad({
      log,
      baselineDirectory: BASELINE,
      baselineLabel: BASELINE_LABEL,
    })
    const load = loadavg().map((value) => Math.round(value * 100) / 100)
    renderLoad.previous = previousRenderFigures(previous)
    // A run without Lighthouse (BENCH_LIGHTHOUSE_RUNS=0) keeps the scores of the run that measured them.
    const isLighthouseCarried = pages.length === 0 && Boolean(previous?.pages?.length)
    if (isLighthouseCarried) pages.push(...previous.pages)
    return {
      figures: {
        method: `Lighthouse ${pages[0]?.lighthouseVersion} ${pages[0]?.formFactor} defaults (simulated slow 4G, 4x CPU slowdown), performance only, ${RUNS} runs per page in one headless Chromium, each with cleared storage; each page on a freshly started system (fresh demo database) with only its HTML requested before; median score, and the first run's (the first visitor's) beside it`,
        versions: {
          lighthouse: findPackageVersion('lighthouse'),
          chromium: chromiumVersion,
          react: findPackageVersion('react'),
          'react-router': findPackageVersion('react-router'),
        },
        budgets: BUDGETS,
        pages,
        ...(isLighthouseCarried ? { pagesMeasuredOn: previous.pagesMeasuredOn ?? previous.date } : {}),
        homeJavaScript: {
          gzipBytes: javaScript.gzipBytes,
          bytes: javaScript.bytes,
          meetsBudget: javaScript.gzipBytes <= BUDGETS.homeJavaScriptGzipBytes,
          parts: javaScriptParts,
          files: javaScript.files,
          peers: PEER_JAVASCRIPT_KB.map((peer) => ({ ...peer, source: 'issue 16, not measured here' })),
        },
        renderLoad,
        anchors: ANCHORS.map((anchor) => ({
          ...anchor,
          source: 'issue 8, measured on this kind of machine',
        })),
        loadAverageAtEnd: load,
        note: 'Lighthouse simulates the phone from the CPU time it observes: on a loaded machine scores are pessimistic.',
      },
      chart: {
        title: 'Lighthouse mobile performance (0–100, higher is better)',
        subtitle: [
          isLighthouseCarried
            ? `Lighthouse scores carried from the run of ${(previous.pagesMeasuredOn ?? previous.date).slice(0, 10)} (this run left Lighthouse out)`
            : `Median of ${RUNS} runs per page, production build with the platform, Lighthouse ${findPackageVersion('lighthouse')} in ${chromiumVersion}`,
          `Home page JavaScript: ${(javaScript.gzipBytes / 1000).toFixed(1)} kB gzipped (budget ${BUDGETS.homeJavaScriptGzipBytes / 1000} kB); load average ${load[0]} at the end of the run`,
          `Home page JavaScript by part: ${Object.entries(javaScriptParts)
            .map(([part, bytes]) => `${part} ${(bytes / 1000).toFixed(1)} kB`)
            .join(
              ', ',
            )}; peers (issue 16): ${PEER_JAVASCRIPT_KB.map((peer) => `${peer.label} ${peer.javaScriptKb} kB`).join(', ')}`,
          ...renderLoad.builds.map(
            (build) =>
              `Product page at 20 connections on PostgreSQL, ${build.label}: ${Object.entries(build.profiles)
                .map(
                  ([profile, figures]) =>
                    `${profile} ${figures.requestsPerSecond} pages/s, p99 ${figures.latencyMs.p99} ms${describePrevious(renderLoad.previous, build, profile)}`,
                )
                .join('; ')}`,
          ),
          'Grey rows: issue 8’s anchors (ranges measured earlier), not measured in this run',
        ],
        series: [{ name: 'best run (anchors: high end)' }, { name: 'median (anchors: low end)' }],
        rows: [
          ...pages.map((page) => ({
            label: `Aisle ${page.page}`,
            details: [page.path],
            isOurs: true,
            values: [Math.max(...page.scores) * 100, page.medianScore * 100],
            note: `${Math.round(page.medianScore * 100)} (runs ${page.scores.map((score) => Math.round(score * 100)).join(', ')})`,
          })),
          ...ANCHORS.map((anchor) => ({
            label: anchor.label,
            details: ['anchor from issue 8'],
            values: [anchor.high * 100, anchor.low * 100],
            note: `${Math.round(anchor.low * 100)}–${Math.round(anchor.high * 100)}`,
          })),
        ],
      },
    }
  } finally {
    await chromium?.stop()
    await stopSystem()
  }
}

/** `(before: N pages/s, p99 M ms)` for this build's profile the previous run measured too. */
function describePrevious(previous, build, profile) {
  const before = build.label === 'this build' ? previous?.profiles?.[profile] : undefined
  return before ? ` (before: ${before.requestsPerSecond} pages/s, p99 ${before.p99Ms} ms)` : ''
}
