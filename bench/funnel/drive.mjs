// The funnel load: N virtual shoppers at once, each going through the whole funnel again and again
// (a new visitor each time) until the time is up; every step timed, every failure kept.
import { findCollectionIds, RefusalError, runShopper, STEPS, StepError } from './shopper.mjs'

/**
 * @typedef {object} FunnelLoad
 * @property {number} seconds how long the shoppers ran
 * @property {number} funnels funnels completed (orders placed)
 * @property {Record<string, number[]>} latencies milliseconds of each answered step
 * @property {{ step: string, status: number | string, message: string, at: number }[]} errors
 * @property {{ step: string, reason: string, at: number }[]} refusals orders rightly refused (sold out,
 *   price changed since the shopper read the product): answers, not errors
 */

/**
 * Drives the funnel against `baseUrl` with `shoppers` concurrent shoppers for `seconds`.
 * Never throws for a failed step: failures are counted (with their step and status), right refusals
 * apart from them, and the shopper starts again as a new visitor after `pauseAfterErrorMs`.
 * @param {{ baseUrl: string, shoppers: number, seconds: number, signal?: AbortSignal,
 *   pauseAfterErrorMs?: number,
 *   onAcknowledged?: (write: { kind: 'add' | 'order', checkoutId?: string, token: string }) => void }} options
 * @returns {Promise<FunnelLoad>}
 */
export async function driveFunnel({
  baseUrl,
  shoppers,
  seconds,
  signal,
  pauseAfterErrorMs = 50,
  onAcknowledged,
}) {
  const collectionIds = await findCollectionIds(fetch, baseUrl)
  /** @type {Record<string, number[]>} */
  const latencies = Object.fromEntries(STEPS.map((step) => [step, []]))
  /** @type {FunnelLoad['errors']} */
  const errors = []
  /** @type {FunnelLoad['refusals']} */
  const refusals = []
  const started = performance.now()
  const deadline = started + seconds * 1000
  let funnels = 0
  const timed = async (step, fn) => {
    const stepStarted = performance.now()
    try {
      const result = await fn()
      latencies[step].push(performance.now() - stepStarted)
      return result
    } catch (error) {
      throw error instanceof StepError || error instanceof RefusalError
        ? error
        : Object.assign(error, { step })
    }
  }
  const shopper = async () => {
    while (performance.now() < deadline && !signal?.aborted) {
      try {
        await runShopper({ fetch, baseUrl, collectionIds, around: timed, onAcknowledged })
        funnels++
      } catch (error) {
        if (error instanceof RefusalError)
          refusals.push({
            step: error.step,
            reason: error.reason,
            at: Math.round(performance.now() - started),
          })
        else
          errors.push({
            step: error.step ?? 'unknown',
            status: error.status ?? error.cause?.code ?? error.code ?? 'network',
            message: String(error.message).slice(0, 200),
            at: Math.round(performance.now() - started),
          })
        await new Promise((resolve) => setTimeout(resolve, pauseAfterErrorMs))
      }
    }
  }
  await Promise.all(Array.from({ length: shoppers }, shopper))
  return { seconds: (performance.now() - started) / 1000, funnels, latencies, errors, refusals }
}

/**
 * Per step: answers per second, p50/p95/p99 and max in milliseconds, and the failures.
 * @param {FunnelLoad} load
 */
export function summariseFunnel(load) {
  const steps = {}
  for (const step of STEPS) {
    const sorted = [...load.latencies[step]].sort((a, b) => a - b)
    steps[step] = {
      answered: sorted.length,
      perSecond: Math.round((sorted.length / load.seconds) * 10) / 10,
      latencyMs: {
        p50: percentile(sorted, 0.5),
        p95: percentile(sorted, 0.95),
        p99: percentile(sorted, 0.99),
        max: percentile(sorted, 1),
      },
      errors: load.errors.filter((error) => error.step === step).length,
      refusals: load.refusals.filter((refusal) => refusal.step === step).length,
    }
  }
  return {
    seconds: Math.round(load.seconds * 10) / 10,
    funnelsCompleted: load.funnels,
    funnelsPerSecond: Math.round((load.funnels / load.seconds) * 10) / 10,
    errors: load.errors.length,
    refusals: load.refusals.length,
    refusalsByReason: Object.fromEntries(
      [...new Set(load.refusals.map((refusal) => refusal.reason))].map((reason) => [
        reason,
        load.refusals.filter((refusal) => refusal.reason === reason).length,
      ]),
    ),
    steps,
  }
}

/** The value at fraction `q` of sorted milliseconds (nearest rank), to 0.1 ms. */
function percentile(sorted, q) {
  if (sorted.length === 0) return null
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))
  return Math.round(sorted[index] * 10) / 10
}
