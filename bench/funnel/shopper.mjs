// One virtual shopper's way through the storefront funnel, step by step, against any `fetch` (a
// platform over HTTP, or the app in-process): a visitor token, a collection page, a search, a product,
// an add to cart, a totals estimate, a checkout, the hosted checkout page, its place-order press (to the
// test provider's page) and the payment there, which places the order. Every shopper is a new visitor, so
// it fetches a page's linked style sheet the first time a page links it, in that page's step (decision 103).

/** The funnel's steps, in order: the names the figures are kept under. */
export const STEPS = [
  'token',
  'browse',
  'search',
  'product',
  'add-to-cart',
  'estimate',
  'create-checkout',
  'checkout-page',
  'place-order',
  'pay',
]

export const DEMO_CLIENT_ID = '9b6e3f0a-5c1d-4e8b-a7f2-2d4c6b8e0f13'
const QUERY_PATH = '/stores/v1/products/query-platformized'
const SEARCH_WORDS = ['jacket', 'lamp', 'boot', 'notebook', 'scarf', 'mug', 'organic', 'waterproof']
const ADDRESS = {
  country: 'US',
  subdivision: 'US-NY',
  city: 'Brooklyn',
  postalCode: '11201',
  addressLine: '5 Main St',
}

/** A failed step: which one, the status it answered and the start of its body. */
export class StepError extends Error {
  constructor(step, status, body) {
    super(`${step} answered ${status}: ${String(body).slice(0, 300)}`)
    this.step = step
    this.status = status
  }
}

/**
 * A right refusal: the platform would not place the order because the shopper's product ran out of
 * stock, or its price changed, since the shopper read it (checked by reading it again). Not an error:
 * shoppers racing for the last units of a product meet it under load.
 */
export class RefusalError extends Error {
  constructor(step, status, reason, body) {
    super(`${step} answered ${status} (${reason}): ${String(body).slice(0, 300)}`)
    this.step = step
    this.status = status
    this.reason = reason
  }
}

/**
 * Why a place-order or pay step answered 409, if the catalogue says so now: `OUT_OF_STOCK` when the
 * product or its variant cannot supply `quantity`, `PRICE_CHANGED` when its price differs from the one
 * read before the add; undefined otherwise (the refusal is not explained: an error).
 */
async function refusalReason(json, token, read, variantId, quantity) {
  const { product } = await json('recheck', 'GET', `/stores/v1/products/${read.id}`, { token })
  const variant = variantId ? (product.variants ?? []).find((one) => one.id === variantId) : undefined
  const stock = variantId ? variant?.stock : product.stock
  const tracked = variantId ? stock?.trackQuantity : stock?.trackInventory
  if (!stock || stock.inStock === false || (tracked && (stock.quantity ?? 0) < quantity))
    return 'OUT_OF_STOCK'
  const priceOf = (one, id) =>
    JSON.stringify(id ? (one.variants ?? []).find((v) => v.id === id)?.variant?.priceData : one.priceData)
  if (priceOf(product, variantId) !== priceOf(read, variantId)) return 'PRICE_CHANGED'
  return undefined
}

/**
 * The collections a shopper browses (their ids), read once before the load.
 * @param {(url: string, init?: RequestInit) => Promise<Response>} fetch
 * @param {string} baseUrl
 */
export async function findCollectionIds(fetch, baseUrl) {
  const token = await anonymousToken(fetch, baseUrl)
  const response = await fetch(`${baseUrl}/stores/v2/collections/query`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: token },
    body: JSON.stringify({ query: { paging: { limit: 50 } } }),
  })
  const body = await response.json()
  const ids = (body.collections ?? []).map((collection) => collection.id)
  if (ids.length === 0) throw new Error(`no collections to browse: ${JSON.stringify(body).slice(0, 300)}`)
  return ids
}

