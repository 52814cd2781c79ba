// The storefront entry in Wix's SDK (the platform whose client the spec mirrors): visitor tokens,
// a collection, a product, the cart, and a redirect session to the hosted checkout.
import { currentCart } from '@wix/ecom'
import { redirects } from '@wix/redirects'
import { createClient, OAuthStrategy } from '@wix/sdk'
import { collections, products } from '@wix/stores'

const client = createClient({
  auth: OAuthStrategy({ clientId: '9b6e3f0a-5c1d-4e8b-a7f2-2d4c6b8e0f13' }),
  modules: { products, collections, currentCart, redirects },
})

export const { collection } = await client.collections.getCollectionBySlug('summer')
export const { items } = await client.products
  .queryProducts()
  .hasSome('collectionIds', [collection._id])
  .limit(12)
  .find()
export const { product } = await client.products.getProduct(items[0]._id)
export const { cart } = await client.currentCart.addToCurrentCart({
  lineItems: [
    // Wix Stores' app id: the catalogue a line item comes from.
    {
      quantity: 1,
      catalogReference: { catalogItemId: product._id, appId: '215238eb-22a5-4c36-9e7b-e7c08025e04e' },
    },
  ],
})
const { checkoutId } = await client.currentCart.createCheckoutFromCurrentCart({ channelType: 'WEB' })
export const { redirectSession } = await client.redirects.createRedirectSession({
  ecomCheckout: { checkoutId },
  callbacks: { postFlowUrl: 'https://shop.example.com/thank-you' },
})
