import { describe, expect, it } from 'vitest'
import { createTestClient } from '../testing/create-test-client.js'
import { jsonResponse } from '../testing/fake-fetch.js'

describe('redirects.createRedirectSession', () => {
  it('POST /redirects/v1/redirect-session sends the input and resolves with the whole answer', async () => {
    const { client, fake } = createTestClient()
    fake.on('POST /redirects/v1/redirect-session', () =>
      jsonResponse({
        redirectSession: {
          id: 'rs-1',
          fullUrl: 'http://api.test/checkout?session=rs-1',
          urlDetails: { endpoint: 'http://api.test/checkout', searchParams: { session: 'rs-1' } },
          sessionToken: 'st',
        },
      }),
    )
    const input = {
      ecomCheckout: { checkoutId: 'ch-1' },
      callbacks: { postFlowUrl: 'https://shop.test/thanks' },
    }
    expect(await client.redirects.createRedirectSession(input)).toEqual({
      redirectSession: {
        _id: 'rs-1',
        fullUrl: 'http://api.test/checkout?session=rs-1',
        urlDetails: { endpoint: 'http://api.test/checkout', searchParams: { session: 'rs-1' } },
        sessionToken: 'st',
      },
    })
    const request = fake.requests.at(-1)
    expect(request?.host).toBe('http://api.test')
    expect(request?.body).toEqual(input)
    expect(request?.headers.get('authorization')).toBe('access-1')
  })
})