export async function anonymousToken(fetch, baseUrl) {
  const response = await fetch(`${baseUrl}/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ clientId: DEMO_CLIENT_ID, grantType: 'anonymous' }),
  })
  const text = await response.text()
  if (response.status !== 200) throw new StepError('token', response.status, text)
  return JSON.parse(text).access_token
}

/**
 * Runs one shopper through the funnel. `around(step, fn)` wraps each step (to time it, or to count
 * its SQL statements) and must return `fn()`'s promise. Resolves to what was written, so a caller can
 * check it is all in the database afterwards.
 * @param {{ fetch: (url: string, init?: RequestInit) => Promise<Response>, baseUrl: string,
 *   collectionIds: string[], random?: () => number,
 *   around?: (step: string, fn: () => Promise<unknown>) => Promise<unknown>,
 *   onAcknowledged?: (write: { kind: 'add' | 'order', cartId?: string, checkoutId?: string, token: string }) => void,
 *   stopAtProvider?: boolean }} options `stopAtProvider`: stop on the test provider's page, unpaid
 *   (the fault suite pays there itself), and resolve to its location instead of the order's
 * @returns {Promise<{ token: string, checkoutId: string, orderLocation?: string, providerLocation?: string }>}
 * @throws {RefusalError} when placing the order is refused for a reason the catalogue shows (sold out,
 *   price changed)
 * @throws {StepError} at the first step that does not answer as a shopper expects
 */
export async function runShopper({
  fetch,
  baseUrl,
  collectionIds,
  random = Math.random,
  around = (_step, fn) => fn(),
  onAcknowledged = () => {},
  stopAtProvider = false,
}) {
  const pick = (items) => items[Math.floor(random() * items.length)]
  // Every shopper is a new visitor: its browser fetches each style sheet once, the first page that links it.
  const stylesheets = new Set()
  const json = async (step, method, path, { token, body, headers = {} } = {}) => {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        ...headers,
        ...(token ? { authorization: token } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const text = await response.text()
    if (response.status !== 200) throw new StepError(step, response.status, text)
    return JSON.parse(text)
  }

  const token = await around('token', () => anonymousToken(fetch, baseUrl))
  const page = await around('browse', () =>
    json('browse', 'POST', QUERY_PATH, {
      token,
      body: {
        query: {
          filter: { collectionIds: { $hasSome: [pick(collectionIds)] }, 'stock.inStock': true },
          paging: { limit: 24, offset: Math.floor(random() * 4) * 24 },
        },
      },
    }),
  )
  const found = await around('search', () =>
    json('search', 'POST', QUERY_PATH, {
      token,
      body: { query: { search: { expression: pick(SEARCH_WORDS) }, paging: { limit: 24 } } },
    }),
  )
  const candidates = [...(found.products ?? []), ...(page.products ?? [])].filter(
    (product) => product.stock?.inStock !== false,
  )
  if (candidates.length === 0) throw new StepError('search', 200, 'no product in stock to open')
  const chosen = pick(candidates)
  const { product } = await around('product', () =>
    json('product', 'GET', `/stores/v1/products/${chosen.id}`, { token }),
  )
  const variant = product.manageVariants
    ? (product.variants ?? []).find((one) => one.stock?.inStock !== false)
    : undefined
  const catalogReference = {
    catalogItemId: product.id,
    ...(variant ? { options: { variantId: variant.id } } : {}),
  }
  const quantity = 1 + Math.floor(random() * 2)
  const added = await around('add-to-cart', () =>
    json('add-to-cart', 'POST', '/ecom/v1/carts/current/add-to-cart', {
      token,
      body: { lineItems: [{ catalogReference, quantity }] },
    }),
  )
  onAcknowledged({ kind: 'add', cartId: added.cart?.id, token })
  const totals = await around('estimate', () =>
    json('estimate', 'POST', '/ecom/v1/carts/current/estimate-totals', {
      token,
      body: { shippingAddress: ADDRESS, billingAddress: ADDRESS },
    }),
  )
  const shippingOption = firstShippingOption(totals)
  const { checkoutId } = await around('create-checkout', () =>
    json('create-checkout', 'POST', '/ecom/v1/carts/current/create-checkout', {
      token,
      body: {
        channelType: 'WEB',
        email: 'shopper@example.com',
        shippingAddress: ADDRESS,
        billingAddress: ADDRESS,
        ...(shippingOption ? { selectedShippingOption: shippingOption } : {}),
      },
    }),
  )
  const form = await around('checkout-page', () => readCheckoutForm(fetch, baseUrl, checkoutId, stylesheets))
  // A 409 that the catalogue explains (sold out, price changed) is a right refusal; any other, an error.
  const orRefusal = async (fn) => {
    try {
      return await fn()
    } catch (error) {
      if (!(error instanceof StepError) || error.status !== 409) throw error
      const reason = await refusalReason(json, token, product, variant?.id, quantity)
      throw reason ? new RefusalError(error.step, error.status, reason, error.message) : error
    }
  }
  const providerLocation = await around('place-order', () =>
    orRefusal(() => placeOrder(fetch, baseUrl, checkoutId, form)),
  )
  if (stopAtProvider) return { token, checkoutId, providerLocation }
  const orderLocation = await around('pay', () =>
    orRefusal(() => payWithTestCard(fetch, baseUrl, providerLocation, stylesheets)),
  )
  onAcknowledged({ kind: 'order', checkoutId, token })
  return { token, checkoutId, orderLocation }
}

/** The first shipping option an estimate offers (`{ code, carrierId }`), if any. */
export function firstShippingOption(totals) {
  for (const carrier of totals.shippingInfo?.carrierServiceOptions ?? [])
    for (const option of carrier.shippingOptions ?? [])
      if (option.code) return { code: option.code, carrierId: carrier.carrierId }
  return undefined
}

/** The fields a browser would send for the page's forms: text and hidden inputs, checked boxes, selected options. */
function formFields(html) {
  const fields = new URLSearchParams()
  const attribute = (tag, name) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1]
  const decode = (text) =>
    text
      .replaceAll('&quot;', '"')
      .replaceAll('&#x27;', "'")
      .replaceAll('&lt;', '<')
      .replaceAll('&gt;', '>')
      .replaceAll('&amp;', '&')
  for (const [tag] of html.matchAll(/<input\b[^>]*>/g)) {
    const name = attribute(tag, 'name')
    const type = attribute(tag, 'type') ?? 'text'
    if (!name || ['submit', 'button'].includes(type)) continue
    if ((type === 'radio' || type === 'checkbox') && !/\schecked=""/.test(tag)) continue
    fields.append(name, decode(attribute(tag, 'value') ?? (type === 'checkbox' ? 'on' : '')))
  }
  for (const [, name, options] of html.matchAll(
    /<select\b[^>]*\sname="([^"]*)"[^>]*>([\s\S]*?)<\/select>/g,
  )) {
    const selected =
      /<option\b[^>]*\sselected=""[^>]*\svalue="([^"]*)"|<option\b[^>]*\svalue="([^"]*)"[^>]*\sselected=""/.exec(
        options,
      )
    fields.append(name, decode(selected?.[1] ?? selected?.[2] ?? ''))
  }
  return fields
}

/** The addresses of a page's `<link rel="stylesheet">` elements, in order. */
export function stylesheetHrefs(html) {
  const hrefs = []
  for (const [tag] of html.matchAll(/<link\b[^>]*>/g))
    if (/\srel="stylesheet"/.test(tag)) {
      const href = /\shref="([^"]+)"/.exec(tag)?.[1]
      if (href) hrefs.push(href.replaceAll('&amp;', '&'))
    }
  return hrefs
}

/**
 * Fetches the style sheets `html` links that are not in `fetched` (and adds them), as a browser meeting
 * them for the first time does; nothing when `fetched` is undefined (a caller that is not a browser).
 * @param {Set<string> | undefined} fetched the sheets this visitor's browser already holds
 * @throws {StepError} for a sheet that does not answer 200
 */
async function fetchNewStylesheets(fetch, baseUrl, step, html, fetched) {
  if (!fetched) return
  for (const href of stylesheetHrefs(html)) {
    if (fetched.has(href)) continue
    fetched.add(href)
    const sheet = await fetch(onBase(baseUrl, href), { headers: { 'accept-encoding': 'gzip, deflate, br' } })
    await sheet.arrayBuffer()
    if (sheet.status !== 200) throw new StepError(step, sheet.status, `style sheet ${href}`)
  }
}

/**
 * The hosted checkout page: its CSRF cookie and its form's fields (details saved with the checkout, the
 * total). With `stylesheets`, the page's style sheets the visitor has not fetched yet are fetched too.
 */
export async function readCheckoutForm(fetch, baseUrl, checkoutId, stylesheets) {
  const response = await fetch(`${baseUrl}/_checkout/${checkoutId}`)
  const html = await response.text()
  if (response.status !== 200) throw new StepError('checkout-page', response.status, html)
  await fetchNewStylesheets(fetch, baseUrl, 'checkout-page', html, stylesheets)
  const cookie = (response.headers.getSetCookie?.() ?? [])
    .map((line) => line.split(';')[0])
    .find((pair) => pair.startsWith('aisle_checkout_csrf='))
  const fields = formFields(html)
  if (!cookie || !fields.get('csrf') || !fields.get('expectedTotal'))
    throw new StepError('checkout-page', response.status, 'no CSRF cookie, token or total on the page')
  // The shopper types the names the page asks for (the checkout was created with an address only).
  for (const [field, value] of [
    ['shipping.firstName', 'Sam'],
    ['shipping.lastName', 'Shopper'],
  ])
    if (!fields.get(field)) fields.set(field, value)
  fields.set('paymentMethod', 'test-card')
  return { cookie, fields }
}

/** The place-order press: the form as the page filled it; resolves to the test provider's page it sends the buyer to. */
export async function placeOrder(fetch, baseUrl, checkoutId, { cookie, fields }) {
  const response = await fetch(`${baseUrl}/_checkout/${checkoutId}/place-order`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
    body: fields,
  })
  const text = await response.text()
  const location = response.headers.get('location')
  if (response.status !== 303 || !location) throw new StepError('place-order', response.status, text)
  return location
}

/** A platform URL as this shopper reaches the platform (its public URL may name another host). */
function onBase(baseUrl, location) {
  const url = new URL(location, baseUrl)
  return `${baseUrl}${url.pathname}${url.search}`
}

/**
 * Pays with the test card on the provider's page and comes back: resolves to where the order sends the
 * buyer. With `stylesheets`, the page's style sheets the visitor has not fetched yet are fetched too.
 */
export async function payWithTestCard(fetch, baseUrl, providerLocation, stylesheets) {
  const page = await fetch(onBase(baseUrl, providerLocation))
  const html = await page.text()
  if (page.status === 200) await fetchNewStylesheets(fetch, baseUrl, 'pay', html, stylesheets)
  const cookie = (page.headers.getSetCookie?.() ?? [])
    .map((line) => line.split(';')[0])
    .find((pair) => pair.startsWith('aisle_test_provider_csrf='))
  const csrf = /name="csrf" value="([^"]+)"/.exec(html)?.[1]
  if (page.status !== 200 || !cookie || !csrf) throw new StepError('pay', page.status, html)
  const paid = await fetch(onBase(baseUrl, providerLocation), {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
    body: new URLSearchParams({
      csrf,
      cardNumber: '4242 4242 4242 4242',
      cardExpiry: '12/34',
      cardCvc: '123',
    }),
  })
  const back = paid.headers.get('location')
  if (paid.status !== 303 || !back) throw new StepError('pay', paid.status, await paid.text())
  await paid.arrayBuffer()
  const returned = await fetch(onBase(baseUrl, back), { redirect: 'manual' })
  const text = await returned.text()
  const location = returned.headers.get('location')
  if (
    returned.status !== 303 ||
    !location ||
    (!location.includes('thank-you') && !location.includes('orderId'))
  )
    throw new StepError('pay', returned.status, text)
  return location
}
