import type { ReactNode } from 'react'
import { CsrfField } from '../../pages/form-controls.tsx'

/**
 * The question before a change that cannot be taken back (deleting products), as its own step: an open
 * dialog that names what happens, the form that does it (its hidden fields carry the choice made on the
 * page before) and a way back that changes nothing. It needs no script, so the server asks it; a page
 * never deletes on the first press.
 */
export function ConfirmDialog(props: {
  id: string
  title: ReactNode
  /** What happens, in a sentence or two; the dialog's description for screen readers. */
  children: ReactNode
  action: string
  csrfToken: string
  /** The fields the confirming post carries (the ids chosen, the action). */
  fields: Readonly<Record<string, string | readonly string[]>>
  confirmLabel: string
  cancelHref: string
  cancelLabel?: string
  /** A destructive change: the confirm button is red. */
  isDestructive?: boolean
}) {
  const titleId = `${props.id}-title`
  const bodyId = `${props.id}-body`
  return (
    <dialog open className="confirm-dialog" aria-labelledby={titleId} aria-describedby={bodyId}>
      <h2 id={titleId}>{props.title}</h2>
      <div id={bodyId}>{props.children}</div>
      <form method="post" action={props.action}>
        <CsrfField token={props.csrfToken} />
        {Object.entries(props.fields).flatMap(([name, value]) =>
          (typeof value === 'string' ? [value] : value).map((one) => (
            <input key={`${name}=${one}`} type="hidden" name={name} value={one} />
          )),
        )}
        <div className="actions">
          <button type="submit" className={props.isDestructive ? 'danger' : 'primary'}>
            {props.confirmLabel}
          </button>
          <a className="button" href={props.cancelHref}>
            {props.cancelLabel ?? 'Cancel'}
          </a>
        </div>
      </form>
    </dialog>
  )
}
