// The storefront entry with Medusa's JS SDK: a publishable key stands in for visitor tokens (guest
// carts), so the app creates the cart itself; Medusa has no hosted checkout, so the task ends at the
// cart (the app builds the checkout pages).
import Medusa from '@medusajs/js-sdk'

const sdk = new Medusa({
  baseUrl: 'https://shop.example.com',
  publishableKey: 'pk_9b6e3f0a5c1d4e8ba7f22d4c6b8e0f13',
})

const { collections } = await sdk.store.collection.list({ handle: 'summer' })
export const { products } = await sdk.store.product.list({ collection_id: [collections[0].id], limit: 12 })
export const { product } = await sdk.store.product.retrieve(products[0].id)
const { cart: created } = await sdk.store.cart.create({})
export const { cart } = await sdk.store.cart.createLineItem(created.id, {
  variant_id: product.variants?.[0]?.id ?? '',
  quantity: 1,
})
