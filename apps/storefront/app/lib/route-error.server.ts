import { isAisleError } from '@aisle/sdk'
import { data } from 'react-router'

/**
 * Turns an SDK error into a route error response carrying only its status and stable code, so the error
 * boundary can choose shopper words; anything else is returned unchanged to be thrown as it is.
 */
export function toRouteError(error: unknown): unknown {
  if (!isAisleError(error)) return error
  // Failures of the platform (or no answer at all) are this page's 503; the shopper may try again.
  const status = error.status !== undefined && error.status >= 400 && error.status < 500 ? error.status : 503
  return data({ code: error.code }, { status })
}
