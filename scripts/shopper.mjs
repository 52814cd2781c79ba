// A shopper against a running platform and storefront, as a shop's code and a browser would go: shared
// by the tests of the release archive (scripts/release.test.mjs) and of its container image
// (scripts/container-test.mjs). Each step throws, naming what it saw, when the answer is not the expected
// one. `@aisle/sdk` is the SDK's source under Vitest (the `@aisle/source` condition) and its build
// (packages/sdk/dist) under plain Node.
import assert from 'node:assert/strict'
import { createClient, currentCart, OAuthStrategy, products } from '@aisle/sdk'
import { findDemoClientId } from './demo-client-id.mjs'

/**
 * A visitor's token, the catalogue's first products, one in stock added to the cart, the cart read back.
 * @param {string} platformUrl
 * @param {{ clientId?: string }} [options] the demo store's OAuth client by default
 * @returns the SDK client (holding the visitor's token), the products listed, the one in the cart and the cart
 */
export async function shopAsVisitor(platformUrl, { clientId = findDemoClientId({}) } = {}) {
  const client = createClient({
    auth: OAuthStrategy({ clientId }),
    modules: { products, currentCart },
    baseUrl: platformUrl,
  })
  const { items } = await client.products.queryProducts().limit(10).find()
  const product = items.find((item) => item.stock?.inStock !== false && item.slug)
  assert.ok(product, `${platformUrl} lists no product in stock among ${items.length}`)
  const { cart: added } = await client.currentCart.addToCurrentCart({
    lineItems: [{ catalogReference: { catalogItemId: product._id, appId: 'stores' }, quantity: 1 }],
  })
  assert.equal(added.lineItems?.length, 1, 'the cart after adding one product')
  const cart = await client.currentCart.getCurrentCart()
  assert.equal(cart._id, added._id, 'the cart read back is the one added to')
  assert.deepEqual(
    (cart.lineItems ?? []).map((line) => [line.catalogReference?.catalogItemId, line.quantity]),
    [[product._id, 1]],
    'the cart read back holds the product added',
  )
  return { client, items, product, cart }
}

/**
 * The storefront's home page, which must name one of `items`, and `product`'s page, which must name it.
 * @param {string} storefrontUrl
 * @param {{ items: { name: string }[], product: { name: string, slug: string } }} shopped what `shopAsVisitor` saw
 */
export async function visitStorefront(storefrontUrl, { items, product }) {
  const home = await fetch(`${storefrontUrl}/`)
  assert.equal(home.status, 200, `${storefrontUrl}/`)
  const homeHtml = await home.text()
  assert.ok(
    items.some((item) => homeHtml.includes(escapeHtml(item.name))),
    `${storefrontUrl}/ names none of the platform's products`,
  )
  const page = await fetch(`${storefrontUrl}/products/${product.slug}`)
  assert.equal(page.status, 200, `${storefrontUrl}/products/${product.slug}`)
  assert.ok((await page.text()).includes(escapeHtml(product.name)), `the page of ${product.slug} names it`)
}

/** Text as React writes it into HTML. */
function escapeHtml(text) {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll("'", '&#x27;')
}
