import { AisleError, type AisleErrorOptions, type FailedRequest } from './aisle-error.js'
import { toStatusText, toUpperSnakeCase } from './status-text.js'

/** The `x-request-id` header of an answer, when it has one. */
export function requestIdOf(response: Response): string | undefined {
  return response.headers.get('x-request-id') ?? undefined
}

/** A non-200 answer, already read: what {@link toAisleError} needs. */
export interface FailedAnswer {
  status: number
  statusText: string
  requestId: string | undefined
  /** The parsed JSON body, or `undefined` when it was empty or not JSON. */
  body: unknown
}

interface FieldViolation {
  field: string
  description: string
}

/**
 * Normalises a non-200 answer into an {@link AisleError}, following spec section 8 in this order:
 *
 * 1. `details.validationError.fieldViolations` -> code `INVALID_ARGUMENT`, message
 *    `INVALID_ARGUMENT: "<field>" <description>, "<field>" <description>` sorted by field;
 * 2. `details.applicationError` -> code of the application error, message
 *    `<server message>: <description>` (only one of them when they are equal or one is missing);
 * 3. a 4xx without details -> the status text is the description (also put in
 *    `details.applicationError`) and its upper snake case is the code;
 * 4. anything else (5xx, a 2xx other than 200, a redirect) -> `System error occurred`, plus
 *    `, request-id: <id>` when known, with the code from the status text.
 */
export function toAisleError(answer: FailedAnswer, request: FailedRequest): AisleError {
  const { status, requestId } = answer
  const body = recordOrUndefined(answer.body)
  const serverMessage = stringOrEmpty(body?.message)
  const details = recordOrUndefined(body?.details)
  const statusText = toStatusText(status, answer.statusText)
  const statusCode = toUpperSnakeCase(statusText)
  const validationError = recordOrUndefined(details?.validationError)
  const applicationError = recordOrUndefined(details?.applicationError)
  let options: Pick<AisleErrorOptions, 'code' | 'message' | 'details'>
  if (validationError && Array.isArray(validationError.fieldViolations)) {
    const violations = validationError.fieldViolations.filter(isRecord).map(toFieldViolation)
    options = { code: 'INVALID_ARGUMENT', message: toValidationMessage(violations), details }
  } else if (applicationError) {
    const { code } = applicationError
    options = {
      code: typeof code === 'string' || typeof code === 'number' ? String(code) : statusCode,
      message: joinMessages(serverMessage, stringOrEmpty(applicationError.description)) || statusText,
      details,
    }
  } else if (status >= 400 && status < 500) {
    options = {
      code: statusCode,
      message: joinMessages(serverMessage, statusText),
      details: { applicationError: { description: statusText, code: statusCode, data: {} } },
    }
  } else {
    options = { code: statusCode, message: toSystemErrorMessage(requestId), details }
  }
  return new AisleError({ ...options, status, requestId, request })
}

/**
 * Wraps a failure that produced no answer at all (DNS, refused or dropped connection) as a system error
 * with code `NETWORK_ERROR`, keeping the original as `cause`.
 */
export function toNetworkError(cause: unknown, request: FailedRequest): AisleError {
  return new AisleError({ code: 'NETWORK_ERROR', message: toSystemErrorMessage(undefined), request, cause })
}

/** The spec's message for failures that are not the caller's: `System error occurred[, request-id: <id>]`. */
export function toSystemErrorMessage(requestId: string | undefined): string {
  return requestId ? `System error occurred, request-id: ${requestId}` : 'System error occurred'
}

function toValidationMessage(violations: FieldViolation[]): string {
  // Code-unit order, not locale order, so the message is the same on every machine; sort is stable.
  const sorted = [...violations].sort((a, b) => (a.field < b.field ? -1 : a.field > b.field ? 1 : 0))
  const parts = sorted.map((violation) => `"${violation.field}" ${violation.description}`.trim())
  return parts.length > 0 ? `INVALID_ARGUMENT: ${parts.join(', ')}` : 'INVALID_ARGUMENT'
}

function joinMessages(message: string, description: string): string {
  if (!message || message === description) return description
  if (!description) return message
  return `${message}: ${description}`
}

function toFieldViolation(value: Record<string, unknown>): FieldViolation {
  return { field: stringOrEmpty(value.field), description: stringOrEmpty(value.description) }
}

function stringOrEmpty(value: unknown): string {
  return typeof value === 'string' ? value : ''
}

function recordOrUndefined(value: unknown): Record<string, unknown> | undefined {
  return isRecord(value) ? value : undefined
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
