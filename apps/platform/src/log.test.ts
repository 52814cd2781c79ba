import { describe, expect, it } from 'vitest'
import { chooseLogFormat, createLogger, type LoggerOptions } from './log.ts'

const at = new Date(2026, 10, 27, 9, 5, 7, 42)

function capture(options: LoggerOptions = {}) {
  const lines: string[] = []
  const logger = createLogger('debug', (line) => lines.push(line), { now: () => at, ...options })
  return { logger, lines }
}

describe('the log format', () => {
  it('is readable lines on a terminal and JSON lines elsewhere, unless LOG_FORMAT chooses', () => {
    expect(chooseLogFormat(undefined, true)).toBe('pretty')
    expect(chooseLogFormat(undefined, false)).toBe('json')
    expect(chooseLogFormat('json', true)).toBe('json')
    expect(chooseLogFormat('pretty', false)).toBe('pretty')
  })

  it('writes one JSON object per line by default', () => {
    const { logger, lines } = capture()
    logger.info('request', { method: 'GET', path: '/health', status: 200 })
    expect(lines).toHaveLength(1)
    expect(lines[0]!.endsWith('\n')).toBe(true)
    expect(JSON.parse(lines[0]!)).toEqual({
      time: at.toISOString(),
      level: 'info',
      message: 'request',
      method: 'GET',
      path: '/health',
      status: 200,
    })
  })

  it('writes a pretty line as time, level, message and key=value pairs, quoting values with spaces', () => {
    const { logger, lines } = capture({ format: 'pretty' })
    logger.warn('database unavailable', {
      requestId: 'r-1',
      error: 'connect ECONNREFUSED 127.0.0.1:5432',
      n: 3,
    })
    expect(lines).toEqual([
      '09:05:07.042 WARN  database unavailable requestId=r-1 error="connect ECONNREFUSED 127.0.0.1:5432" n=3\n',
    ])
  })

  it('colours only the level, and only when asked', () => {
    const { logger, lines } = capture({ format: 'pretty', colour: true })
    logger.error('boom')
    expect(lines[0]).toBe('09:05:07.042 \u001b[31mERROR\u001b[0m boom\n')
  })

  it('drops records below its level', () => {
    const lines: string[] = []
    const logger = createLogger('warn', (line) => lines.push(line))
    logger.info('hidden')
    logger.debug('hidden')
    logger.warn('shown')
    expect(lines).toHaveLength(1)
  })
})

describe('an error in a log record', () => {
  const failure = () => {
    const cause = new Error('socket hang up')
    return Object.assign(new Error('query failed', { cause }), { code: '57P01' })
  }

  it('keeps its name, message, code, stack and cause in JSON', () => {
    const { logger, lines } = capture()
    logger.error('unhandled error', { requestId: 'r-2', error: failure() })
    const record = JSON.parse(lines[0]!)
    expect(record.error).toMatchObject({ name: 'Error', message: 'query failed', code: '57P01' })
    expect(record.error.stack).toMatch(/^Error: query failed\n\s+at .*log\.test\.ts/)
    expect(record.error.cause).toMatchObject({ name: 'Error', message: 'socket hang up' })
  })

  it('shows its name and message in a pretty line and its stack on the indented lines below', () => {
    const { logger, lines } = capture({ format: 'pretty' })
    logger.error('unhandled error', { error: failure() })
    const [first, second, ...rest] = lines[0]!.split('\n')
    expect(first).toMatch(
      /^09:05:07\.042 ERROR unhandled error error="Error: query failed" error\.details=\{"code":"57P01"/,
    )
    expect(second).toBe('    Error: query failed')
    expect(rest[0]).toMatch(/^ {4}\s+at .*log\.test\.ts/)
  })
})
