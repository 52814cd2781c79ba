import { describe, expect, it } from 'vitest'
import { findCookie } from '../platform/session-cookie'
import { applicationError, createScriptedClient } from '../platform/testing/scripted-platform'
import {
  estimateCart,
  findShippingChoice,
  SHIPPING_COOKIE_NAME,
  saveShippingChoice,
} from './cart-estimate.server'
import { serializeShippingChoice } from './shipping-choice'
import { SHIPPING_ADDRESS_INTENT, SHIPPING_OPTION_INTENT } from './shipping-form'

// The real SDK client on a scripted `fetch` that answers estimate-totals as the platform does
// (apps/platform/src/checkout/totals-wire.ts).

const ESTIMATE_PATH = 'POST /ecom/v1/carts/current/estimate-totals'
const money = (amount: string) => ({ amount, convertedAmount: amount, formattedAmount: `$${amount}` })
const standard = {
  code: 'standard',
  title: 'Standard',
  carrierId: 'aisle-post',
  cost: { price: money('5.99'), discount: money('0.00'), totalPrice: money('5.99') },
  logistics: { deliveryTime: '3-5 business days' },
}
const wireEstimate = {
  cart: { id: 'cart-1', currency: 'USD', lineItems: [] },
  currency: 'USD',
  priceSummary: {
    subtotal: money('28.00'),
    discount: money('0.00'),
    shipping: money('5.99'),
    tax: money('1.12'),
    additionalFees: money('1.00'),
    total: money('36.11'),
  },
  appliedDiscounts: [],
  shippingInfo: {
    carrierServiceOptions: [{ carrierId: 'aisle-post', shippingOptions: [standard] }],
    selectedCarrierServiceOption: standard,
  },
  taxSummary: {
    rateType: 'MANUAL_RATE',
    totalTax: money('1.12'),
    jurisdictions: [{ name: 'New York State', type: 'STATE', rate: 0.04, taxAmount: money('1.12') }],
  },
  additionalFees: [{ code: 'handling', name: 'Handling', chargeType: 'HANDLING_FEE', price: money('1.00') }],
  calculationErrors: [],
  violations: [],
}

const newYork = { country: 'US', subdivision: 'US-NY', city: 'New York', postalCode: '10001' }

function form(fields: Record<string, string>): FormData {
  const body = new FormData()
  for (const [name, value] of Object.entries(fields)) body.append(name, value)
  return body
}

function requestWith(choice?: unknown, url = 'http://shop.test/cart') {
  const headers = new Headers()
  if (choice !== undefined) {
    headers.set('Cookie', `${SHIPPING_COOKIE_NAME}=${encodeURIComponent(JSON.stringify(choice))}`)
  }
  return new Request(url, { method: 'POST', headers })
}

function setCookieOf(answer: { init: ResponseInit | null }) {
  return new Headers(answer.init?.headers).get('Set-Cookie') ?? undefined
}

