/**
 * Counters, gauges and histograms rendered in the Prometheus text exposition format (version 0.0.4),
 * written by hand: the format is small and the platform takes no dependency for it.
 *
 * @see https://prometheus.io/docs/instrumenting/exposition_formats/#text-based-format
 */

/** The `Content-Type` of a scrape answer. */
export const EXPOSITION_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8'

export type Labels = Readonly<Record<string, string>>

/** One metric family: its name, help, type and the sample lines it renders. */
export interface MetricFamily {
  readonly name: string
  render(): string
}

const METRIC_NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/

/** Escapes a label value: backslash, double quote and line feed (the only escapes the format knows). */
export function escapeLabelValue(value: string): string {
  return value.replaceAll('\\', '\\\\').replaceAll('"', '\\"').replaceAll('\n', '\\n')
}

/** Escapes `# HELP` text: backslash and line feed. */
export function escapeHelp(text: string): string {
  return text.replaceAll('\\', '\\\\').replaceAll('\n', '\\n')
}

/** A number as the format writes it: `+Inf`, `-Inf`, `NaN` or the shortest decimal. */
export function formatSampleValue(value: number): string {
  if (Number.isNaN(value)) return 'NaN'
  if (value === Number.POSITIVE_INFINITY) return '+Inf'
  if (value === Number.NEGATIVE_INFINITY) return '-Inf'
  return String(value)
}

function formatLabels(labels: Labels): string {
  const entries = Object.entries(labels)
  if (entries.length === 0) return ''
  return `{${entries.map(([name, value]) => `${name}="${escapeLabelValue(value)}"`).join(',')}}`
}

function sampleLine(name: string, labels: Labels, value: number): string {
  return `${name}${formatLabels(labels)} ${formatSampleValue(value)}`
}

function header(name: string, help: string, type: string): string {
  return `# HELP ${name} ${escapeHelp(help)}\n# TYPE ${name} ${type}`
}

function assertNames(name: string, labelNames: readonly string[]) {
  if (!METRIC_NAME.test(name)) throw new Error(`"${name}" is not a valid metric name`)
  for (const label of labelNames) {
    if (!LABEL_NAME.test(label) || label.startsWith('__') || label === 'le') {
      throw new Error(`"${label}" is not a valid label name for ${name}`)
    }
  }
}

/** The map key of a label set, in the declared label order. */
function keyOf(labelNames: readonly string[], labels: Labels): string {
  return JSON.stringify(labelNames.map((name) => labels[name] ?? ''))
}

function pick(labelNames: readonly string[], labels: Labels): Labels {
  return Object.fromEntries(labelNames.map((name) => [name, labels[name] ?? '']))
}

/** A value that only goes up, per label set. */
export interface Counter extends MetricFamily {
  inc(labels?: Labels, by?: number): void
  get(labels?: Labels): number
}

/** Creates a counter; its name should end in `_total`. */
export function createCounter(options: {
  name: string
  help: string
  labelNames?: readonly string[]
}): Counter {
  const labelNames = options.labelNames ?? []
  assertNames(options.name, labelNames)
  const series = new Map<string, { labels: Labels; value: number }>()
  return {
    name: options.name,
    inc(labels = {}, by = 1) {
      if (!(by >= 0)) throw new Error(`a counter only goes up (${options.name} by ${by})`)
      const key = keyOf(labelNames, labels)
      const entry = series.get(key) ?? { labels: pick(labelNames, labels), value: 0 }
      entry.value += by
      series.set(key, entry)
    },
    get(labels = {}) {
      return series.get(keyOf(labelNames, labels))?.value ?? 0
    },
    render() {
      const lines = [...series.values()].map((entry) => sampleLine(options.name, entry.labels, entry.value))
      return [header(options.name, options.help, 'counter'), ...lines].join('\n')
    },
  }
}

/** A value read when scraped: `collect` returns one sample per label set (none to leave it out). */
export function createGauge(options: {
  name: string
  help: string
  labelNames?: readonly string[]
  collect: () => readonly { labels?: Labels; value: number }[]
}): MetricFamily {
  const labelNames = options.labelNames ?? []
  assertNames(options.name, labelNames)
  return {
    name: options.name,
    render() {
      const samples = options.collect()
      const lines = samples.map((sample) =>
        sampleLine(options.name, pick(labelNames, sample.labels ?? {}), sample.value),
      )
      return [header(options.name, options.help, 'gauge'), ...lines].join('\n')
    },
  }
}

/** Observations counted into cumulative buckets, with their sum and count, per label set. */
export interface Histogram extends MetricFamily {
  observe(labels: Labels, value: number): void
  /** How many observations a label set has. */
  count(labels?: Labels): number
}

/** Creates a histogram with the given upper bounds (ascending; `+Inf` is added). */
export function createHistogram(options: {
  name: string
  help: string
  labelNames?: readonly string[]
  buckets: readonly number[]
}): Histogram {
  const labelNames = options.labelNames ?? []
  assertNames(options.name, labelNames)
  const bounds = [...options.buckets]
  if (bounds.some((bound, index) => index > 0 && bound <= bounds[index - 1]!)) {
    throw new Error(`the buckets of ${options.name} must ascend`)
  }
  const series = new Map<string, { labels: Labels; counts: number[]; sum: number; count: number }>()
  return {
    name: options.name,
    observe(labels, value) {
      const key = keyOf(labelNames, labels)
      const entry = series.get(key) ?? {
        labels: pick(labelNames, labels),
        counts: bounds.map(() => 0),
        sum: 0,
        count: 0,
      }
      const index = bounds.findIndex((bound) => value <= bound)
      if (index >= 0) entry.counts[index]! += 1
      entry.sum += value
      entry.count += 1
      series.set(key, entry)
    },
    count(labels = {}) {
      return series.get(keyOf(labelNames, labels))?.count ?? 0
    },
    render() {
      const lines: string[] = [header(options.name, options.help, 'histogram')]
      for (const entry of series.values()) {
        let cumulative = 0
        bounds.forEach((bound, index) => {
          cumulative += entry.counts[index]!
          lines.push(sampleLine(`${options.name}_bucket`, { ...entry.labels, le: String(bound) }, cumulative))
        })
        lines.push(sampleLine(`${options.name}_bucket`, { ...entry.labels, le: '+Inf' }, entry.count))
        lines.push(sampleLine(`${options.name}_sum`, entry.labels, entry.sum))
        lines.push(sampleLine(`${options.name}_count`, entry.labels, entry.count))
      }
      return lines.join('\n')
    },
  }
}

/** The scrape answer of several families: each rendered in turn, the whole ending in a line feed. */
export function renderExposition(families: readonly MetricFamily[]): string {
  const names = new Set<string>()
  for (const family of families) {
    if (names.has(family.name)) throw new Error(`the metric ${family.name} is registered twice`)
    names.add(family.name)
  }
  return `${families.map((family) => family.render()).join('\n')}\n`
}
