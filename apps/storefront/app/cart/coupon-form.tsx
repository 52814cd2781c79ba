import { useActionState, useEffect, useId, useRef } from 'react'
import { useFetcher } from 'react-router'
import { SubmitButton } from '../rendering/submit-button'
import { useHydrated } from '../rendering/use-hydrated'
import { CART_ACTION_PATH, type CartEditResult, MAX_COUPON_CODE_LENGTH } from './cart-edit'
import { useCartEditAction } from './use-optimistic-cart'

export interface CouponFormProps {
  /** The coupon on the cart (without the one being removed, while that is on its way). */
  couponCode: string | undefined
  /** The action's answer to a coupon form posted without JavaScript. */
  result?: CartEditResult | undefined
}

const couponIntents = new Set<CartEditResult['intent']>(['apply-coupon', 'remove-coupon'])

/**
 * The coupon: a field and "Apply" while the cart has none, the applied code and "Remove" once it has one.
 * A refused code marks the field invalid and says why in the shopper's words (the message is the field's
 * description and a polite live region), and focus goes back to the field to fix it; once hydrated the
 * field keeps what was typed. Whether a code applies is the platform's answer alone, so it is never shown
 * as applied before that answer; removing is shown at once. After either, focus lands on what replaced the
 * form the shopper used. Once hydrated both forms are React form actions: their buttons show the pending
 * state (`SubmitButton`), and the code sent is the field's default after React resets the form, so a
 * refused code stays there to be corrected (`useActionState`).
 */
export function CouponForm({ couponCode, result }: CouponFormProps) {
  const fetcher = useFetcher<CartEditResult>({ key: 'cart-coupon' })
  const isHydrated = useHydrated()
  const inputId = useId()
  const messageId = useId()
  const inputRef = useRef<HTMLInputElement>(null)
  const appliedRef = useRef<HTMLParagraphElement>(null)
  // Where focus goes once the form it was in has been replaced by the other one.
  const focusNext = useRef<'applied' | 'field' | undefined>(undefined)

  const answer = fetcher.state === 'idle' ? (fetcher.data ?? result) : undefined
  const shown = answer && couponIntents.has(answer.intent) ? answer : undefined
  const error = shown && !shown.ok ? shown.message : undefined
  const editAction = useCartEditAction(fetcher)
  const [typedCode, applyAction] = useActionState(async (_typed: string, form: FormData) => {
    await editAction(form)
    const code = form.get('couponCode')
    return typeof code === 'string' ? code : ''
  }, '')

  useEffect(() => {
    if (couponCode && focusNext.current === 'applied') appliedRef.current?.focus()
    if (!couponCode && focusNext.current === 'field') inputRef.current?.focus()
    focusNext.current = undefined
  }, [couponCode])
  useEffect(() => {
    if (error && isHydrated && document.activeElement !== inputRef.current) inputRef.current?.focus()
  }, [error, isHydrated])

  if (couponCode) {
    return (
      <div className="coupon">
        <h2 className="coupon-heading">Coupon</h2>
        <form
          method="post"
          action={isHydrated ? editAction : CART_ACTION_PATH}
          className="coupon-applied"
          onSubmit={() => {
            focusNext.current = 'field'
          }}
        >
          <input type="hidden" name="intent" value="remove-coupon" />
          <p ref={appliedRef} tabIndex={-1}>
            <strong>{couponCode}</strong> applied
          </p>
          <SubmitButton className="link-button" pendingLabel="Removing…">
            Remove<span className="visually-hidden"> coupon {couponCode}</span>
          </SubmitButton>
        </form>
      </div>
    )
  }
  return (
    <div className="coupon">
      <h2 className="coupon-heading">Coupon</h2>
      <form
        method="post"
        action={isHydrated ? applyAction : CART_ACTION_PATH}
        className="coupon-form"
        onSubmit={() => {
          focusNext.current = 'applied'
        }}
      >
        <input type="hidden" name="intent" value="apply-coupon" />
        <label htmlFor={inputId}>Coupon code</label>
        <div className="coupon-field">
          <input
            ref={inputRef}
            id={inputId}
            name="couponCode"
            type="text"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={MAX_COUPON_CODE_LENGTH}
            defaultValue={typedCode}
            aria-invalid={error ? true : undefined}
            aria-describedby={messageId}
          />
          <SubmitButton className="button button-secondary" pendingLabel="Applying…">
            Apply
          </SubmitButton>
        </div>
        <p id={messageId} className={error ? 'form-message form-error' : 'form-message'} aria-live="polite">
          {error ?? (shown?.ok ? shown.message : null)}
        </p>
      </form>
    </div>
  )
}
