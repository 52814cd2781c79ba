import { useEffect, useId, useRef, useState } from 'react'
import { useFetcher, useLocation, useNavigate, useNavigation } from 'react-router'
import {
  type OptionPickerView,
  type PurchaseView,
  parseSelection,
  type Selection,
  toSelectionSearch,
} from '../catalogue/choice-availability'
import { OptionPickers } from '../catalogue/option-pickers'
import { Price } from '../catalogue/price'
import { SubmitButton } from '../rendering/submit-button'
import { useHydrated } from '../rendering/use-hydrated'
import type { AddToCartResult } from './add-to-cart-result'
import { CartLink } from './cart-link'

export interface AddToCartFormProps {
  productId: string
  /** The product's discount in words, shown beside the price. */
  discount: string | undefined
  pickers: readonly OptionPickerView[]
  /** The choices in the page's URL. */
  selection: Selection
  purchase: PurchaseView
  /** The quantity the field starts with. */
  quantity: number
  /** The action's answer after a plain form post (no JavaScript); fetcher data takes over once hydrated. */
  actionResult: AddToCartResult | undefined
}

/** What the form says under the options about the current selection. */
function toStockNote(status: PurchaseView['status'], selection: Selection): string {
  if (status === 'unavailable') return 'This combination isn’t available. Please choose another.'
  if (status !== 'sold-out') return ''
  return Object.keys(selection).length > 0 ? 'This choice is sold out.' : 'Sold out.'
}

/**
 * Price, options, quantity and "Add to cart". The choices live in the URL (`?Size=M&Color=Red`): once
 * hydrated, each choice navigates there and the loader answers what stays available; without JavaScript an
 * "Update" button does the same with a GET, and "Add to cart" posts the form to the action either way.
 */
export function AddToCartForm(props: AddToCartFormProps) {
  const { productId, discount, pickers, selection, purchase, quantity, actionResult } = props
  const fetcher = useFetcher<AddToCartResult>({ key: `add-to-cart:${productId}` })
  const { pathname } = useLocation()
  const navigation = useNavigation()
  const navigate = useNavigate()
  const isHydrated = useHydrated()
  const formRef = useRef<HTMLFormElement>(null)
  const quantityId = useId()

  // A choice shows as made at once (controlled fields would otherwise snap back until the navigation
  // commits); the price and stock fade until the loader answers for it.
  const [picked, setPicked] = useState(selection)
  const selectionKey = toSelectionSearch(selection)
  // biome-ignore lint/correctness/useExhaustiveDependencies: selectionKey stands for selection
  useEffect(() => setPicked(selection), [selectionKey])
  const pending = navigation.state === 'loading' && navigation.location.pathname === pathname
  const choose = (next: Selection) => {
    const ordered = parseSelection(new URLSearchParams(next), pickers).selection
    setPicked(ordered)
    const search = toSelectionSearch(ordered)
    navigate({ pathname, search: search ? `?${search}` : '' }, { replace: true, preventScrollReset: true })
  }
  // Catch up with choices the shopper made before the page hydrated.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on hydration
  useEffect(() => {
    if (!formRef.current) return
    const made = parseSelection(new FormData(formRef.current), pickers).selection
    if (toSelectionSearch(made) !== selectionKey) choose(made)
  }, [])

  // Once hydrated the form is a React form action, so "Add to cart" shows its pending state (`SubmitButton`).
  // Options left unchosen are refused here by the action's own rule, without a request.
  const [refused, setRefused] = useState<AddToCartResult>()
  const addAction = async (form: FormData) => {
    const { missing } = parseSelection(form, pickers)
    if (missing.length > 0) {
      setRefused({ ok: false, message: '', missingOptions: missing })
      return
    }
    setRefused(undefined)
    await fetcher.submit(form, { method: 'post' })
  }
  const isAdding = fetcher.state !== 'idle'
  const canAdd = purchase.status === 'available' || purchase.status === 'choose'
  const result = refused ?? fetcher.data ?? actionResult
  const missingOptions = result?.ok === false ? (result.missingOptions ?? []) : []
  // Each refusal moves focus to the first option to choose; a choice since then clears its message.
  const missing = missingOptions.filter((name) => picked[name] === undefined)
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new answer, and only a new one, moves focus
  useEffect(() => {
    const first = missingOptions[0]
    if (!first || !formRef.current) return
    for (const field of formRef.current.elements)
      if ((field instanceof HTMLSelectElement || field instanceof HTMLInputElement) && field.name === first)
        if (!field.disabled) return field.focus()
  }, [result])

  return (
    <form method="post" action={isHydrated ? addAction : undefined} className="add-to-cart" ref={formRef}>
      <div className="purchase-price" aria-busy={pending}>
        <Price
          price={purchase.price}
          className={pending ? 'price price-large is-pending' : 'price price-large'}
        />
        {discount ? <p className="discount">{discount}</p> : null}
      </div>
      <OptionPickers
        pickers={pickers}
        selection={picked}
        onChoose={(name, choice) => choose({ ...picked, [name]: choice })}
        missing={missing}
      />
      <div className="field">
        <label htmlFor={quantityId}>Quantity</label>
        <input
          id={quantityId}
          name="quantity"
          type="number"
          inputMode="numeric"
          min={1}
          max={99}
          defaultValue={quantity}
          required
          className="quantity"
        />
      </div>
      <p className="stock-note" aria-live="polite">
        {pending ? '' : toStockNote(purchase.status, selection)}
      </p>
      {/* First of the buttons, so Enter in the quantity field adds to the cart. */}
      <SubmitButton className="button" disabled={!canAdd || pending} pendingLabel="Adding…">
        Add to cart
      </SubmitButton>
      {!isHydrated && pickers.length > 0 ? (
        <button
          type="submit"
          formMethod="get"
          formAction={pathname}
          formNoValidate
          className="button button-secondary"
        >
          Update price and availability
        </button>
      ) : null}
      <p role="status" className={result?.ok === false ? 'form-message form-error' : 'form-message'}>
        {result && !isAdding && missingOptions.length === 0 ? result.message : null}
        {result?.ok && !isAdding ? (
          <>
            {' '}
            <CartLink>View cart</CartLink>
          </>
        ) : null}
      </p>
    </form>
  )
}
