import { describe, expect, it } from 'vitest'
import type { AisleClient } from '../platform/aisle.server'
import { applicationError, createScriptedClient } from '../platform/testing/scripted-platform'
import { editCurrentCart } from './cart-edit-action.server'
import { findCurrentCart } from './current-cart.server'

// The real SDK client on a scripted `fetch` that answers as the platform does (apps/platform/src/carts):
// the storefront never imports the platform, so its wire answers are written out here.

const lineItemId = '3f1c9a52-8d0e-4b7a-9c21-5e6f7a8b9c0d'

function wireCart(fields: Record<string, unknown> = {}) {
  const money = (amount: string) => ({
    amount,
    convertedAmount: amount,
    formattedAmount: `$${amount}`,
    formattedConvertedAmount: `$${amount}`,
  })
  return {
    cart: {
      id: 'cart-1',
      currency: 'USD',
      lineItems: [
        {
          id: lineItemId,
          quantity: 1,
          productName: { original: 'Classic Tee', translated: 'Classic Tee' },
          price: money('19.20'),
          lineItemPrice: money('19.20'),
          availability: { status: 'AVAILABLE' },
        },
      ],
      subtotal: money('19.20'),
      cartInfo: {},
      appliedDiscounts: [],
      ...fields,
    },
  }
}

function form(fields: Record<string, string>): FormData {
  const body = new FormData()
  for (const [name, value] of Object.entries(fields)) body.append(name, value)
  return body
}

async function edit(client: AisleClient, fields: Record<string, string>) {
  const answer = await editCurrentCart(client, form(fields))
  return { result: answer.data, status: answer.init?.status ?? 200 }
}

describe('editCurrentCart', () => {
  it('applies a coupon, names it as the platform spells it, and lets the loaders read the answered cart', async () => {
    const { client, calls } = createScriptedClient({
      'PATCH /ecom/v1/carts/current': { body: wireCart({ couponCode: 'SPRING10' }) },
    })
    const { result, status } = await edit(client, { intent: 'apply-coupon', couponCode: ' spring10 ' })
    expect(status).toBe(200)
    expect(result).toEqual({ ok: true, intent: 'apply-coupon', message: 'Coupon SPRING10 applied.' })
    expect(calls).toEqual([
      { method: 'PATCH', path: '/ecom/v1/carts/current', body: { couponCode: 'spring10' } },
    ])
    // The loaders that run after the action in the same request take this cart instead of asking again.
    const cart = await findCurrentCart({ client, hasSession: () => true })
    expect((cart as { couponCode?: string }).couponCode).toBe('SPRING10')
    expect(calls).toHaveLength(1)
  })

  it('refuses an unknown coupon in words a shopper understands', async () => {
    const { client } = createScriptedClient({
      'PATCH /ecom/v1/carts/current': applicationError(404, 'COUPON_NOT_FOUND', { code: 'NOPE' }),
    })
    const { result, status } = await edit(client, { intent: 'apply-coupon', couponCode: 'NOPE' })
    expect(status).toBe(404)
    expect(result).toEqual({
      ok: false,
      intent: 'apply-coupon',
      message: 'We don’t recognise that coupon code. Please check it and try again.',
    })
  })

  it('says why a known coupon cannot be used, from the reason the platform gives', async () => {
    const { client } = createScriptedClient({
      'PATCH /ecom/v1/carts/current': applicationError(400, 'COUPON_NOT_APPLICABLE', {
        code: 'WINTER',
        reason: 'EXPIRED',
      }),
    })
    const { result, status } = await edit(client, { intent: 'apply-coupon', couponCode: 'winter' })
    expect(status).toBe(400)
    expect(result.message).toBe('That coupon has expired.')
  })

  it('removes the coupon', async () => {
    const { client, calls } = createScriptedClient({
      'POST /ecom/v1/carts/current/remove-coupon': { body: wireCart() },
    })
    const { result } = await edit(client, { intent: 'remove-coupon' })
    expect(result).toEqual({ ok: true, intent: 'remove-coupon', message: 'Coupon removed.' })
    expect(calls.map((call) => call.path)).toEqual(['/ecom/v1/carts/current/remove-coupon'])
  })

  it('sets a line’s quantity by the line’s id', async () => {
    const { client, calls } = createScriptedClient({
      'POST /ecom/v1/carts/current/update-line-items-quantity': { body: wireCart() },
    })
    const { result } = await edit(client, { intent: 'set-quantity', lineItemId, quantity: '3' })
    expect(result).toEqual({
      ok: true,
      intent: 'set-quantity',
      lineItemId,
      message: 'Quantity changed to 3.',
    })
    expect(calls[0]?.body).toEqual({ lineItems: [{ id: lineItemId, quantity: 3 }] })
  })

  it('removes a line and says which', async () => {
    const { client, calls } = createScriptedClient({
      'POST /ecom/v1/carts/current/remove-line-items': { body: wireCart({ lineItems: [] }) },
    })
    const { result } = await edit(client, { intent: 'remove', lineItemId, name: 'Classic Tee' })
    expect(result.message).toBe('Removed Classic Tee from your cart.')
    expect(calls[0]?.body).toEqual({ lineItemIds: [lineItemId] })
  })

  it('saves the buyer’s note in the cart info', async () => {
    const { client, calls } = createScriptedClient({
      'PATCH /ecom/v1/carts/current': { body: wireCart({ cartInfo: { buyerNote: 'Gift' } }) },
    })
    const { result } = await edit(client, { intent: 'save-note', buyerNote: 'Gift' })
    expect(result.message).toBe('Your note is saved.')
    expect(calls[0]?.body).toEqual({ cartInfo: { buyerNote: 'Gift' } })
  })

  it('answers 409 for a line already gone, so the page reads the cart again', async () => {
    const { client } = createScriptedClient({
      'POST /ecom/v1/carts/current/remove-line-items': applicationError(404, 'LINE_ITEM_NOT_FOUND'),
    })
    const { result, status } = await edit(client, { intent: 'remove', lineItemId, name: 'Classic Tee' })
    expect(status).toBe(409)
    expect(result).toEqual({
      ok: false,
      intent: 'remove',
      lineItemId,
      message: 'That item is no longer in your cart. It may have been changed in another window.',
      isCartChangedElsewhere: true,
    })
  })

  it('refuses a form out of bounds without asking the platform', async () => {
    const { client, calls } = createScriptedClient({})
    const { result, status } = await edit(client, { intent: 'set-quantity', lineItemId, quantity: '500' })
    expect(status).toBe(400)
    expect(result).toEqual({
      ok: false,
      intent: 'set-quantity',
      lineItemId,
      message: 'Please choose a quantity from 1 to 99.',
    })
    expect(calls).toEqual([])
  })

  it('tells the shopper the store is unreachable when the platform does not answer', async () => {
    const { client } = createScriptedClient({ 'POST /ecom/v1/carts/current/remove-coupon': 'network-error' })
    const { result, status } = await edit(client, { intent: 'remove-coupon' })
    expect(status).toBe(503)
    expect(result.message).toBe('We couldn’t reach the store just now. Please try again in a moment.')
  })
})
