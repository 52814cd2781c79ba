// The task in Aisle: a client with visitor tokens, read a product, add it to the visitor's cart.
import { createClient, currentCart, OAuthStrategy, products } from '@aisle/sdk'

const client = createClient({
  auth: OAuthStrategy({ clientId: '9b6e3f0a-5c1d-4e8b-a7f2-2d4c6b8e0f13' }),
  modules: { products, currentCart },
  baseUrl: 'https://shop.example.com',
})

export const { product } = await client.products.getProduct('a3f1c2d4-0000-4000-8000-000000000001')
export const { cart } = await client.currentCart.addToCurrentCart({
  lineItems: [{ quantity: 1, catalogReference: { catalogItemId: product._id, appId: 'stores' } }],
})
