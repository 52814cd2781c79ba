import { GraphQLError, type GraphQLFormattedError } from 'graphql'
import { ApiError } from '../http/errors.ts'

/** The code of a section 8 body: the application error's, or INVALID_ARGUMENT for field violations. */
function codeOf(details: { applicationError?: { code?: unknown }; validationError?: unknown }): string {
  const code = details.applicationError?.code
  if (typeof code === 'string') return code
  return details.validationError ? 'INVALID_ARGUMENT' : 'UNKNOWN'
}

function withExtensions(
  error: GraphQLError,
  message: string,
  extensions: Record<string, unknown>,
): GraphQLFormattedError {
  const { locations, path } = error.toJSON()
  return { message, ...(locations ? { locations } : {}), ...(path ? { path } : {}), extensions }
}

/**
 * The wire form of one GraphQL error, always with `extensions.code`. A platform error keeps its
 * message, and its status and section 8 `details` ride in the extensions, so a field error says what
 * the same REST call would have said (`OWNED_CART_NOT_FOUND`, `INVALID_ARGUMENT` with field
 * violations). Errors before execution (variables that do not fit their types, no such operation) are
 * `BAD_USER_INPUT`. Anything else is the platform's fault: `INTERNAL`, reported, and never with the
 * message of an unknown error.
 */
export function toWireGraphQLError(
  error: GraphQLError,
  report: (error: unknown) => void,
): GraphQLFormattedError {
  if (error.extensions.code !== undefined) return error.toJSON()
  if (!error.path) return withExtensions(error, error.message, { code: 'BAD_USER_INPUT' })
  const original = error.originalError
  if (original instanceof ApiError && original.status < 500) {
    const body = original.toBody() as { message?: unknown; details?: unknown }
    const details = (body.details ?? {}) as Parameters<typeof codeOf>[0]
    const message = typeof body.message === 'string' ? body.message : error.message
    return withExtensions(error, message, { code: codeOf(details), status: original.status, details })
  }
  report(original ?? error)
  // GraphQL's own messages (a null where the schema promises a value) name no internals; others might.
  const known = original === undefined || original instanceof GraphQLError
  return withExtensions(error, known ? error.message : 'Internal error', { code: 'INTERNAL' })
}
