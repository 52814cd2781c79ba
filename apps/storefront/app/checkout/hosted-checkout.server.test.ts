import { createClient, createMemoryTokenStorage, currentCart, OAuthStrategy } from '@aisle/sdk'
import { describe, expect, it } from 'vitest'
import { toShopperError } from '../platform/shopper-error'
import { createScriptedClient } from '../platform/testing/scripted-platform'
import { startCheckout } from './hosted-checkout.server'

function clientAnswering(answer: (url: string) => Response) {
  const fetch = async (input: RequestInfo | URL) => {
    const url = String(input instanceof Request ? input.url : input)
    if (url.endsWith('/oauth2/token')) {
      return Response.json({ access_token: 'at', expires_in: 3600, refresh_token: 'rt' })
    }
    return answer(url)
  }
  return createClient({
    auth: OAuthStrategy({ clientId: 'c', tokenStorage: createMemoryTokenStorage() }),
    modules: { currentCart },
    baseUrl: 'http://platform.test',
    fetch,
  })
}

describe('startCheckout', () => {
  it('answers the hosted checkout URL of the checkout the platform created', async () => {
    const client = clientAnswering((url) => {
      expect(url).toBe('http://platform.test/ecom/v1/carts/current/create-checkout')
      return Response.json({ checkoutId: 'a1b2c3' })
    })
    expect(await startCheckout(client, 'http://platform.test')).toEqual({
      ok: true,
      url: 'http://platform.test/_checkout/a1b2c3',
    })
  })

  it('starts the checkout from the address and shipping option the shopper estimated with', async () => {
    const { client, calls } = createScriptedClient({
      'POST /ecom/v1/carts/current/create-checkout': { body: { checkoutId: 'c-1' } },
    })
    const address = { country: 'US', subdivision: 'US-NY', city: 'New York', postalCode: '10001' }
    const option = { code: 'standard', carrierId: 'aisle-post' }
    const started = await startCheckout(client, 'http://platform.test', { address, option })
    expect(started).toEqual({ ok: true, url: 'http://platform.test/_checkout/c-1' })
    expect(calls).toEqual([
      {
        method: 'POST',
        path: '/ecom/v1/carts/current/create-checkout',
        body: { channelType: 'WEB', shippingAddress: address, selectedShippingOption: option },
      },
    ])
  })

  it('answers shopper words when nothing in the cart can be bought', async () => {
    const client = clientAnswering(() =>
      Response.json(
        {
          message: 'no',
          details: { applicationError: { description: 'no', code: 'CART_NOT_PURCHASABLE', data: {} } },
        },
        { status: 409, statusText: 'Conflict' },
      ),
    )
    const started = await startCheckout(client, 'http://platform.test')
    expect(started).toMatchObject({ ok: false, title: 'Nothing to check out' })
    expect(JSON.stringify(started)).not.toContain('no"')
  })

  it('tells the shopper the store is unreachable when the platform cannot be reached', async () => {
    const client = clientAnswering(() => {
      throw new TypeError('network down')
    })
    const started = await startCheckout(client, 'http://platform.test')
    expect(started).toEqual({ ok: false, ...toShopperError(undefined) })
  })
})
