import { monitorEventLoopDelay } from 'node:perf_hooks'
import { createGauge, type MetricFamily } from './prometheus-exposition.ts'

const NS_PER_SECOND = 1e9
const DELAY_QUANTILES = [0.5, 0.9, 0.99] as const

/**
 * Memory, uptime and event-loop delay of this process. The delay is sampled every 20 ms by
 * `monitorEventLoopDelay` and reset after each scrape, so each scrape tells of the interval since the
 * one before; the monitor's timer does not keep the process alive.
 */
export function createProcessMetrics(): MetricFamily[] {
  const delay = monitorEventLoopDelay({ resolution: 20 })
  delay.enable()
  const memory = (pick: (usage: NodeJS.MemoryUsage) => number) => () => [
    { value: pick(process.memoryUsage()) },
  ]
  return [
    createGauge({
      name: 'aisle_process_heap_used_bytes',
      help: 'V8 heap in use.',
      collect: memory((usage) => usage.heapUsed),
    }),
    createGauge({
      name: 'aisle_process_heap_total_bytes',
      help: 'V8 heap reserved.',
      collect: memory((usage) => usage.heapTotal),
    }),
    createGauge({
      name: 'aisle_process_resident_memory_bytes',
      help: 'Resident set size of the process.',
      collect: memory((usage) => usage.rss),
    }),
    createGauge({
      name: 'aisle_process_uptime_seconds',
      help: 'Seconds since the process started.',
      collect: () => [{ value: process.uptime() }],
    }),
    createGauge({
      name: 'aisle_event_loop_delay_seconds',
      help: 'Event-loop delay percentiles since the previous scrape.',
      labelNames: ['quantile'],
      collect: () =>
        DELAY_QUANTILES.map((quantile) => ({
          labels: { quantile: String(quantile) },
          // Before the first sample the histogram answers 0 for every percentile.
          value: delay.percentile(quantile * 100) / NS_PER_SECOND,
        })),
    }),
    createGauge({
      name: 'aisle_event_loop_delay_max_seconds',
      help: 'Longest event-loop delay since the previous scrape; reading it starts a new interval.',
      collect: () => {
        const max = delay.count > 0 ? delay.max / NS_PER_SECOND : 0
        delay.reset()
        return [{ value: max }]
      },
    }),
  ]
}
