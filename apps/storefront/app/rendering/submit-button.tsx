import type { ComponentProps, ReactNode } from 'react'
import { useFormStatus } from 'react-dom'

export interface SubmitButtonProps extends Omit<ComponentProps<'button'>, 'type'> {
  /** What the button says while its form's action runs. */
  pendingLabel: ReactNode
}

/**
 * A form's submit button that says its form is being sent (React DOM's `useFormStatus`) while the form's
 * action runs, and refuses a second press meanwhile. Pending is known only for a form whose action is a
 * function, that is once hydrated; before that the browser posts the form and shows its own progress.
 */
export function SubmitButton({ pendingLabel, children, onClick, ...props }: SubmitButtonProps) {
  const { pending } = useFormStatus()
  return (
    <button
      {...props}
      type="submit"
      aria-disabled={pending || props['aria-disabled'] || undefined}
      onClick={(event) => {
        if (pending) event.preventDefault()
        onClick?.(event)
      }}
    >
      {pending ? pendingLabel : children}
    </button>
  )
}
