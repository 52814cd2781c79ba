import type { TotalsBreakdown } from './totals-breakdown'

export interface TotalsProps {
  totals: TotalsBreakdown
  /** Set while a change that moves the totals waits for the platform: the figures fade. */
  isPending: boolean
}

/**
 * The estimate's rows under the subtotal, inside the order summary's list: each discount, shipping for the
 * chosen option, tax per jurisdiction, each fee, then the total (only when there is something between it
 * and the subtotal): estimated, or before an address, before shipping and tax.
 */
export function TotalsRows({ totals, isPending }: TotalsProps) {
  if (totals.rows.length === 0) return null
  const pending = isPending ? 'is-pending' : undefined
  return (
    <>
      {totals.rows.map((row) => (
        <div key={row.key} className={`cart-summary-row is-${row.kind}`}>
          <dt>
            {row.label}
            {row.detail ? <span className="cart-summary-detail">{row.detail}</span> : null}
          </dt>
          <dd className={pending}>{row.value}</dd>
        </div>
      ))}
      <div className="cart-summary-total">
        <dt>{totals.totalLabel}</dt>
        <dd className={pending}>{totals.total}</dd>
      </div>
    </>
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
