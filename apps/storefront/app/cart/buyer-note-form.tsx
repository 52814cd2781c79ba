import { useId } from 'react'
import { useFetcher } from 'react-router'
import { CART_ACTION_PATH, type CartEditResult, MAX_BUYER_NOTE_LENGTH } from './cart-edit'

export interface BuyerNoteFormProps {
  buyerNote: string
  /** The action's answer to a note posted without JavaScript. */
  result?: CartEditResult | undefined
}

/** A note for the seller (gift wrapping, delivery instructions), kept on the cart until checkout. */
export function BuyerNoteForm({ buyerNote, result }: BuyerNoteFormProps) {
  const fetcher = useFetcher<CartEditResult>({ key: 'cart-note' })
  const fieldId = useId()
  const messageId = useId()
  const answer = fetcher.state === 'idle' ? (fetcher.data ?? result) : undefined
  const shown = answer?.intent === 'save-note' ? answer : undefined
  const isSaving = fetcher.state !== 'idle'
  return (
    <fetcher.Form method="post" action={CART_ACTION_PATH} className="buyer-note">
      <input type="hidden" name="intent" value="save-note" />
      <label htmlFor={fieldId}>
        Note for the seller <span className="field-hint">(optional)</span>
      </label>
      <textarea
        id={fieldId}
        name="buyerNote"
        rows={3}
        maxLength={MAX_BUYER_NOTE_LENGTH}
        defaultValue={buyerNote}
        aria-invalid={shown && !shown.ok ? true : undefined}
        aria-describedby={messageId}
      />
      <div className="buyer-note-actions">
        <button type="submit" className="button button-secondary">
          {isSaving ? 'Saving…' : 'Save note'}
        </button>
        <p
          id={messageId}
          className={shown && !shown.ok ? 'form-message form-error' : 'form-message'}
          aria-live="polite"
        >
          {shown && !isSaving ? shown.message : null}
        </p>
      </div>
    </fetcher.Form>
  )
}
