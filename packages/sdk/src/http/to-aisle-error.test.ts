import { describe, expect, it } from 'vitest'
import { toAisleError, toNetworkError } from './to-aisle-error.js'

const request = { method: 'POST', url: 'http://api.test/ecom/v1/carts/current/add-to-cart' }

describe('toAisleError', () => {
  it('joins field violations sorted by field into an INVALID_ARGUMENT message', async () => {
    const details = {
      validationError: {
        fieldViolations: [
          { field: 'lineItems[0].quantity', description: 'must be at least 1', violatedRule: 'MIN' },
          {
            field: 'lineItems[0].catalogReference.catalogItemId',
            description: 'is required',
            violatedRule: 'REQUIRED_FIELD',
          },
        ],
      },
    }
    const error = await toAisleError(
      { status: 400, statusText: 'Bad Request', requestId: 'r1', body: { message: 'invalid', details } },
      request,
    )
    expect(error.message).toBe(
      'INVALID_ARGUMENT: "lineItems[0].catalogReference.catalogItemId" is required, "lineItems[0].quantity" must be at least 1',
    )
    expect(error.code).toBe('INVALID_ARGUMENT')
    expect(error.status).toBe(400)
    expect(error.requestId).toBe('r1')
    expect(error.details).toEqual(details)
    expect(error.request).toEqual(request)
  })

  it('combines the server message and the application description', async () => {
    const details = {
      applicationError: { description: 'No cart for this visitor', code: 'OWNED_CART_NOT_FOUND', data: {} },
    }
    const error = await toAisleError(
      {
        status: 404,
        statusText: 'Not Found',
        requestId: undefined,
        body: { message: 'Cart not found', details },
      },
      request,
    )
    expect(error.message).toBe('Cart not found: No cart for this visitor')
    expect(error.code).toBe('OWNED_CART_NOT_FOUND')
    expect(error.details).toEqual(details)
  })

  it('uses one of message and description when they are equal', async () => {
    const details = { applicationError: { description: 'Same', code: -19995, data: {} } }
    const error = await toAisleError(
      { status: 409, statusText: '', requestId: undefined, body: { message: 'Same', details } },
      request,
    )
    expect(error.message).toBe('Same')
    expect(error.code).toBe('-19995')
  })

  it('makes the status text the description and its upper snake case the code for a bare 4xx', async () => {
    const error = await toAisleError(
      { status: 429, statusText: 'Too Many Requests', requestId: 'r2', body: undefined },
      request,
    )
    expect(error.message).toBe('Too Many Requests')
    expect(error.code).toBe('TOO_MANY_REQUESTS')
    expect(error.details).toEqual({
      applicationError: { description: 'Too Many Requests', code: 'TOO_MANY_REQUESTS', data: {} },
    })
  })

  it('falls back to the standard status text when the answer has none', async () => {
    const error = await toAisleError({ status: 404, statusText: '', requestId: undefined, body: {} }, request)
    expect(error.code).toBe('NOT_FOUND')
    expect(error.message).toBe('Not Found')
  })

  it('answers a 5xx with System error occurred and the request id', async () => {
    const error = await toAisleError(
      { status: 503, statusText: 'Service Unavailable', requestId: 'abc', body: { message: 'db down' } },
      request,
    )
    expect(error.message).toBe('System error occurred, request-id: abc')
    expect(error.code).toBe('SERVICE_UNAVAILABLE')
    expect(error.status).toBe(503)
  })

  it('leaves the request id out of a system error when unknown', async () => {
    const error = await toAisleError(
      { status: 500, statusText: '', requestId: undefined, body: undefined },
      request,
    )
    expect(error.message).toBe('System error occurred')
    expect(error.code).toBe('INTERNAL_SERVER_ERROR')
  })

  it('treats any status other than 200 as a system error when nothing else fits', async () => {
    const error = await toAisleError(
      { status: 204, statusText: '', requestId: undefined, body: undefined },
      request,
    )
    expect(error.message).toBe('System error occurred')
    expect(error.code).toBe('NO_CONTENT')
  })
})

describe('toNetworkError', () => {
  it('wraps a failure without an answer as NETWORK_ERROR, keeping its cause', () => {
    const cause = new TypeError('fetch failed')
    const error = toNetworkError(cause, request)
    expect(error.message).toBe('System error occurred')
    expect(error.code).toBe('NETWORK_ERROR')
    expect(error.status).toBeUndefined()
    expect(error.cause).toBe(cause)
  })
})
