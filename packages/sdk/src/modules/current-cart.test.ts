import { describe, expect, it } from 'vitest'
import { createTestClient } from '../testing/create-test-client.js'
import { jsonResponse } from '../testing/fake-fetch.js'

const cart = {
  id: 'cart-1',
  createdDate: '2025-01-01T00:00:00.000Z',
  updatedDate: '2025-01-02T00:00:00.000Z',
  lineItems: [
    {
      id: 'line-1',
      quantity: 2,
      productName: { original: 'NaN' },
      physicalProperties: { weight: 'NaN', sku: 'NaN' },
    },
  ],
  contactInfo: { address: { geocode: { latitude: 'Infinity', longitude: '-Infinity' } } },
}

const expectedCart = {
  _id: 'cart-1',
  _createdDate: '2025-01-01T00:00:00.000Z',
  _updatedDate: '2025-01-02T00:00:00.000Z',
  lineItems: [
    {
      _id: 'line-1',
      quantity: 2,
      productName: { original: 'NaN' },
      physicalProperties: { weight: Number.NaN, sku: 'NaN' },
    },
  ],
  contactInfo: {
    address: { geocode: { latitude: Number.POSITIVE_INFINITY, longitude: Number.NEGATIVE_INFINITY } },
  },
}

function createCartClient() {
  const { client, fake } = createTestClient()
  fake.on('*', () => jsonResponse({ cart }))
  return { client, fake }
}

