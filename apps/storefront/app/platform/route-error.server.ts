import { isAisleError } from '@aisle/sdk'
import { toShopperErrorResponse, toShopperStatus } from './shopper-error'

/**
 * Turns an SDK error into a route error response carrying its status, stable code and the shopper's words for
 * them, which the error boundary shows; anything else is returned unchanged to be thrown as it is.
 */
export function toRouteError(error: unknown): unknown {
  if (!isAisleError(error)) return error
  return toShopperErrorResponse(toShopperStatus(error), error.code)
}
