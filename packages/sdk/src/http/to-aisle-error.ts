import { AisleError, type FailedAnswer, type FailedRequest } from './aisle-error.js'
import { toStatusText, toUpperSnakeCase } from './status-text.js'

export type { FailedAnswer } from './aisle-error.js'

/** The `x-request-id` header of an answer, when it has one. */
export function requestIdOf(response: Response): string | undefined {
  return response.headers.get('x-request-id') ?? undefined
}

/**
 * Normalises a non-200 answer into an {@link AisleError} as spec section 8 says (see `describeFailure`,
 * which loads on the first failed answer: a storefront whose calls succeed never downloads it).
 */
export async function toAisleError(answer: FailedAnswer, request: FailedRequest): Promise<AisleError> {
  const { status, requestId } = answer
  const statusText = toStatusText(status, answer.statusText)
  const { describeFailure } = await import('./describe-failure.js')
  const described = describeFailure({
    ...answer,
    statusText,
    statusCode: toUpperSnakeCase(statusText),
    systemMessage: toSystemErrorMessage(requestId),
  })
  return new AisleError({ ...described, status, requestId, request })
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
