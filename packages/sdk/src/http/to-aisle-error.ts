import { AisleError, type FailedRequest } from './aisle-error.js'
import { toStatusText, toUpperSnakeCase } from './status-text.js'

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
  const body = isRecord(answer.body) ? answer.body : {}
  const serverMessage = typeof body.message === 'string' ? body.message : ''
  const details = isRecord(body.details) ? body.details : undefined
  const common = { status, requestId, request }

  const validationError = isRecord(details?.validationError) ? details.validationError : undefined
  if (details && validationError && Array.isArray(validationError.fieldViolations)) {
    const violations = validationError.fieldViolations.filter(isRecord).map(toFieldViolation)
    return new AisleError({
      ...common,
      code: 'INVALID_ARGUMENT',
      message: toValidationMessage(violations),
      details,
    })
  }

  const applicationError = isRecord(details?.applicationError) ? details.applicationError : undefined
  if (details && applicationError) {
    const description = typeof applicationError.description === 'string' ? applicationError.description : ''
    const code = applicationError.code
    return new AisleError({
      ...common,
      code: typeof code === 'string' || typeof code === 'number' ? String(code) : codeOf(answer),
      message: joinMessages(serverMessage, description) || toStatusText(status, answer.statusText),
      details,
    })
  }

  if (status >= 400 && status < 500) {
    const description = toStatusText(status, answer.statusText)
    const code = toUpperSnakeCase(description)
    return new AisleError({
      ...common,
      code,
      message: joinMessages(serverMessage, description),
      details: { applicationError: { description, code, data: {} } },
    })
  }

  return new AisleError({
    ...common,
    code: codeOf(answer),
    message: toSystemErrorMessage(requestId),
    details: details ?? {},
  })
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

function codeOf(answer: FailedAnswer): string {
  return toUpperSnakeCase(toStatusText(answer.status, answer.statusText))
}

function toFieldViolation(value: Record<string, unknown>): FieldViolation {
  return {
    field: typeof value.field === 'string' ? value.field : '',
    description: typeof value.description === 'string' ? value.description : '',
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
