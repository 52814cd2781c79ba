// Loaded on the first failed answer (`import()` in to-aisle-error.ts), so it imports types only: a
// storefront whose calls succeed never downloads the normalisation of errors.
import type { AisleErrorOptions, FailedAnswer } from './aisle-error.js'

interface FieldViolation {
  field: string
  description: string
}

/** A failed answer with what the eager side already knows of it. */
export interface FailureFacts extends FailedAnswer {
  /** The status text, or the standard phrase of the status. */
  statusText: string
  /** `statusText` in upper snake case. */
  statusCode: string
  /** `System error occurred[, request-id: <id>]`. */
  systemMessage: string
}

/**
 * The code, message and details of a non-200 answer, following spec section 8 in this order:
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
export function describeFailure(
  facts: FailureFacts,
): Pick<AisleErrorOptions, 'code' | 'message' | 'details'> {
  const { status, statusText, statusCode } = facts
  const body = recordOrUndefined(facts.body)
  const serverMessage = stringOrEmpty(body?.message)
  const details = recordOrUndefined(body?.details)
  const validationError = recordOrUndefined(details?.validationError)
  const applicationError = recordOrUndefined(details?.applicationError)
  if (validationError && Array.isArray(validationError.fieldViolations)) {
    const violations = validationError.fieldViolations.filter(isRecord).map(toFieldViolation)
    return { code: 'INVALID_ARGUMENT', message: toValidationMessage(violations), details }
  }
  if (applicationError) {
    const { code } = applicationError
    return {
      code: typeof code === 'string' || typeof code === 'number' ? String(code) : statusCode,
      message: joinMessages(serverMessage, stringOrEmpty(applicationError.description)) || statusText,
      details,
    }
  }
  if (status >= 400 && status < 500) {
    return {
      code: statusCode,
      message: joinMessages(serverMessage, statusText),
      details: { applicationError: { description: statusText, code: statusCode, data: {} } },
    }
  }
  return { code: statusCode, message: facts.systemMessage, details }
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
