// The log line a person reads in a terminal: `12:04:05.123 INFO  request method=GET path=/health`.

const COLOURS: Record<string, string> = { debug: '90', info: '36', warn: '33', error: '31' }

const pad = (value: number, length = 2) => String(value).padStart(length, '0')

/** `HH:MM:SS.mmm` in the machine's time zone: the day is the terminal's own. */
function clockTime(time: Date): string {
  const hms = [time.getHours(), time.getMinutes(), time.getSeconds()].map((part) => pad(part)).join(':')
  return `${hms}.${pad(time.getMilliseconds(), 3)}`
}

/** A value after `key=`: bare when it is one word, quoted when it has spaces, JSON when it is a structure. */
function valueText(value: unknown): string {
  if (typeof value === 'string') return /^[^\s"=]+$/.test(value) ? value : JSON.stringify(value)
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return String(value)
  if (value === undefined) return 'undefined'
  return JSON.stringify(value)
}

/** A field that holds an error as the logger writes one (`{ name, message, stack }`). */
const isErrorFields = (value: unknown): value is { name?: unknown; message?: unknown; stack: string } =>
  typeof value === 'object' && value !== null && typeof (value as { stack?: unknown }).stack === 'string'

/**
 * One record as a readable line: time, level, message, then `key=value` pairs; an error field shows its
 * name and message in the line and its stack on the indented lines below.
 */
export function formatPrettyLine(
  record: { time: Date; level: string; message: string; fields: Record<string, unknown> },
  options: { colour?: boolean } = {},
): string {
  const level = record.level.toUpperCase().padEnd(5)
  const code = COLOURS[record.level]
  const shownLevel = options.colour && code ? `\u001b[${code}m${level}\u001b[0m` : level
  const pairs: string[] = []
  const stacks: string[] = []
  for (const [key, value] of Object.entries(record.fields)) {
    if (isErrorFields(value)) {
      const { stack, ...rest } = value
      pairs.push(`${key}=${valueText(`${rest.name}: ${rest.message}`)}`)
      const other = Object.fromEntries(
        Object.entries(rest).filter(([name]) => name !== 'name' && name !== 'message'),
      )
      if (Object.keys(other).length > 0) pairs.push(`${key}.details=${valueText(other)}`)
      stacks.push(...stack.split('\n').map((line) => `    ${line}`))
      continue
    }
    pairs.push(`${key}=${valueText(value)}`)
  }
  const line = [clockTime(record.time), shownLevel, record.message, ...pairs].join(' ')
  return [line, ...stacks].join('\n')
}
