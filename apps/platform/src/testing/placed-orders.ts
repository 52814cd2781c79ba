import type { ContactDetails } from '../carts/contact-info.ts'
import { saveCheckoutChoices } from '../checkout/checkout-store.ts'
import { placeOrder } from '../checkout/place-order.ts'
import type { Db } from '../db/db.ts'
import type { OrderPayment } from '../orders/order-store.ts'
import { DEMO_CLIENT_ID } from '../seed/demo-ids.ts'
import { BROOKLYN_ADDRESS } from './shopper-address.ts'
import { TEST_PUBLIC_URL } from './test-platform.ts'

type App = { request: (input: string, init?: RequestInit) => Response | Promise<Response> }

/** The demo notebook, made to track its stock (10 units) so that orders take from it and give back. */
export async function trackNotebookStock(db: Db, units = 10): Promise<string> {
  const [product] = await db.query<{ id: string }>(
    "update products set track_inventory = true, quantity = $1, in_stock = true where slug = 'meadow-notebook' returning id",
    [units],
  )
  if (!product) throw new Error('the demo store has no meadow-notebook')
  return product.id
}

/**
 * Places an order of the demo notebook (after `variant`, when given) as a new visitor (or with `token`, that shopper) through the real
 * app's cart and checkout calls, with a payment a card provider confirmed (`paid`: no payment row of
 * checkout's, so refunds go through the order desk's `OrderRefunds` as the test gives it) or unpaid
 * (`offline`). Answers the order's id, number and the visitor's token.
 */
export async function placeNotebookOrder(
  app: App,
  db: Db,
  now: Date,
  options: {
    quantity?: number
    paid?: boolean
    email?: string
    token?: string
    /** Who receives the order (the checkout's recipient). */
    recipient?: ContactDetails
    /** A variant put in the cart before the notebook. */
    variant?: { productId: string; variantId: string; quantity: number }
  } = {},
) {
  async function json(method: string, path: string, token: string, body?: unknown) {
    const response = await app.request(`${TEST_PUBLIC_URL}${path}`, {
      method,
      headers: { authorization: token, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    return (await response.json()) as Record<string, any>
  }
  const token =
    options.token ??
    ((await json('POST', '/oauth2/token', '', { clientId: DEMO_CLIENT_ID, grantType: 'anonymous' }))
      .access_token as string)
  const [product] = await db.query<{ id: string }>("select id from products where slug = 'meadow-notebook'")
  const { variant } = options
  await json('POST', '/ecom/v1/carts/current/add-to-cart', token, {
    lineItems: [
      ...(variant
        ? [
            {
              catalogReference: {
                catalogItemId: variant.productId,
                options: { variantId: variant.variantId },
              },
              quantity: variant.quantity,
            },
          ]
        : []),
      { catalogReference: { catalogItemId: product!.id }, quantity: options.quantity ?? 1 },
    ],
  })
  const { checkoutId } = await json('POST', '/ecom/v1/carts/current/create-checkout', token, {})
  await saveCheckoutChoices(
    db,
    checkoutId,
    {
      email: options.email ?? 'buyer@example.com',
      shippingAddress: BROOKLYN_ADDRESS,
      billingAddress: BROOKLYN_ADDRESS,
      shippingContact: options.recipient,
      selectedShippingOption: { code: 'standard' },
    },
    now,
  )
  const payment: OrderPayment = options.paid
    ? { status: 'PAID', provider: 'test-card', transactionId: `test_${checkoutId}`, cardLast4: '4242' }
    : { status: 'NOT_PAID', provider: 'offline' }
  const first = await placeOrder(db, {
    publicUrl: TEST_PUBLIC_URL,
    checkoutId,
    expectedTotalMinor: -1,
    payment,
    now,
  })
  if (first.kind !== 'price-changed') throw new Error('expected the total to be confirmed first')
  const placed = await placeOrder(db, {
    publicUrl: TEST_PUBLIC_URL,
    checkoutId,
    expectedTotalMinor: first.totalMinor,
    payment,
    now,
  })
  if (placed.kind !== 'placed') throw new Error('the order was not placed')
  return { orderId: placed.orderId, number: placed.orderNumber, token, totalMinor: first.totalMinor }
}

/** The demo Classic Tee and its first variant: the product the SDK stories put in carts. */
export async function findClassicTee(db: Db): Promise<{ id: string; variantId: string }> {
  const [row] = await db.query<{ id: string; variant_id: string }>(
    `select p.id, v.id as variant_id from products p join product_variants v on v.product_id = p.id
      where p.slug = 'classic-tee' order by v.position limit 1`,
  )
  if (!row) throw new Error('the demo store has no classic-tee')
  return { id: row.id, variantId: row.variant_id }
}
