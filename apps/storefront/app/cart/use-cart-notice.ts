import { type RefObject, useCallback, useState } from 'react'
import { useFetcher } from 'react-router'
import { type CartEditResult, type LineEditIntent, toLineFetcherKey } from './cart-edit'
import type { CartLineView } from './cart-view'

/**
 * What a cart surface (page or drawer) says about the last line the shopper changed, in its status region,
 * since the line itself may be gone by then:
 * - a removal takes the line, and the focused Remove button, out at once, so focus moves to `focusTarget`
 *   (the surface's heading) and the notice says what was removed; a refused removal says nothing here, as
 *   the line comes back with its own error;
 * - a change refused because the cart changed elsewhere (the line was removed in another window) brings the
 *   cart as it is now, without that line, so its refusal is said here.
 * @returns `onEdit` for the lines' forms, and the notice.
 */
export function useCartNotice(focusTarget: RefObject<HTMLElement | null>) {
  const [edited, setEdited] = useState<{ id: string; name: string; intent: LineEditIntent }>()
  // The line's fetcher outlives the line: its answer is readable here after the line has left the list.
  const fetcher = useFetcher<CartEditResult>({ key: toLineFetcherKey(edited?.id ?? 'none') })
  const onEdit = useCallback(
    (line: CartLineView, intent: LineEditIntent) => {
      setEdited({ id: line.id, name: line.name, intent })
      if (intent === 'remove') focusTarget.current?.focus()
    },
    [focusTarget],
  )
  const answer = fetcher.state === 'idle' ? fetcher.data : undefined
  let notice: string | undefined
  if (answer && !answer.ok && answer.isCartChangedElsewhere) notice = answer.message
  else if (edited?.intent === 'remove' && answer?.ok !== false)
    notice = `Removed ${edited.name} from your cart.`
  return { onEdit, notice }
}
