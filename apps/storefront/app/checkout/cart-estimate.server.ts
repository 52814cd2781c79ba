import { isAisleError } from '@aisle/sdk'
import { data } from 'react-router'
import type { AisleClient } from '../platform/aisle.server'
import { findCookie, isHttpsRequest, serializeSessionCookie } from '../platform/session-cookie'
import {
  parseShippingAddress,
  parseShippingChoice,
  parseShippingOptionValue,
  readShippingAddressValues,
  ShippingAddressError,
  type ShippingChoice,
  serializeShippingChoice,
} from './shipping-choice'
import {
  SHIPPING_ADDRESS_INTENT,
  type ShippingAddressField,
  type ShippingAddressValues,
  type ShippingFormResult,
  type ShippingIntent,
} from './shipping-form'
import { type TotalsBreakdown, type TotalsEstimate, toTotalsBreakdown } from './totals-breakdown'

/** The cookie that remembers the shopper's address and shipping option for the browser session. */
export const SHIPPING_COOKIE_NAME = 'aisle_shipping'

// A choice saved by an action is what the loaders after it, in the same request, estimate with: the
// request's Cookie header still carries the old one.
const savedByClient = new WeakMap<AisleClient, ShippingChoice>()

/** The shopper's shipping choice: the one saved earlier in this request, else the cookie's, else none. */
export function findShippingChoice(request: Request, client: AisleClient): ShippingChoice | undefined {
  return (
    savedByClient.get(client) ??
    parseShippingChoice(findCookie(request.headers.get('Cookie'), SHIPPING_COOKIE_NAME))
  )
}

/** The estimate of the visitor's cart, or why there is none in the shopper's words. */
export type CartEstimate =
  | { breakdown: TotalsBreakdown; problem?: undefined }
  | { breakdown?: undefined; problem: string }

const ESTIMATE_UNAVAILABLE =
  'We couldn’t work out shipping and tax just now. Please try again, or see them at checkout.'

/**
 * Estimates the visitor's cart totals for the shopper's address and shipping option, reshaped into the cart
 * page's breakdown. A visitor without a cart has no estimate; any other failure is a problem the page states
 * beside the cart rather than a failed page.
 * @throws whatever is not an SDK error (a bug), for the error boundary.
 */
export async function estimateCart(
  client: AisleClient,
  choice: ShippingChoice | undefined,
): Promise<CartEstimate | undefined> {
  try {
    const estimate: TotalsEstimate = await client.currentCart.estimateCurrentCartTotals(
      toEstimateOptions(choice),
    )
    return { breakdown: toTotalsBreakdown(estimate, choice) }
  } catch (error) {
    if (!isAisleError(error)) throw error
    if (error.code === 'OWNED_CART_NOT_FOUND') return undefined
    return { problem: ESTIMATE_UNAVAILABLE }
  }
}

/** The shopper's choice as the SDK's estimate and checkout calls take it. */
export function toEstimateOptions(choice: ShippingChoice | undefined) {
  if (!choice) return {}
  return {
    shippingAddress: { ...choice.address },
    ...(choice.option ? { selectedShippingOption: { ...choice.option } } : {}),
  }
}

interface RefusedAddress {
  values?: ShippingAddressValues
  fieldErrors?: Partial<Record<ShippingAddressField, string>>
}

function refuse(intent: ShippingIntent, message: string, extra: RefusedAddress = {}) {
  return data<ShippingFormResult>({ ok: false, intent, message, ...extra }, { status: 400 })
}

function save(request: Request, client: AisleClient, intent: ShippingIntent, choice: ShippingChoice) {
  savedByClient.set(client, choice)
  const cookie = serializeSessionCookie(serializeShippingChoice(choice), {
    name: SHIPPING_COOKIE_NAME,
    isSecure: isHttpsRequest(request),
  })
  const message =
    intent === SHIPPING_ADDRESS_INTENT ? 'Shipping and tax estimated.' : 'Shipping option changed.'
  return data<ShippingFormResult>({ ok: true, intent, message }, { headers: { 'Set-Cookie': cookie } })
}

/**
 * Saves what a shipping form posts, for the browser session, in a cookie the cart page's loader reads: an
 * address (the option picked before is kept while the country stays the same) or an option for the saved
 * address. The loaders that run next estimate with it. A form that cannot be used is refused with 400 and
 * the shopper's words, field by field, and what they typed.
 */
export function saveShippingChoice(
  request: Request,
  client: AisleClient,
  intent: ShippingIntent,
  form: FormData,
) {
  const saved = findShippingChoice(request, client)
  if (intent === SHIPPING_ADDRESS_INTENT) {
    const values = readShippingAddressValues(form)
    try {
      const address = parseShippingAddress(values)
      const option = saved?.address.country === address.country ? saved.option : undefined
      return save(request, client, intent, option ? { address, option } : { address })
    } catch (error) {
      if (!(error instanceof ShippingAddressError)) throw error
      const message = 'Please check the address below.'
      return refuse(intent, message, { values, fieldErrors: error.fieldErrors })
    }
  }
  if (!saved) return refuse(intent, 'Please enter your address first, to see the shipping options.')
  const option = parseShippingOptionValue(form.get('shippingOption'))
  if (!option) return refuse(intent, 'Please choose one of the shipping options.')
  return save(request, client, intent, { address: saved.address, option })
}
