import { MAX_QUANTITY } from './quantity'

/** Where every cart form posts: the cart page's action, whichever page the form is on. */
export const CART_ACTION_PATH = '/cart'

/**
 * The status of a cart form's answer when the cart changed elsewhere (the line was removed in another tab,
 * the cart is gone): unlike other refusals, it makes the page read the cart again.
 */
export const CART_CHANGED_ELSEWHERE_STATUS = 409

/** The platform keeps coupon codes to 50 characters. */
export const MAX_COUPON_CODE_LENGTH = 50
/** The platform keeps a buyer's note to 1,000 characters. */
export const MAX_BUYER_NOTE_LENGTH = 1000

/** One change a cart form asks for; the form's `intent` field names it. */
export type CartEdit =
  | { intent: 'set-quantity'; lineItemId: string; quantity: number }
  | { intent: 'remove'; lineItemId: string; name: string }
  | { intent: 'apply-coupon'; couponCode: string }
  | { intent: 'remove-coupon' }
  | { intent: 'save-note'; buyerNote: string }

/** The changes a cart line's own forms make. */
export type LineEditIntent = 'set-quantity' | 'remove'

/** What a cart form's post answers: the change made, or why not in the shopper's words. */
export type CartEditResult =
  | { ok: true; intent: CartEdit['intent']; lineItemId?: string; message: string }
  | {
      ok: false
      intent: CartEdit['intent'] | 'unknown'
      lineItemId?: string
      message: string
      /** Refused because the cart changed elsewhere; the page reads it again and the line may be gone. */
      isCartChangedElsewhere?: true
    }

/** A cart form that cannot be a valid change; its message is for the shopper. */
export class CartEditInputError extends Error {
  override readonly name = 'CartEditInputError'
  readonly code = 'INVALID_CART_EDIT'
  readonly intent: CartEditResult['intent']

  constructor(intent: CartEditResult['intent'], message: string) {
    super(message)
    this.intent = intent
  }
}

function text(form: FormData, name: string): string {
  const value = form.get(name)
  return typeof value === 'string' ? value : ''
}

function lineItemIdOf(form: FormData, intent: CartEdit['intent']): string {
  const id = text(form, 'lineItemId').trim()
  // The platform's line ids are UUIDs; anything else is a hand-made post.
  if (!/^[0-9a-f-]{1,64}$/i.test(id))
    throw new CartEditInputError(intent, 'That item is no longer in your cart.')
  return id
}

/**
 * Parses a cart form's fields into the change it asks for. The same parse runs in the action and, on the
 * pending form data of a fetcher, in the browser for the optimistic cart, so both read a form alike.
 * @throws {CartEditInputError} for a missing intent or a field out of bounds, with words for the shopper.
 */
export function parseCartEdit(form: FormData): CartEdit {
  const intent = text(form, 'intent')
  switch (intent) {
    case 'set-quantity': {
      const lineItemId = lineItemIdOf(form, intent)
      const raw = text(form, 'quantity').trim()
      const quantity = /^\d{1,3}$/.test(raw) ? Number(raw) : Number.NaN
      if (!(quantity >= 1 && quantity <= MAX_QUANTITY)) {
        throw new CartEditInputError(intent, `Please choose a quantity from 1 to ${MAX_QUANTITY}.`)
      }
      return { intent, lineItemId, quantity }
    }
    case 'remove':
      return { intent, lineItemId: lineItemIdOf(form, intent), name: text(form, 'name').trim().slice(0, 200) }
    case 'apply-coupon': {
      const couponCode = text(form, 'couponCode').trim()
      if (!couponCode) throw new CartEditInputError(intent, 'Please enter a coupon code.')
      if (couponCode.length > MAX_COUPON_CODE_LENGTH) {
        throw new CartEditInputError(intent, 'That code is longer than any of our coupons. Please check it.')
      }
      return { intent, couponCode }
    }
    case 'remove-coupon':
      return { intent }
    case 'save-note': {
      const buyerNote = text(form, 'buyerNote').trim()
      if (buyerNote.length > MAX_BUYER_NOTE_LENGTH) {
        throw new CartEditInputError(intent, `Please keep your note to ${MAX_BUYER_NOTE_LENGTH} characters.`)
      }
      return { intent, buyerNote }
    }
    default:
      throw new CartEditInputError('unknown', 'Something in your cart wasn’t quite right. Please try again.')
  }
}

/** Like {@link parseCartEdit}, but undefined for a form that is not a valid cart change. */
export function findCartEdit(form: FormData): CartEdit | undefined {
  try {
    return parseCartEdit(form)
  } catch (error) {
    if (error instanceof CartEditInputError) return undefined
    throw error
  }
}

/** What the cart says once the platform has made the change. */
export function toCartEditMessage(edit: CartEdit, couponCode?: string): string {
  switch (edit.intent) {
    case 'set-quantity':
      return `Quantity changed to ${edit.quantity}.`
    case 'remove':
      return edit.name ? `Removed ${edit.name} from your cart.` : 'Removed the item from your cart.'
    case 'apply-coupon':
      return `Coupon ${couponCode ?? edit.couponCode} applied.`
    case 'remove-coupon':
      return 'Coupon removed.'
    case 'save-note':
      return edit.buyerNote ? 'Your note is saved.' : 'Your note is removed.'
  }
}

/**
 * The fetcher key of one line's forms (quantity and remove): the drawer and the cart page share it, so a
 * change started in one shows as pending in the other.
 */
export function toLineFetcherKey(lineItemId: string): string {
  return `cart-line:${lineItemId}`
}