describe('currentCart', () => {
  it('GET /ecom/v1/carts/current unwraps the cart from baseUrl, with ids and number fields mapped', async () => {
    const { client, fake } = createCartClient()
    expect(await client.currentCart.getCurrentCart()).toEqual(expectedCart)
    const request = fake.requests.at(-1)
    expect(`${request?.method} ${request?.host}${request?.path}`).toBe(
      'GET http://api.test/ecom/v1/carts/current',
    )
  })

  it('PATCH /ecom/v1/carts/current sends the changes and unwraps the cart', async () => {
    const { client, fake } = createCartClient()
    const updated = await client.currentCart.updateCurrentCart({
      couponCode: 'SAVE10',
      cartInfo: { buyerNote: 'hi' },
    })
    expect(updated).toEqual(expectedCart)
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'PATCH',
      path: '/ecom/v1/carts/current',
      body: { couponCode: 'SAVE10', cartInfo: { buyerNote: 'hi' } },
    })
  })

  it('POST /ecom/v1/carts/current/add-to-cart sends the line items and resolves with the cart', async () => {
    const { client, fake } = createCartClient()
    const lineItems = [
      {
        catalogReference: { catalogItemId: 'p1', appId: 'stores', options: { variantId: 'v1' } },
        quantity: 1,
      },
    ]
    expect(await client.currentCart.addToCurrentCart({ lineItems })).toEqual(expectedCart)
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: '/ecom/v1/carts/current/add-to-cart',
      body: { lineItems },
    })
  })

  it('POST /ecom/v1/carts/current/remove-line-items sends lineItemIds', async () => {
    const { client, fake } = createCartClient()
    expect(await client.currentCart.removeLineItemsFromCurrentCart(['line-1'])).toEqual(expectedCart)
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: '/ecom/v1/carts/current/remove-line-items',
      body: { lineItemIds: ['line-1'] },
    })
  })

  it('refuses an empty lineItemIds before calling', async () => {
    const { client, fake } = createCartClient()
    await expect(client.currentCart.removeLineItemsFromCurrentCart([])).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      message: '"lineItemIds" must be a non-empty array',
    })
    expect(fake.requests).toHaveLength(0)
  })

  it('POST /ecom/v1/carts/current/update-line-items-quantity sends the items with wire ids', async () => {
    const { client, fake } = createCartClient()
    await client.currentCart.updateCurrentCartLineItemQuantity([{ _id: 'line-1', quantity: 3 }])
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: '/ecom/v1/carts/current/update-line-items-quantity',
      body: { lineItems: [{ id: 'line-1', quantity: 3 }] },
    })
  })

  it('refuses an empty lineItems before calling', async () => {
    const { client } = createCartClient()
    await expect(client.currentCart.updateCurrentCartLineItemQuantity([])).rejects.toMatchObject({
      message: '"lineItems" must be a non-empty array',
    })
  })

  it('POST /ecom/v1/carts/current/remove-coupon sends an empty body', async () => {
    const { client, fake } = createCartClient()
    expect(await client.currentCart.removeCouponFromCurrentCart()).toEqual(expectedCart)
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: '/ecom/v1/carts/current/remove-coupon',
      body: {},
    })
  })

  it('POST /ecom/v1/carts/current/estimate-totals sends the options and maps the estimate', async () => {
    const { client, fake } = createTestClient()
    fake.on('POST /ecom/v1/carts/current/estimate-totals', () =>
      jsonResponse({ cart, appliedDiscounts: [{ merchantDiscount: { percentage: 'NaN' } }] }),
    )
    const options = {
      shippingAddress: { country: 'FR', postalCode: '75001' },
      selectedShippingOption: { code: 'std' },
    }
    const estimate = await client.currentCart.estimateCurrentCartTotals(options)
    expect(estimate).toEqual({
      cart: expectedCart,
      appliedDiscounts: [{ merchantDiscount: { percentage: Number.NaN } }],
    })
    expect(fake.requests.at(-1)?.body).toEqual(options)
  })

  it('POST /ecom/v1/carts/current/create-checkout sends the options and answers the checkout', async () => {
    const { client, fake } = createTestClient()
    fake.on('POST /ecom/v1/carts/current/create-checkout', () => jsonResponse({ checkoutId: 'checkout-1' }))
    const answer = await client.currentCart.createCheckoutFromCurrentCart({
      channelType: 'WEB',
      email: 'a@b.test',
    })
    expect(answer).toEqual({ checkoutId: 'checkout-1' })
    expect(fake.requests.at(-1)?.body).toEqual({ channelType: 'WEB', email: 'a@b.test' })
  })

  it('DELETE /ecom/v1/carts/current resolves with nothing', async () => {
    const { client, fake } = createTestClient()
    fake.on('DELETE /ecom/v1/carts/current', () => jsonResponse({}))
    expect(await client.currentCart.deleteCurrentCart()).toBeUndefined()
    expect(fake.requests.at(-1)).toMatchObject({ method: 'DELETE', host: 'http://api.test', body: undefined })
  })

  it('keeps the earlier { cart } shape readable on the cart, hidden from keys and JSON', async () => {
    const { client } = createCartClient()
    const resolved = await client.currentCart.addToCurrentCart({ lineItems: [] })
    const { cart: legacy } = resolved
    expect(legacy).toBe(resolved)
    expect(Object.keys(resolved)).not.toContain('cart')
    expect(JSON.parse(JSON.stringify(resolved))).toEqual(JSON.parse(JSON.stringify(expectedCart)))
    expect({ ...resolved }).toStrictEqual({ ...expectedCart })
  })

  it('rejects a 200 answer without the cart as INVALID_RESPONSE', async () => {
    const { client, fake } = createTestClient()
    fake.on('GET /ecom/v1/carts/current', () => jsonResponse({}, { requestId: 'r-1' }))
    await expect(client.currentCart.getCurrentCart()).rejects.toMatchObject({
      code: 'INVALID_RESPONSE',
      message: 'System error occurred, request-id: r-1',
    })
  })

  it('rejects with the platform validation error', async () => {
    const { client, fake } = createTestClient()
    fake.on('POST /ecom/v1/carts/current/add-to-cart', () =>
      jsonResponse(
        {
          message: 'invalid request',
          details: {
            validationError: {
              fieldViolations: [
                { field: 'lineItems[0].quantity', description: 'must be at least 1', violatedRule: 'MIN' },
              ],
            },
          },
        },
        { status: 400 },
      ),
    )
    const lineItems = [{ catalogReference: { catalogItemId: 'p1', appId: 'stores' }, quantity: 0 }]
    await expect(client.currentCart.addToCurrentCart({ lineItems })).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      message: 'INVALID_ARGUMENT: "lineItems[0].quantity" must be at least 1',
      status: 400,
    })
  })
})