describe('saveShippingChoice', () => {
  it('saves the address for the browser session and estimates with it in the same request', async () => {
    const { client, calls } = createScriptedClient({ [ESTIMATE_PATH]: { body: wireEstimate } })
    const request = requestWith()
    const fields = { country: 'US', subdivision: 'ny', city: 'New York', postalCode: '10001' }
    const answer = saveShippingChoice(request, client, SHIPPING_ADDRESS_INTENT, form(fields))
    expect(answer.init?.status ?? 200).toBe(200)
    expect(answer.data).toEqual({
      ok: true,
      intent: SHIPPING_ADDRESS_INTENT,
      message: 'Shipping and tax estimated.',
    })

    const setCookie = setCookieOf(answer) ?? ''
    expect(setCookie).toMatch(/^aisle_shipping=[^;]+; Path=\/; HttpOnly; SameSite=Lax$/)
    expect(JSON.parse(findCookie(setCookie.split(';')[0] ?? '', SHIPPING_COOKIE_NAME) ?? '')).toEqual({
      address: newYork,
    })

    // The loader after the action reads the new choice, though the request's cookie is the old one.
    const estimate = await estimateCart(client, findShippingChoice(request, client))
    expect(calls).toEqual([
      { method: 'POST', path: '/ecom/v1/carts/current/estimate-totals', body: { shippingAddress: newYork } },
    ])
    expect(estimate?.breakdown?.rows.map((row) => row.value)).toEqual(['$5.99', '$1.12', '$1.00'])
    expect(estimate?.breakdown?.total).toBe('$36.11')
  })

  it('sets Secure on the cookie over HTTPS', () => {
    const { client } = createScriptedClient({})
    const answer = saveShippingChoice(
      requestWith(undefined, 'https://shop.test/cart'),
      client,
      SHIPPING_ADDRESS_INTENT,
      form({ country: 'DE' }),
    )
    expect(setCookieOf(answer)).toMatch(/; Secure$/)
  })

  it('refuses an address it cannot estimate with 400, field by field, keeping what was typed', () => {
    const { client } = createScriptedClient({})
    const typed = { country: 'US', subdivision: 'New York State', city: '', postalCode: '10001' }
    const answer = saveShippingChoice(requestWith(), client, SHIPPING_ADDRESS_INTENT, form(typed))
    expect(answer.init?.status).toBe(400)
    expect(answer.data).toEqual({
      ok: false,
      intent: SHIPPING_ADDRESS_INTENT,
      message: 'Please check the address below.',
      values: typed,
      fieldErrors: { subdivision: 'Please enter the state or region as its short code, such as NY.' },
    })
    expect(setCookieOf(answer)).toBeUndefined()
  })

  it('keeps the option picked before while the country stays the same, and drops it for another country', () => {
    const { client } = createScriptedClient({})
    const option = { code: 'express', carrierId: 'aisle-post' }
    const saved = requestWith({ address: newYork, option })
    saveShippingChoice(saved, client, SHIPPING_ADDRESS_INTENT, form({ country: 'US', subdivision: 'CA' }))
    expect(findShippingChoice(saved, client)).toEqual({
      address: { country: 'US', subdivision: 'US-CA' },
      option,
    })

    const { client: other } = createScriptedClient({})
    saveShippingChoice(saved, other, SHIPPING_ADDRESS_INTENT, form({ country: 'FR', postalCode: '75001' }))
    expect(findShippingChoice(saved, other)).toEqual({ address: { country: 'FR', postalCode: '75001' } })
  })

  it('saves the option picked for the saved address, which the estimate then sends', async () => {
    const { client, calls } = createScriptedClient({ [ESTIMATE_PATH]: { body: wireEstimate } })
    const request = requestWith({ address: newYork })
    const answer = saveShippingChoice(
      request,
      client,
      SHIPPING_OPTION_INTENT,
      form({ shippingOption: 'aisle-post/express' }),
    )
    expect(answer.data).toEqual({
      ok: true,
      intent: SHIPPING_OPTION_INTENT,
      message: 'Shipping option changed.',
    })
    expect(setCookieOf(answer)).toContain(
      encodeURIComponent('"option":{"code":"express","carrierId":"aisle-post"}'),
    )
    await estimateCart(client, findShippingChoice(request, client))
    expect(calls[0]?.body).toEqual({
      shippingAddress: newYork,
      selectedShippingOption: { code: 'express', carrierId: 'aisle-post' },
    })
  })

  it('refuses an option before any address, and a value that is no option', () => {
    const { client } = createScriptedClient({})
    const before = saveShippingChoice(
      requestWith(),
      client,
      SHIPPING_OPTION_INTENT,
      form({ shippingOption: 'aisle-post/standard' }),
    )
    expect(before.init?.status).toBe(400)
    expect(before.data.message).toBe('Please enter your address first, to see the shipping options.')
    const bogus = saveShippingChoice(
      requestWith({ address: newYork }),
      client,
      SHIPPING_OPTION_INTENT,
      form({ shippingOption: 'standard' }),
    )
    expect(bogus.init?.status).toBe(400)
    expect(bogus.data.message).toBe('Please choose one of the shipping options.')
  })
})

describe('findShippingChoice', () => {
  it('reads the cookie, and a cookie the shopper tampered with as none', () => {
    const { client } = createScriptedClient({})
    const choice = { address: newYork, option: { code: 'standard', carrierId: 'aisle-post' } }
    const cookie = `${SHIPPING_COOKIE_NAME}=${encodeURIComponent(serializeShippingChoice(choice))}`
    expect(
      findShippingChoice(new Request('http://shop.test/cart', { headers: { Cookie: cookie } }), client),
    ).toEqual(choice)
    const tampered = new Request('http://shop.test/cart', {
      headers: { Cookie: `${SHIPPING_COOKIE_NAME}=%7Bnope` },
    })
    expect(findShippingChoice(tampered, client)).toBeUndefined()
  })
})

describe('estimateCart', () => {
  it('estimates without an address when the shopper has given none', async () => {
    const { client, calls } = createScriptedClient({ [ESTIMATE_PATH]: { body: wireEstimate } })
    const estimate = await estimateCart(client, undefined)
    expect(calls[0]?.body).toEqual({})
    expect(estimate?.breakdown?.hasAddress).toBe(false)
  })

  it('has no estimate for a visitor without a cart', async () => {
    const { client } = createScriptedClient({
      [ESTIMATE_PATH]: applicationError(404, 'OWNED_CART_NOT_FOUND'),
    })
    expect(await estimateCart(client, undefined)).toBeUndefined()
  })

  it('states a problem in the shopper’s words when the platform cannot estimate or cannot be reached', async () => {
    const problem =
      'We couldn’t work out shipping and tax just now. Please try again, or see them at checkout.'
    const { client: failing } = createScriptedClient({
      [ESTIMATE_PATH]: { status: 503, body: { message: 'database down' } },
    })
    expect(await estimateCart(failing, { address: newYork })).toEqual({ problem })
    const { client: offline } = createScriptedClient({ [ESTIMATE_PATH]: 'network-error' })
    expect(await estimateCart(offline, { address: newYork })).toEqual({ problem })
  })
})
