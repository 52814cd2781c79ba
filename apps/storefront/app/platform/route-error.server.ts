import { isAisleError } from '@aisle/sdk'
import { data } from 'react-router'
import { toShopperStatus } from './shopper-error'

/**
 * Turns an SDK error into a route error response carrying only its status and stable code, so the error
 * boundary can choose shopper words; anything else is returned unchanged to be thrown as it is.
 */
export function toRouteError(error: unknown): unknown {
  if (!isAisleError(error)) return error
  return data({ code: error.code }, { status: toShopperStatus(error) })
}
