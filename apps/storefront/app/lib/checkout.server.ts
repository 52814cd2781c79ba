import { type AisleClient, type currentCart, isAisleError } from '@aisle/sdk'
import type { ShippingChoice } from './shipping-choice'
import { toEstimateOptions } from './shipping-estimate.server'
import { toShopperError } from './shopper-error'

type CheckoutClient = AisleClient<{ currentCart: typeof currentCart }>

export type CheckoutStart = { ok: true; url: string } | { ok: false; title: string; message: string }

/**
 * Freezes the visitor's cart into a checkout on the platform, with the address and shipping option the
 * shopper estimated with (so the hosted checkout starts from them), and answers where its hosted checkout
 * page is; a cart with nothing to buy (or none at all) answers shopper words instead.
 */
export async function startCheckout(
  client: CheckoutClient,
  platformUrl: string,
  choice?: ShippingChoice,
): Promise<CheckoutStart> {
  try {
    const { checkoutId } = await client.currentCart.createCheckoutFromCurrentCart({
      channelType: 'WEB',
      ...toEstimateOptions(choice),
    })
    if (!checkoutId) return { ok: false, ...toShopperError(500) }
    return { ok: true, url: `${platformUrl}/_checkout/${encodeURIComponent(checkoutId)}` }
  } catch (error) {
    if (!isAisleError(error)) throw error
    return { ok: false, ...toShopperError(error.status, error.code) }
  }
}
