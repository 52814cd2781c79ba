import { formatPrettyLine } from './log-pretty.ts'
import { redactFields, redactText } from './log-redaction.ts'

export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent'

/** `json`: one JSON object per line, for machines; `pretty`: a readable line, for a terminal. */
export type LogFormat = 'json' | 'pretty'

export const logFormats: readonly LogFormat[] = ['json', 'pretty']

const rank: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 }

export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void
  info(message: string, fields?: Record<string, unknown>): void
  warn(message: string, fields?: Record<string, unknown>): void
  error(message: string, fields?: Record<string, unknown>): void
}

export interface LoggerOptions {
  /** `json` by default. */
  format?: LogFormat
  /** Colour the level of pretty lines (a terminal that has not asked for `NO_COLOR`). */
  colour?: boolean
  now?: () => Date
}

/**
 * The format when `LOG_FORMAT` does not choose one: readable lines on a terminal, JSON lines anywhere
 * else (a file, a pipe to a log collector, systemd's journal).
 */
export function chooseLogFormat(chosen: LogFormat | undefined, isTerminal: boolean): LogFormat {
  return chosen ?? (isTerminal ? 'pretty' : 'json')
}

/**
 * A structured logger, one record per line. Whatever a call site passes, secrets are not written:
 * fields named like one (`authorization`, `cookie`, `password`, `token`, `apiKey`, card data) are
 * replaced, and credential shapes in any text (bearer tokens, API keys, passwords in URLs, card
 * numbers) are cut out (`log-redaction.ts`). An `Error` in a field keeps its name, message and stack.
 */
export function createLogger(
  level: LogLevel,
  write: (line: string) => void = (line) => process.stdout.write(line),
  options: LoggerOptions = {},
): Logger {
  const now = options.now ?? (() => new Date())
  const emit =
    (at: Exclude<LogLevel, 'silent'>) =>
    (message: string, fields: Record<string, unknown> = {}) => {
      if (rank[at] < rank[level]) return
      const time = now()
      const record = { message: redactText(message), fields: redactFields(fields) }
      if (options.format === 'pretty') {
        write(`${formatPrettyLine({ time, level: at, ...record }, { colour: options.colour })}\n`)
        return
      }
      write(
        `${JSON.stringify({ time: time.toISOString(), level: at, message: record.message, ...record.fields })}\n`,
      )
    }
  return { debug: emit('debug'), info: emit('info'), warn: emit('warn'), error: emit('error') }
}

export const silentLogger: Logger = createLogger('silent')
