// The storefront entry in Aisle (issue 3): createClient, OAuthStrategy (visitor tokens), currentCart,
// products, collections and redirects; browse a collection, read a product, add it to the cart, and
// send the visitor to the hosted checkout.
import { collections, createClient, currentCart, OAuthStrategy, products, redirects } from '@aisle/sdk'

const client = createClient({
  auth: OAuthStrategy({ clientId: '9b6e3f0a-5c1d-4e8b-a7f2-2d4c6b8e0f13' }),
  modules: { products, collections, currentCart, redirects },
  baseUrl: 'https://shop.example.com',
})

export const collection = await client.collections.getCollectionBySlug('summer')
export const { items } = await client.products
  .queryProducts()
  .hasSome('collectionIds', [collection._id])
  .limit(12)
  .find()
export const product = await client.products.getProduct(items[0]._id)
export const cart = await client.currentCart.addToCurrentCart({
  lineItems: [{ quantity: 1, catalogReference: { catalogItemId: product._id, appId: 'stores' } }],
})
const { checkoutId } = await client.currentCart.createCheckoutFromCurrentCart({ channelType: 'WEB' })
export const { redirectSession } = await client.redirects.createRedirectSession({
  ecomCheckout: { checkoutId },
  callbacks: { postFlowUrl: 'https://shop.example.com/thank-you' },
})
