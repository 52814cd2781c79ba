import { isAisleError } from '@aisle/sdk'
import { data } from 'react-router'
import type { AisleClient } from '../platform/aisle.server'
import { findCookie, isHttpsRequest, serializeSessionCookie } from '../platform/session-cookie'
import {
  type CoveredLine,
  PLAN_CHOICE_COOKIE_NAME,
  PLAN_CHOICE_INTENT,
  type PlanChoice,
  parsePlanChoice,
  readPlanChoiceForm,
  toCoveredLines,
  toPlanChoiceOptions,
} from './plan-choice'
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
  | { breakdown: TotalsBreakdown; problem?: undefined; coveredLines: CoveredLine[] }
  | { breakdown?: undefined; problem: string; coveredLines?: undefined }

/** The shopper's plan choice: the one saved earlier in this request, else the cookie's, else none. */
export function findPlanChoice(request: Request, client: AisleClient): PlanChoice {
  return (
    plansSavedByClient.get(client) ??
    parsePlanChoice(findCookie(request.headers.get('Cookie'), PLAN_CHOICE_COOKIE_NAME))
  )
}

const plansSavedByClient = new WeakMap<AisleClient, PlanChoice>()

/**
 * Saves the cart page's plan choice for the browser session (a line paid by a plan the member holds, or
 * normally); the loaders after it estimate with it, and the checkout takes it along (decision 051).
 */
export function savePlanChoice(request: Request, client: AisleClient, form: FormData) {
  const choice = readPlanChoiceForm(form)
  plansSavedByClient.set(client, choice)
  const cookie = serializeSessionCookie(JSON.stringify(choice), {
    name: PLAN_CHOICE_COOKIE_NAME,
    isSecure: isHttpsRequest(request),
  })
  return data(
    { ok: true as const, intent: PLAN_CHOICE_INTENT, message: 'Plan choice saved.' },
    {
      headers: { 'Set-Cookie': cookie },
    },
  )
}

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
  plans: PlanChoice = {},
): Promise<CartEstimate | undefined> {
  try {
    const estimate: TotalsEstimate = await client.currentCart.estimateCurrentCartTotals({
      ...toEstimateOptions(choice),
      ...toPlanChoiceOptions(plans),
    })
    const eligible = estimate.membershipOptions?.eligibleMemberships ?? []
    // Only a member offered a plan is asked for their plans' sessions left.
    const held = eligible.length > 0 ? (await client.memberships.listMyMemberships()).memberships : []
    const sessionsLeft = new Map(held.map((membership) => [membership._id, membership.sessionsLeft]))
    return {
      breakdown: toTotalsBreakdown(estimate, choice),
      coveredLines: toCoveredLines(eligible, sessionsLeft, plans),
    }
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
