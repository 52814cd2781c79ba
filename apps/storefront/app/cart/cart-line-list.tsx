import type { CartEditResult, LineEditIntent } from './cart-edit'
import { CartLine } from './cart-line'
import type { CartLineView } from './cart-view'

export interface CartLineListProps {
  lines: readonly CartLineView[]
  /** The action's answer to a form posted without JavaScript; each line shows its own. */
  result?: CartEditResult | undefined
  onEdit?: ((line: CartLineView, intent: LineEditIntent) => void) | undefined
}

/** The cart's lines, as the cart page and the drawer list them. */
export function CartLineList({ lines, result, onEdit }: CartLineListProps) {
  return (
    <ul className="cart-lines" aria-label="Items in your cart">
      {lines.map((line) => (
        <CartLine
          key={line.id}
          line={line}
          result={result?.lineItemId === line.id ? result : undefined}
          onEdit={onEdit}
        />
      ))}
    </ul>
  )
}
