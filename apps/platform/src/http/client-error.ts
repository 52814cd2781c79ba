import { STATUS_CODES } from 'node:http'
import type { Duplex } from 'node:stream'
import { ApplicationError, type ApplicationErrorCode } from './errors.ts'

/** Node's parser errors that have an answer of their own; any other parse failure is a plain 400. */
const ANSWERS: Readonly<Record<string, { code: ApplicationErrorCode; description: string }>> = {
  HPE_HEADER_OVERFLOW: {
    code: 'REQUEST_HEADER_FIELDS_TOO_LARGE',
    description: 'The request headers are larger than the server accepts (16 KiB in all)',
  },
  ERR_HTTP_REQUEST_TIMEOUT: { code: 'REQUEST_TIMEOUT', description: 'The request took too long to arrive' },
}

/** The raw HTTP/1.1 answer to a request Node could not parse: the normalised error body, then close. */
export function toClientErrorAnswer(errorCode: string | undefined): string {
  const { code, description } = ANSWERS[errorCode ?? ''] ?? {
    code: 'BAD_REQUEST' as const,
    description: 'The request is not well-formed HTTP',
  }
  const error = new ApplicationError(code, description)
  const body = JSON.stringify(error.toBody())
  return [
    `HTTP/1.1 ${error.status} ${STATUS_CODES[error.status]}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Connection: close',
    '',
    body,
  ].join('\r\n')
}

/**
 * The server's `clientError` listener: a request too large or malformed for Node's HTTP parser (it
 * never reaches the app) gets the same error shape as the app's answers, instead of Node's bare
 * status line. A connection already gone is just dropped.
 */
export function answerClientError(error: Error & { code?: string }, socket: Duplex) {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy()
    return
  }
  socket.end(toClientErrorAnswer(error.code))
}
