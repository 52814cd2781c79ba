import { type Cart, isAisleError } from '@aisle/sdk'
import { data } from 'react-router'
import type { AisleClient } from '../platform/aisle.server'
import { findErrorReason, toShopperError, toShopperStatus } from '../platform/shopper-error'
import {
  CART_CHANGED_ELSEWHERE_STATUS,
  type CartEdit,
  CartEditInputError,
  type CartEditResult,
  parseCartEdit,
  toCartEditMessage,
} from './cart-edit'
import { rememberCurrentCart } from './current-cart.server'

/** Codes that mean the cart changed elsewhere (another tab removed the line, the cart is gone). */
const cartChangedCodes = new Set(['LINE_ITEM_NOT_FOUND', 'OWNED_CART_NOT_FOUND'])

function answer(result: CartEditResult, status = 200) {
  return data<CartEditResult>(result, { status })
}

function lineItemIdOf(edit: CartEdit): { lineItemId?: string } {
  return 'lineItemId' in edit ? { lineItemId: edit.lineItemId } : {}
}

function send(client: AisleClient, edit: CartEdit): Promise<Cart & { couponCode?: string }> {
  const { currentCart } = client
  switch (edit.intent) {
    case 'set-quantity':
      return currentCart.updateCurrentCartLineItemQuantity([
        { _id: edit.lineItemId, quantity: edit.quantity },
      ])
    case 'remove':
      return currentCart.removeLineItemsFromCurrentCart([edit.lineItemId])
    case 'apply-coupon':
      return currentCart.updateCurrentCart({ couponCode: edit.couponCode })
    case 'remove-coupon':
      return currentCart.removeCouponFromCurrentCart()
    case 'save-note':
      return currentCart.updateCurrentCart({ cartInfo: { buyerNote: edit.buyerNote } })
  }
}

/**
 * Makes the change a cart form asks for (quantity, remove, coupon, note) on the visitor's cart and answers
 * what to tell the shopper; the loaders that run next show the cart the platform answered. Failures the
 * shopper can act on are answered with their status and shopper words (a coupon refused says why), never
 * the platform's message.
 * @throws whatever is not an SDK error (a bug), for the error boundary.
 */
export async function editCurrentCart(client: AisleClient, form: FormData) {
  let edit: CartEdit
  try {
    edit = parseCartEdit(form)
  } catch (error) {
    if (!(error instanceof CartEditInputError)) throw error
    const lineItemId = form.get('lineItemId')
    return answer(
      {
        ok: false,
        intent: error.intent,
        ...(typeof lineItemId === 'string' && lineItemId ? { lineItemId } : {}),
        message: error.message,
      },
      400,
    )
  }
  try {
    const cart = await send(client, edit)
    rememberCurrentCart(client, cart)
    return answer({
      ok: true,
      intent: edit.intent,
      ...lineItemIdOf(edit),
      message: toCartEditMessage(edit, cart.couponCode),
    })
  } catch (error) {
    if (!isAisleError(error)) throw error
    const { message } = toShopperError(error.status, error.code, findErrorReason(error.details))
    const refused = { ok: false as const, intent: edit.intent, ...lineItemIdOf(edit), message }
    if (cartChangedCodes.has(error.code)) {
      return answer({ ...refused, isCartChangedElsewhere: true }, CART_CHANGED_ELSEWHERE_STATUS)
    }
    return answer(refused, toShopperStatus(error))
  }
}
