// The storefront entry with Shopify's Storefront API client: a public access token stands in for
// visitor tokens, and the GraphQL documents the task needs are part of the app's code, so they count
// here. The cart's `checkoutUrl` is the hosted checkout to send the visitor to.
import { createStorefrontApiClient } from '@shopify/storefront-api-client'

const client = createStorefrontApiClient({
  storeDomain: 'https://shop.example.com',
  apiVersion: '2025-07',
  publicAccessToken: '9b6e3f0a5c1d4e8ba7f22d4c6b8e0f13',
})

const collectionQuery = `query Collection($handle: String!) {
  collection(handle: $handle) { id title products(first: 12) { nodes { id title handle } } }
}`
const productQuery = `query Product($id: ID!) {
  product(id: $id) { id title variants(first: 1) { nodes { id } } }
}`
const cartMutation = `mutation AddToCart($lines: [CartLineInput!]!) {
  cartCreate(input: { lines: $lines }) { cart { id totalQuantity checkoutUrl } userErrors { field message } }
}`

const { data: browse } = await client.request(collectionQuery, { variables: { handle: 'summer' } })
export const collection = browse.collection
const { data } = await client.request(productQuery, {
  variables: { id: collection.products.nodes[0].id },
})
export const product = data.product
export const { data: cart } = await client.request(cartMutation, {
  variables: { lines: [{ merchandiseId: product.variants.nodes[0].id, quantity: 1 }] },
})
