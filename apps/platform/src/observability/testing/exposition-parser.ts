/** One sample line of a scrape: metric name, labels and value. */
export interface ParsedSample {
  name: string
  labels: Record<string, string>
  value: number
}

/** One metric family of a scrape, with its samples (histogram samples keep their suffixes). */
export interface ParsedFamily {
  name: string
  help: string
  type: string
  samples: ParsedSample[]
}

const SAMPLE_NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*/
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*/
const TYPES = new Set(['counter', 'gauge', 'histogram', 'summary', 'untyped'])

function fail(lineNumber: number, message: string): never {
  throw new Error(`exposition line ${lineNumber}: ${message}`)
}

function unescapeHelp(text: string): string {
  return text.replace(/\\(\\|n)/g, (_, escaped: string) => (escaped === 'n' ? '\n' : '\\'))
}

/** Reads `{a="x",b="y\"z"}` from the start of `text`; returns the labels and the rest of the line. */
function parseLabels(text: string, lineNumber: number): { labels: Record<string, string>; rest: string } {
  const labels: Record<string, string> = {}
  let at = 1
  while (text[at] !== '}') {
    const name = LABEL_NAME.exec(text.slice(at))?.[0]
    if (!name) fail(lineNumber, `bad label name at ${text.slice(at, at + 20)}`)
    at += name.length
    if (text.slice(at, at + 2) !== '="') fail(lineNumber, `expected =" after ${name}`)
    at += 2
    let value = ''
    for (;;) {
      const char = text[at]
      if (char === undefined || char === '\n') fail(lineNumber, `unterminated value of ${name}`)
      if (char === '"') break
      if (char === '\\') {
        const next = text[at + 1]
        if (next === 'n') value += '\n'
        else if (next === '\\' || next === '"') value += next
        else fail(lineNumber, `bad escape \\${next} in ${name}`)
        at += 2
      } else {
        value += char
        at += 1
      }
    }
    at += 1
    if (name in labels) fail(lineNumber, `label ${name} twice`)
    labels[name] = value
    if (text[at] === ',') at += 1
    else if (text[at] !== '}') fail(lineNumber, `expected , or } after ${name}`)
  }
  return { labels, rest: text.slice(at + 1) }
}

function parseValue(text: string, lineNumber: number): number {
  if (text === '+Inf') return Number.POSITIVE_INFINITY
  if (text === '-Inf') return Number.NEGATIVE_INFINITY
  if (text === 'NaN') return Number.NaN
  if (!/^-?\d+(\.\d+)?(e[+-]?\d+)?$/i.test(text)) fail(lineNumber, `bad value ${text}`)
  return Number(text)
}

function familyOf(sampleName: string, families: Map<string, ParsedFamily>): ParsedFamily | undefined {
  const exact = families.get(sampleName)
  if (exact) return exact
  const base = sampleName.replace(/_(bucket|sum|count)$/, '')
  const family = families.get(base)
  return family && (family.type === 'histogram' || family.type === 'summary') ? family : undefined
}

function checkHistogram(family: ParsedFamily) {
  const series = new Map<string, ParsedSample[]>()
  for (const sample of family.samples.filter((s) => s.name.endsWith('_bucket'))) {
    const { le: _, ...rest } = sample.labels
    const key = JSON.stringify(rest)
    series.set(key, [...(series.get(key) ?? []), sample])
  }
  for (const [key, buckets] of series) {
    const bounds = buckets.map((bucket) => parseValue(bucket.labels.le ?? 'x', 0))
    if (bounds.at(-1) !== Number.POSITIVE_INFINITY) throw new Error(`${family.name}${key}: no +Inf bucket`)
    buckets.forEach((bucket, index) => {
      if (index > 0 && (bounds[index]! <= bounds[index - 1]! || bucket.value < buckets[index - 1]!.value)) {
        throw new Error(`${family.name}${key}: buckets not ascending and cumulative`)
      }
    })
    const count = family.samples.find(
      (s) => s.name === `${family.name}_count` && JSON.stringify(s.labels) === key,
    )
    if (count?.value !== buckets.at(-1)!.value) throw new Error(`${family.name}${key}: +Inf bucket != count`)
  }
}

/**
 * Parses a scrape in the text exposition format strictly: every sample belongs to a family declared
 * by `# TYPE` before it, label values are correctly escaped, and histograms are cumulative with a
 * `+Inf` bucket equal to `_count`.
 *
 * @throws Error naming the first line that breaks the format.
 */
export function parseExposition(text: string): Map<string, ParsedFamily> {
  if (!text.endsWith('\n')) throw new Error('exposition does not end with a line feed')
  const families = new Map<string, ParsedFamily>()
  const lines = text.slice(0, -1).split('\n')
  lines.forEach((line, index) => {
    const lineNumber = index + 1
    const meta = /^# (HELP|TYPE) ([a-zA-Z_:][a-zA-Z0-9_:]*) (.*)$/.exec(line)
    if (meta) {
      const [, kind, name, rest] = meta as unknown as [string, string, string, string]
      const family = families.get(name) ?? { name, help: '', type: 'untyped', samples: [] }
      if (kind === 'HELP') family.help = unescapeHelp(rest)
      else if (TYPES.has(rest)) family.type = rest
      else fail(lineNumber, `unknown type ${rest}`)
      families.set(name, family)
      return
    }
    if (line.startsWith('#') || line === '') fail(lineNumber, `unexpected line ${line}`)
    const name = SAMPLE_NAME.exec(line)?.[0]
    if (!name) fail(lineNumber, `bad sample ${line}`)
    let rest = line.slice(name.length)
    let labels: Record<string, string> = {}
    if (rest.startsWith('{')) ({ labels, rest } = parseLabels(rest, lineNumber))
    if (!rest.startsWith(' ')) fail(lineNumber, `expected a space before the value in ${line}`)
    const value = parseValue(rest.slice(1), lineNumber)
    const family = familyOf(name, families)
    if (!family) fail(lineNumber, `sample ${name} before its # TYPE`)
    family.samples.push({ name, labels, value })
  })
  for (const family of families.values()) if (family.type === 'histogram') checkHistogram(family)
  return families
}

/** The value of the sample with exactly these labels (among others), or `undefined`. */
export function sampleValue(
  families: Map<string, ParsedFamily>,
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  const family = familyOf(name, families)
  return family?.samples.find(
    (sample) =>
      sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  )?.value
}
