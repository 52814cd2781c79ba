import { useActionState, useId } from 'react'
import { useFetcher } from 'react-router'
import { SubmitButton } from '../rendering/submit-button'
import { useHydrated } from '../rendering/use-hydrated'
import { CART_ACTION_PATH, type CartEditResult, MAX_BUYER_NOTE_LENGTH } from './cart-edit'
import { useCartEditAction } from './use-optimistic-cart'

export interface BuyerNoteFormProps {
  buyerNote: string
  /** The action's answer to a note posted without JavaScript. */
  result?: CartEditResult | undefined
}

/**
 * A note for the seller (gift wrapping, delivery instructions), kept on the cart until checkout. Once
 * hydrated the form is a React form action: the note sent stays the field's default after React resets the
 * form (`useActionState`), so a refused note is not lost.
 */
export function BuyerNoteForm({ buyerNote, result }: BuyerNoteFormProps) {
  const fetcher = useFetcher<CartEditResult>({ key: 'cart-note' })
  const editAction = useCartEditAction(fetcher)
  const [sentNote, saveAction] = useActionState(async (_sent: string | undefined, form: FormData) => {
    await editAction(form)
    const note = form.get('buyerNote')
    return typeof note === 'string' ? note : undefined
  }, undefined)
  const isHydrated = useHydrated()
  const fieldId = useId()
  const messageId = useId()
  const answer = fetcher.state === 'idle' ? (fetcher.data ?? result) : undefined
  const shown = answer?.intent === 'save-note' ? answer : undefined
  const isSaving = fetcher.state !== 'idle'
  return (
    <form method="post" action={isHydrated ? saveAction : CART_ACTION_PATH} className="buyer-note">
      <input type="hidden" name="intent" value="save-note" />
      <label htmlFor={fieldId}>
        Note for the seller <span className="field-hint">(optional)</span>
      </label>
      <textarea
        id={fieldId}
        name="buyerNote"
        rows={3}
        maxLength={MAX_BUYER_NOTE_LENGTH}
        defaultValue={sentNote ?? buyerNote}
        aria-invalid={shown && !shown.ok ? true : undefined}
        aria-describedby={messageId}
      />
      <div className="buyer-note-actions">
        <SubmitButton className="button button-secondary" pendingLabel="Saving…">
          Save note
        </SubmitButton>
        <p
          id={messageId}
          className={shown && !shown.ok ? 'form-message form-error' : 'form-message'}
          aria-live="polite"
        >
          {shown && !isSaving ? shown.message : null}
        </p>
      </div>
    </form>
  )
}
