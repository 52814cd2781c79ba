import type { MouseEvent } from 'react'
import { Link, useFetcher } from 'react-router'
import { ResponsiveImage } from '../media/responsive-image'
import { useHydrated } from '../rendering/use-hydrated'
import { CART_ACTION_PATH, type CartEditResult, type LineEditIntent, toLineFetcherKey } from './cart-edit'
import type { CartLineView, LineOptionView } from './cart-view'
import { MinusIcon, PlusIcon } from './icons'
import { canChangeQuantity, toAvailabilityNote } from './line-availability'
import { MAX_QUANTITY } from './quantity'
import { useCartEditAction } from './use-optimistic-cart'

export interface CartLineProps {
  line: CartLineView
  /** The action's answer to a form posted without JavaScript; a fetcher's answer takes over once hydrated. */
  result?: CartEditResult | undefined
  /**
   * Called as the shopper submits a change to the line: a removal takes the line out before the platform
   * answers, so the surface moves focus and says what happened (see `useCartNotice`).
   */
  onEdit?: ((line: CartLineView, intent: LineEditIntent) => void) | undefined
}

/** A cart form's `action`: the cart's URL in the server's HTML, a React form action once hydrated. */
type LineFormAction = string | ((form: FormData) => Promise<void>)

/**
 * One line of the cart: picture, name (a link to the product), options or a custom line's descriptions, a
 * quantity stepper, what the shopper should know about its stock, remove, and the line's price. Every control
 * is a form posted to the cart's action, so the line works without JavaScript; once hydrated each form's
 * action is a React form action through the line's fetcher, and the cart shows the change before the
 * platform has answered (`useOptimistic`, see `useCartEditAction`).
 */
export function CartLine({ line, result, onEdit }: CartLineProps) {
  const fetcher = useFetcher<CartEditResult>({ key: toLineFetcherKey(line.id) })
  const editAction = useCartEditAction(fetcher)
  const action: LineFormAction = useHydrated() ? editAction : CART_ACTION_PATH
  const answer = fetcher.state === 'idle' ? (fetcher.data ?? result) : undefined
  const error = answer && !answer.ok && answer.lineItemId === line.id ? answer.message : undefined
  const note = toAvailabilityNote(line.availability, line.quantity)
  const isExcluded = line.availability.status === 'sold-out' || line.availability.status === 'gone'
  return (
    <li className={line.isPending ? 'cart-line is-pending' : 'cart-line'}>
      {line.image ? (
        <ResponsiveImage image={line.image} sizes="5rem" alt="" loading="lazy" className="cart-line-image" />
      ) : (
        <span className="cart-line-image image-placeholder" />
      )}
      <div className="cart-line-details">
        <h2 className="cart-line-name">{line.url ? <Link to={line.url}>{line.name}</Link> : line.name}</h2>
        <LineOptions options={line.options} />
        {canChangeQuantity(line.availability) ? (
          <QuantityStepper line={line} action={action} onSubmit={() => onEdit?.(line, 'set-quantity')} />
        ) : (
          <p className="quantity-stepper">
            Quantity: {line.quantity} × {line.unitPrice}
          </p>
        )}
        {note ? (
          <div className="stock-note cart-line-note">
            <p>{note}</p>
            {line.availability.status === 'partial' ? (
              <form method="post" action={action} onSubmit={() => onEdit?.(line, 'set-quantity')}>
                <input type="hidden" name="intent" value="set-quantity" />
                <input type="hidden" name="lineItemId" value={line.id} />
                <button
                  type="submit"
                  name="quantity"
                  value={line.availability.quantityAvailable}
                  className="link-button"
                >
                  Change to {line.availability.quantityAvailable}
                  <span className="visually-hidden"> of {line.name}</span>
                </button>
              </form>
            ) : null}
          </div>
        ) : null}
        <form
          method="post"
          action={action}
          className="cart-line-remove"
          onSubmit={() => onEdit?.(line, 'remove')}
        >
          <input type="hidden" name="intent" value="remove" />
          <input type="hidden" name="lineItemId" value={line.id} />
          <input type="hidden" name="name" value={line.name} />
          <button type="submit" className="link-button">
            Remove<span className="visually-hidden"> {line.name}</span>
          </button>
        </form>
        {error ? (
          <p className="form-message form-error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
      <p className={isExcluded ? 'cart-line-price is-excluded' : 'cart-line-price'}>{line.lineTotal}</p>
    </li>
  )
}

/**
 * "Quantity: − 2 + × $19.20": each button posts the quantity it leads to, worked out from the quantity shown
 * (the optimistic one while a change is on its way), so quick presses add up. At 1 and at the most a line may
 * hold, the button stays focusable but does nothing, so a keyboard user's focus never drops to the page.
 */
interface QuantityStepperProps {
  line: CartLineView
  action: LineFormAction
  onSubmit: () => void
}

function QuantityStepper({ line, action, onSubmit }: QuantityStepperProps) {
  const { quantity } = line
  const isAtLeast = quantity <= 1
  const isAtMost = quantity >= MAX_QUANTITY
  const clamp = (value: number) => Math.min(MAX_QUANTITY, Math.max(1, value))
  const refuseWhen = (isRefused: boolean) => (event: MouseEvent<HTMLButtonElement>) => {
    if (isRefused) event.preventDefault()
  }
  return (
    <form method="post" action={action} className="quantity-stepper" onSubmit={onSubmit}>
      <input type="hidden" name="intent" value="set-quantity" />
      <input type="hidden" name="lineItemId" value={line.id} />
      {/* Label and buttons stay on one line; the unit price may wrap under them on a narrow screen. */}
      <span className="quantity-controls">
        <span>Quantity:</span>{' '}
        <button
          type="submit"
          name="quantity"
          value={clamp(quantity - 1)}
          className="icon-button"
          aria-label={`Decrease quantity of ${line.name}`}
          aria-disabled={isAtLeast || undefined}
          onClick={refuseWhen(isAtLeast)}
        >
          <MinusIcon />
        </button>{' '}
        {/* An output is a polite live region: a screen reader hears the new quantity after each press. */}
        <output className="quantity-value">{quantity}</output>{' '}
        <button
          type="submit"
          name="quantity"
          value={clamp(quantity + 1)}
          className="icon-button"
          aria-label={`Increase quantity of ${line.name}`}
          aria-disabled={isAtMost || undefined}
          onClick={refuseWhen(isAtMost)}
        >
          <PlusIcon />
        </button>
      </span>{' '}
      <span className="quantity-unit">× {line.unitPrice}</span>
    </form>
  )
}

/** A line's chosen options as a list of name and value, a colour with its swatch; nothing when it has none. */
export function LineOptions({ options }: { options: readonly LineOptionView[] }) {
  if (options.length === 0) return null
  return (
    <dl className="cart-line-options">
      {options.map((option) => (
        <div key={option.name}>
          <dt>{option.name}</dt>
          <dd>
            {option.color ? (
              <span className="cart-line-swatch" style={{ backgroundColor: option.color }} />
            ) : null}
            {option.value}
          </dd>
        </div>
      ))}
    </dl>
  )
}
