import { type AisleClient, type currentCart, isAisleError, type RedirectsModule } from '@aisle/sdk'
import { toShopperError } from '../platform/shopper-error'
import { toEstimateOptions } from './cart-estimate.server'
import { type PlanChoice, toPlanChoiceOptions } from './plan-choice'
import type { ShippingChoice } from './shipping-choice'

type CheckoutClient = AisleClient<{ currentCart: typeof currentCart }> & { redirects?: RedirectsModule }

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
  storefrontOrigin?: string,
  plans: PlanChoice = {},
): Promise<CheckoutStart> {
  try {
    // The plan chosen per line on the cart page goes along: the checkout keeps it (decision 051).
    const { checkoutId } = await client.currentCart.createCheckoutFromCurrentCart({
      channelType: 'WEB',
      ...toEstimateOptions(choice),
      ...toPlanChoiceOptions(plans),
    })
    if (!checkoutId) return { ok: false, ...toShopperError(500) }
    const returning = storefrontOrigin && (await toCheckoutSessionUrl(client, checkoutId, storefrontOrigin))
    return { ok: true, url: returning || `${platformUrl}/_checkout/${encodeURIComponent(checkoutId)}` }
  } catch (error) {
    if (!isAisleError(error)) throw error
    return { ok: false, ...toShopperError(error.status, error.code) }
  }
}

/**
 * The hosted checkout's URL through an `ecomCheckout` redirect session whose callbacks bring the buyer
 * back to this storefront: its thank-you page after the order, its cart page to change the cart. Answers
 * undefined when the platform refuses the callbacks (400: the storefront's origin is not registered for
 * the OAuth client), so that the hosted checkout still opens, ending on the platform's own thank-you page.
 */
async function toCheckoutSessionUrl(
  client: CheckoutClient,
  checkoutId: string,
  storefrontOrigin: string,
): Promise<string | undefined> {
  if (!client.redirects) return undefined
  try {
    const { redirectSession } = await client.redirects.createRedirectSession({
      ecomCheckout: { checkoutId },
      callbacks: {
        thankYouPageUrl: `${storefrontOrigin}/thank-you`,
        cartPageUrl: `${storefrontOrigin}/cart`,
      },
    })
    return redirectSession?.fullUrl
  } catch (error) {
    if (isAisleError(error) && error.status === 400) return undefined
    throw error
  }
}
