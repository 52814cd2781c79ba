import { useId } from 'react'
import type { TotalsBreakdown, TotalsFigures, TotalsRow } from './totals-breakdown'

export interface TotalsRowsProps {
  totals: TotalsFigures
  /** Set while a change that moves the totals waits for the platform: the figures fade. */
  isPending?: boolean
}

export interface TotalsProps {
  totals: TotalsBreakdown
  /** Set while a change that moves the totals waits for the platform: the figures fade. */
  isPending: boolean
}

function Row({ row, pending }: { row: TotalsRow; pending: string | undefined }) {
  return (
    <div className={`cart-summary-row is-${row.kind}`}>
      <dt>
        {row.label}
        {row.detail ? <span className="cart-summary-detail">{row.detail}</span> : null}
      </dt>
      <dd className={pending}>{row.value}</dd>
    </div>
  )
}

/**
 * The one breakdown of every surface (cart page, thank-you page, the account's orders), inside a list of
 * figures: its rows in a receipt's order (subtotal, each discount, shipping, each fee, tax), the total, and
 * what came after it (refunds). Nothing at all when no row stands between the cart's subtotal and its total.
 */
export function TotalsRows({ totals, isPending }: TotalsRowsProps) {
  if (totals.rows.length === 0) return null
  const pending = isPending ? 'is-pending' : undefined
  return (
    <>
      {totals.rows.map((row) => (
        <Row key={row.key} row={row} pending={pending} />
      ))}
      <div className="cart-summary-total">
        <dt>{totals.totalLabel}</dt>
        <dd className={pending}>{totals.total}</dd>
      </div>
      {(totals.after ?? []).map((row) => (
        <Row key={row.key} row={row} pending={pending} />
      ))}
    </>
  )
}

/** An order's figures on their own: `TotalsRows` in the summary's box, under a heading for screen readers. */
export function TotalsList({ totals, heading }: { totals: TotalsFigures; heading: string }) {
  const headingId = useId()
  return (
    <section className="cart-summary order-figures" aria-labelledby={headingId}>
      <h3 id={headingId} className="visually-hidden">
        {heading}
      </h3>
      <dl>
        <TotalsRows totals={totals} />
      </dl>
    </section>
  )
}

/**
 * What the estimate includes and for where, and a polite live region that says the new total once a change
 * has been answered (it is empty while one is on its way, so each answer is heard, and the first render is
 * not).
 */
export function TotalsNote({ totals, isPending }: TotalsProps) {
  return (
    <>
      <p className="cart-summary-note">{totals.note}</p>
      <p className="visually-hidden" aria-live="polite">
        {isPending ? null : totals.announcement}
      </p>
    </>
  )
}
