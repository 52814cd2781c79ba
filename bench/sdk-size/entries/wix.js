// The task in Wix's SDK (the platform whose client the spec mirrors): visitor tokens, a product, the cart.
import { currentCart } from '@wix/ecom'
import { createClient, OAuthStrategy } from '@wix/sdk'
import { products } from '@wix/stores'

const client = createClient({
  auth: OAuthStrategy({ clientId: '9b6e3f0a-5c1d-4e8b-a7f2-2d4c6b8e0f13' }),
  modules: { products, currentCart },
})

export const { product } = await client.products.getProduct('a3f1c2d4-0000-4000-8000-000000000001')
export const { cart } = await client.currentCart.addToCurrentCart({
  lineItems: [
    // Wix Stores' app id: the catalogue a line item comes from.
    {
      quantity: 1,
      catalogReference: { catalogItemId: product._id, appId: '215238eb-22a5-4c36-9e7b-e7c08025e04e' },
    },
  ],
})
