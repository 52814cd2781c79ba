import { useEffect, useId, useRef, useState } from 'react'
import { Link, useFetcher } from 'react-router'
import { Price } from '../catalogue/price'
import { ProductOptions } from '../catalogue/product-options'
import type { ProductDetailView } from '../catalogue/product-view'
import { findDefaultSelection, findVariant, parseSelection } from '../catalogue/variant-selection'

/** What the add-to-cart action answers. */
export type AddToCartResult = { ok: true; message: string } | { ok: false; message: string }

export interface AddToCartFormProps {
  product: ProductDetailView
  /** The action's answer after a plain form post (no JavaScript); fetcher data takes over once hydrated. */
  actionResult: AddToCartResult | undefined
}

/**
 * Options, quantity and the "Add to cart" button. A plain form post without JavaScript; with it, a fetcher
 * submits in place and the header's cart count revalidates.
 */
export function AddToCartForm({ product, actionResult }: AddToCartFormProps) {
  const fetcher = useFetcher<AddToCartResult>({ key: `add-to-cart:${product.id}` })
  const [initialSelection] = useState(() => findDefaultSelection(product.options, product.variants))
  const [selection, setSelection] = useState(initialSelection)
  const formRef = useRef<HTMLFormElement>(null)
  const quantityId = useId()
  const readSelection = () => {
    if (formRef.current)
      setSelection(parseSelection(new FormData(formRef.current), product.options).selection)
  }
  // Catch up with choices the shopper made before the page hydrated.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on hydration
  useEffect(readSelection, [])
  const variant = findVariant(product.variants, selection)
  const isAvailable = product.inStock && (variant ? variant.inStock : product.variants.length === 0)
  const isBusy = fetcher.state !== 'idle'
  const result = fetcher.data ?? actionResult

  return (
    <fetcher.Form method="post" className="add-to-cart" ref={formRef} onChange={readSelection}>
      <Price price={variant?.price ?? product.price} className="price price-large" />
      <ProductOptions options={product.options} initialSelection={initialSelection} selection={selection} />
      <div className="field">
        <label htmlFor={quantityId}>Quantity</label>
        <input
          id={quantityId}
          name="quantity"
          type="number"
          inputMode="numeric"
          min={1}
          max={99}
          defaultValue={1}
          required
          className="quantity"
        />
      </div>
      {isAvailable ? null : <p className="stock-note">This choice is out of stock.</p>}
      <button type="submit" className="button" disabled={!isAvailable || isBusy}>
        {isBusy ? 'Adding…' : 'Add to cart'}
      </button>
      <p role="status" className={result?.ok === false ? 'form-message form-error' : 'form-message'}>
        {result && !isBusy ? result.message : null}
        {result?.ok && !isBusy ? (
          <>
            {' '}
            <Link to="/cart">View cart</Link>
          </>
        ) : null}
      </p>
    </fetcher.Form>
  )
}
