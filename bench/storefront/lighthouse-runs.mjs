// Lighthouse's mobile performance audit (its default: a mid-range phone on a slow 4G network, simulated),
// run several times per page in one Chromium; the median score is the figure.
import lighthouse from 'lighthouse'

/** The metrics kept from each run, by Lighthouse audit id, in milliseconds (CLS unitless). */
const METRICS = {
  firstContentfulPaintMs: 'first-contentful-paint',
  largestContentfulPaintMs: 'largest-contentful-paint',
  totalBlockingTimeMs: 'total-blocking-time',
  speedIndexMs: 'speed-index',
  cumulativeLayoutShift: 'cumulative-layout-shift',
}

/** The middle value of an odd list, the mean of the middle two of an even one. */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/**
 * Audits `url` `runs` times for performance in the Chromium listening on `port`; each run starts with
 * cleared storage (a first visit).
 * @returns {Promise<{ scores: number[], medianScore: number, medianRun: Record<string, number> }>}
 * @throws {Error} when Lighthouse cannot load the page or reports a runtime error
 */
export async function auditPerformance(url, { port, runs }) {
  const results = []
  for (let run = 0; run < runs; run += 1) {
    const lhr = await auditOnce(url, port)
    if (!lhr || lhr.runtimeError) {
      throw new Error(`Lighthouse could not audit ${url}: ${lhr?.runtimeError?.message ?? 'no result'}`)
    }
    const score = lhr.categories.performance.score
    if (typeof score !== 'number') throw new Error(`Lighthouse gave ${url} no performance score`)
    const metrics = {
      ...Object.fromEntries(
        Object.entries(METRICS).map(([name, id]) => [name, round(lhr.audits[id]?.numericValue)]),
      ),
      ...largestPaint(lhr),
    }
    results.push({
      score,
      metrics,
      lighthouseVersion: lhr.lighthouseVersion,
      formFactor: lhr.configSettings.formFactor,
    })
  }
  const scores = results.map((result) => result.score)
  const medianScore = median(scores)
  // The run whose score is the median (the first such), for its metrics.
  const medianResult = results.find((result) => result.score === medianScore) ?? results[0]
  return {
    scores,
    medianScore,
    medianRun: medianResult.metrics,
    lighthouseVersion: medianResult.lighthouseVersion,
    formFactor: medianResult.formFactor,
  }
}

/** Lighthouse's own advice for a trace it could not record: run it again (twice at most). */
const RETRIED_ERRORS = new Set(['NO_NAVSTART', 'NO_FCP'])

async function auditOnce(url, port) {
  for (let attempt = 1; ; attempt += 1) {
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    })
    const code = result?.lhr?.runtimeError?.code
    if (!code || !RETRIED_ERRORS.has(code) || attempt === 3) return result?.lhr
  }
}

/**
 * What the largest paint was and where its time went: the element's HTML as Lighthouse quotes it, and
 * its phases in milliseconds (TTFB, load delay, load time, render delay; the picture's own request is
 * the load time).
 */
function largestPaint(lhr) {
  const tables = lhr.audits['largest-contentful-paint-element']?.details?.items ?? []
  const element = tables[0]?.items?.[0]?.node?.snippet
  const phases = Object.fromEntries(
    (tables[1]?.items ?? []).map((phase) => [phase.phase, round(phase.timing)]),
  )
  return { largestContentfulPaintElement: element, largestContentfulPaintPhasesMs: phases }
}

function round(value) {
  return typeof value === 'number' ? Math.round(value * 1000) / 1000 : undefined
}
