// The task with Medusa's JS SDK: a publishable key stands in for visitor tokens (guest carts),
// so the app creates the cart itself before adding to it.
import Medusa from '@medusajs/js-sdk'

const sdk = new Medusa({
  baseUrl: 'https://shop.example.com',
  publishableKey: 'pk_9b6e3f0a5c1d4e8ba7f22d4c6b8e0f13',
})

export const { product } = await sdk.store.product.retrieve('prod_01')
const { cart: created } = await sdk.store.cart.create({})
export const { cart } = await sdk.store.cart.createLineItem(created.id, {
  variant_id: product.variants?.[0]?.id ?? '',
  quantity: 1,
})
