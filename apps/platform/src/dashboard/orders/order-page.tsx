import type { ReactNode } from 'react'
import { PostalAddress } from '../../addresses/postal-address.tsx'
import type { FieldViolation } from '../../http/errors.ts'
import { formatMoney, fractionDigits, toDecimalString } from '../../money/money.ts'
import { LineSummary, lineNameWithOptions, orderLineSummary } from '../../orders/line-summary.tsx'
import type { OrderEventRow } from '../../orders/order-desk-store.ts'
import { refundWorthsOf } from '../../orders/order-refunds.ts'
import {
  balanceDueOf,
  cancellingState,
  hasShippableLines,
  needsShipping,
  nextOrderState,
  refundableOf,
  unitsLeftToShip,
} from '../../orders/order-state.ts'
import type { OrderWithLines } from '../../orders/order-store.ts'
import { breakdownOfOrder } from '../../orders/totals-breakdown.ts'
import { TotalsBreakdownRows } from '../../orders/totals-breakdown-rows.tsx'
import { CsrfField, DashboardPage, Problems } from '../dashboard-layout.tsx'
import { countText, timeText } from '../kit/dashboard-words.ts'
import { type Column, DataTable } from '../kit/data-table.tsx'
import { PageHeader } from '../kit/page-header.tsx'
import { PageSection } from '../kit/page-section.tsx'
import { Badge } from '../kit/status-badge.tsx'
import type { Owner } from '../session/owner-session.ts'
import { OrderBadges } from './order-pages.tsx'

/** What an action that was refused says above the page. */
export type ActionProblem = { violations: readonly FieldViolation[] } | { message: string }

/** What the timeline's entries keep (`order-actions.ts` writes them). */
interface EventData {
  lines?: { lineId: string; quantity: number }[]
  trackingInfo?: { shippingProvider?: string; trackingNumber?: string }
  reason?: string
  unitsRestocked?: number
  amountMinor?: number
  text?: string
}

type OrderLine = OrderWithLines['lines'][number]

// Progressive enhancement: the refund form works it out as the server will (each line's units priced by
// `refundWorthsOf`, written into its field), shows it in the empty amount field, and asks to confirm it by
// its figure; the server still decides what is refunded.
const refundAmountScript = `
document.addEventListener('input', (event) => {
  const form = event.target.closest('form[data-refund]')
  if (!form) return
  const digits = Number(form.dataset.digits)
  const scale = 10 ** digits
  let chosen = 0
  for (const field of form.querySelectorAll('input[data-refund-worths]')) {
    const worths = field.dataset.refundWorths.split(',').map(Number)
    const units = Math.min(worths.length - 1, Math.max(0, Math.floor(Number(field.value) || 0)))
    chosen += worths[units]
  }
  const amount = form.elements.amount
  amount.placeholder = chosen > 0 ? (chosen / scale).toFixed(digits) : ''
  const typed = amount.value.trim()
  const minor = typed === '' ? chosen : Math.round(Number(typed) * scale)
  const button = form.querySelector('button[data-confirm]')
  button.dataset.confirm = Number.isFinite(minor) && minor > 0
    ? 'Refund ' + new Intl.NumberFormat(form.dataset.locale, { style: 'currency', currency: form.dataset.currency }).format(minor / scale) + ' to the buyer?'
    : 'Refund this amount to the buyer?'
})`

/**
 * A form's rows of how many units of each line to ship or refund: the lines with units left, each a
 * number field named `<field>-<line id>` from 0 to what is left, starting at `proposed`.
 */
function LineQuantities(props: {
  lines: readonly OrderLine[]
  field: string
  left: (line: OrderLine) => number
  proposed: (left: number) => number
  extra?: ((line: OrderLine) => ReactNode) | undefined
  /** Data attributes of each line's number field, for the page's script. */
  inputData?: ((line: OrderLine) => Record<`data-${string}`, string>) | undefined
}) {
  return (
    <table className="line-quantities">
      <tbody>
        {props.lines
          .filter((line) => props.left(line) > 0)
          .map((line) => {
            const left = props.left(line)
            const id = `${props.field}-${line.id}`
            return (
              <tr key={line.id}>
                <td>
                  <label htmlFor={id}>{lineNameWithOptions(orderLineSummary(line))}</label>
                </td>
                <td className="number">
                  <input
                    id={id}
                    name={id}
                    type="number"
                    min="0"
                    max={left}
                    defaultValue={props.proposed(left)}
                    {...props.inputData?.(line)}
                  />{' '}
                  of {left}
                </td>
                {props.extra && <td>{props.extra(line)}</td>}
              </tr>
            )
          })}
      </tbody>
    </table>
  )
}

/** The order page's lines: each as sold (picture, options, SKU, its price), then its units and total. */
function lineColumns(money: (minor: string | number) => string): Column<OrderLine>[] {
  return [
    {
      header: 'Item',
      cell: (line) => (
        <>
          <LineSummary line={orderLineSummary(line)} thumbnail />
          {line.custom !== null && <Badge>Custom item</Badge>}
          <div className="muted">{money(line.unit_price_minor)} each</div>
        </>
      ),
    },
    { header: 'Qty', cell: (line) => line.quantity, isNumber: true },
    {
      header: 'Shipped',
      cell: (line) => (needsShipping(line) ? line.shipped_quantity : <span className="muted">Not sent</span>),
      isNumber: true,
    },
    { header: 'Refunded', cell: (line) => line.refunded_quantity, isNumber: true },
    { header: 'Total', cell: (line) => money(line.total_minor), isNumber: true },
  ]
}

function describeEvent(event: OrderEventRow, money: (minor: number) => string, names: Map<string, string>) {
  const data = event.data as EventData
  const items = (lines: { lineId: string; quantity: number }[] = []) =>
    lines.map((line) => `${line.quantity} × ${names.get(line.lineId) ?? 'item'}`).join(', ')
  switch (event.kind) {
    case 'SHIPPED':
      return `Shipped ${items(data.lines)} with ${data.trackingInfo?.shippingProvider}, tracking ${data.trackingInfo?.trackingNumber}. The buyer was mailed.`
    case 'CANCELED':
      return `Canceled${data.reason ? `: ${data.reason}` : ''}. ${data.unitsRestocked} units went back in stock. The buyer was mailed.`
    case 'PAID':
      return `Marked paid: ${money(Number(data.amountMinor))} received outside Aisle.`
    case 'REFUNDED':
      return `Refunded ${money(Number(data.amountMinor))}${data.lines?.length ? ` for ${items(data.lines)}` : ''}${data.unitsRestocked ? `; ${data.unitsRestocked} units back in stock` : ''}${data.reason ? ` (${data.reason})` : ''}. The buyer was mailed.`
    default:
      return `Note: ${data.text}`
  }
}

/** The order page: lines, addresses, payment, totals, shipments, the timeline and the merchant's actions. */
/**
 * What Cancel order does to this order, in words (decision 101): its goods back in stock (if it has goods),
 * its bookings cancelled with their times freed and its tickets voided (if any); the payment is refunded apart.
 */
export function cancelWords(frees: { goods: boolean; bookings: number; tickets: number }): string {
  const { bookings, tickets } = frees
  return [
    ...(frees.goods ? ['Its goods go back in stock.'] : []),
    ...(bookings === 1 ? ['Its booking is cancelled and its time freed.'] : []),
    ...(bookings > 1 ? [`Its ${countText(bookings, 'booking')} are cancelled and their times freed.`] : []),
    ...(tickets === 1 ? ['Its ticket is voided: it no longer passes the door.'] : []),
    ...(tickets > 1 ? [`Its ${countText(tickets, 'ticket')} are voided: they no longer pass the door.`] : []),
    'Refund a payment on its own.',
  ].join(' ')
}

export function OrderPage(props: {
  owner: Owner
  order: OrderWithLines
  events: readonly OrderEventRow[]
  refundKey: string
  /** The payment's provider as the merchant reads it ("Card (test mode)"): the provider's own title. */
  providerTitle: string
  /** What cancelling frees besides stock: the order's confirmed bookings and its tickets still valid. */
  cancelFrees: { bookings: number; tickets: number }
  notice?: string | undefined
  problem?: ActionProblem | undefined
}) {
  const { session } = props.owner
  const { order, lines, fulfillments } = props.order
  const money = (minor: string | number) => formatMoney(Number(minor), order.currency, session.site.locale)
  const names = new Map(lines.map((line) => [line.id, lineNameWithOptions(orderLineSummary(line))]))
  const paid = Number(order.paid_minor)
  const due = balanceDueOf(order)
  const refundable = refundableOf(order)
  // Only lines that ship are offered to ship, and an order of bookings or tickets alone ships nothing (decision 101).
  const ships = hasShippableLines(lines)
  const canShip = order.status === 'APPROVED' && lines.some((line) => unitsLeftToShip(line) > 0)
  const canCancel = nextOrderState(
    cancellingState(
      {
        status: order.status,
        paymentStatus: order.payment_status,
        fulfillmentStatus: order.fulfillment_status,
      },
      lines,
    ),
    'CANCEL',
  ).ok
  const canRefund = refundable > 0
  const payment = order.payment
  const action = (name: string) => `/dashboard/orders/${order.id}/${name}`
  return (
    <DashboardPage
      owner={props.owner}
      title={`Order #${order.number}`}
      place="orders"
      scripts={canRefund ? [refundAmountScript] : []}
    >
      <p className="actions">
        <a href="/dashboard/orders">All orders</a>
        {ships && (
          <a className="button" href={action('packing-slip')}>
            Packing slip
          </a>
        )}
      </p>
      <PageHeader
        title={
          <>
            Order #{String(order.number)} <OrderBadges order={props.order} />
          </>
        }
      />
      {props.notice && (
        <p className="notice" role="status">
          {props.notice}
        </p>
      )}
      {props.problem &&
        ('violations' in props.problem ? (
          <Problems violations={props.problem.violations} />
        ) : (
          <div className="problem" role="alert">
            <strong>Nothing was changed:</strong> {props.problem.message}
          </div>
        ))}
      <div className="cols">
        <div>
          <PageSection id="lines" title="Items">
            <DataTable
              label="Items"
              columns={lineColumns(money)}
              rows={lines}
              rowKey={(line) => line.id}
              rowHeaders
              stackOnPhone
              empty="This order has no items."
            />
            <table className="summary-table" aria-label="Totals">
              <tbody>
                <TotalsBreakdownRows breakdown={breakdownOfOrder(props.order, session.site.locale)} />
              </tbody>
            </table>
          </PageSection>
          {canShip && (
            <PageSection id="ship" title="Ship">
              <form method="post" action={action('ship')}>
                <CsrfField token={session.csrfToken} />
                <LineQuantities lines={lines} field="ship" left={unitsLeftToShip} proposed={(left) => left} />
                <div className="grid">
                  <div className="field">
                    <label htmlFor="field-carrier">Carrier</label>
                    <input id="field-carrier" name="carrier" required maxLength={60} list="carriers" />
                    <datalist id="carriers">
                      {['UPS', 'USPS', 'FedEx', 'DHL', 'Royal Mail', 'La Poste'].map((carrier) => (
                        <option key={carrier} value={carrier} />
                      ))}
                    </datalist>
                  </div>
                  <div className="field">
                    <label htmlFor="field-trackingNumber">Tracking number</label>
                    <input id="field-trackingNumber" name="trackingNumber" required maxLength={100} />
                  </div>
                  <div className="field">
                    <label htmlFor="field-trackingUrl">Tracking page (optional)</label>
                    <input id="field-trackingUrl" name="trackingUrl" type="url" maxLength={500} />
                  </div>
                </div>
                <button type="submit" className="primary">
                  Ship and mail the buyer
                </button>
              </form>
            </PageSection>
          )}
          {canRefund && (
            <PageSection id="refund" title="Refund">
              <p className="muted">
                Paid {money(paid)}, {money(refundable)} left to refund through {props.providerTitle}.
              </p>
              <form
                method="post"
                action={action('refund')}
                data-refund=""
                data-currency={order.currency}
                data-locale={session.site.locale}
                data-digits={fractionDigits(order.currency)}
              >
                <CsrfField token={session.csrfToken} />
                <input type="hidden" name="refundKey" value={props.refundKey} />
                <LineQuantities
                  lines={lines}
                  field="refund"
                  left={(line) => line.quantity - line.refunded_quantity}
                  proposed={() => 0}
                  inputData={(line) => ({ 'data-refund-worths': refundWorthsOf(order, line).join(',') })}
                  extra={(line) =>
                    // Only goods go back on a shelf: bookings, tickets and downloads have no stock (decision 101).
                    needsShipping(line) &&
                    line.restocked_quantity < line.quantity && (
                      <label className="check">
                        <input type="checkbox" name={`restock-${line.id}`} /> Back in stock
                      </label>
                    )
                  }
                />
                <div className="grid">
                  <div className="field">
                    <label htmlFor="field-amount">Amount ({order.currency})</label>
                    <input id="field-amount" name="amount" inputMode="decimal" maxLength={20} />
                    <div className="hint">
                      Left empty: what the buyer paid for the chosen items, tax included. At most{' '}
                      {toDecimalString(refundable, order.currency)}.
                    </div>
                  </div>
                  <div className="field">
                    <label htmlFor="field-refund-reason">Reason (the buyer reads it)</label>
                    <input id="field-refund-reason" name="reason" maxLength={500} />
                  </div>
                </div>
                <button type="submit" data-confirm="Refund this amount to the buyer?">
                  Refund
                </button>
              </form>
            </PageSection>
          )}
          {canCancel && (
            <PageSection id="cancel" title="Cancel">
              <form method="post" action={action('cancel')}>
                <CsrfField token={session.csrfToken} />
                <div className="field">
                  <label htmlFor="field-cancel-reason">Reason (the buyer reads it)</label>
                  <input id="field-cancel-reason" name="reason" maxLength={500} />
                </div>
                <p className="muted">{cancelWords({ goods: ships, ...props.cancelFrees })}</p>
                <button type="submit" className="danger" data-confirm="Cancel this order and mail the buyer?">
                  Cancel order
                </button>
              </form>
            </PageSection>
          )}
        </div>
        <div>
          <PageSection id="buyer" title="Buyer">
            <p>
              <a href={`mailto:${order.email}`}>{order.email}</a>
              <br />
              <span className="muted">{order.owner_kind === 'member' ? 'Member' : 'Guest checkout'}</span>
            </p>
            <h3>Shipping address</h3>
            {ships || order.shipping_address ? (
              <PostalAddress
                address={order.shipping_address}
                contactDetails={order.shipping_contact}
                locale={session.site.locale}
              />
            ) : (
              <p className="muted" data-nothing-to-ship>
                Nothing to ship: bookings, tickets and downloads are not sent
              </p>
            )}
            {order.shipping_option?.title && <p className="muted">Delivery: {order.shipping_option.title}</p>}
            <h3>Billing address</h3>
            <PostalAddress
              address={order.billing_address}
              contactDetails={order.billing_contact}
              locale={session.site.locale}
            />
          </PageSection>
          <PageSection id="payment" title="Payment">
            {due > 0 && (
              <>
                <p data-balance-due>
                  <strong>
                    Paid {money(paid)} of {money(order.total_minor)}, {money(due)} due
                  </strong>
                </p>
                <form method="post" action={action('mark-paid')}>
                  <CsrfField token={session.csrfToken} />
                  <button
                    type="submit"
                    className="primary"
                    data-confirm={`Mark the rest (${money(due)}) paid? Do this once you have received it.`}
                  >
                    {paid > 0 ? 'Mark the rest paid' : 'Mark paid'}
                  </button>
                </form>
              </>
            )}
            <dl className="facts">
              <dt>Provider</dt>
              <dd>{props.providerTitle}</dd>
              {'transactionId' in payment && (
                <>
                  <dt>Transaction</dt>
                  <dd>{payment.transactionId}</dd>
                </>
              )}
              {'cardLast4' in payment && payment.cardLast4 && (
                <>
                  <dt>Card</dt>
                  <dd>•••• {payment.cardLast4}</dd>
                </>
              )}
              {props.order.refunds.map((refund) => (
                <div key={refund.id} className="contents">
                  <dt>Refund</dt>
                  <dd>
                    {money(refund.amount_minor)} · {refund.provider_refund_id}
                  </dd>
                </div>
              ))}
            </dl>
          </PageSection>
          {fulfillments.length > 0 && (
            <PageSection id="shipments" title="Shipments">
              <ul>
                {fulfillments.map((fulfillment) => (
                  <li key={fulfillment.id} data-tracking={fulfillment.tracking_number}>
                    {fulfillment.carrier}{' '}
                    {fulfillment.tracking_url ? (
                      <a href={fulfillment.tracking_url} rel="noreferrer">
                        {fulfillment.tracking_number}
                      </a>
                    ) : (
                      fulfillment.tracking_number
                    )}
                  </li>
                ))}
              </ul>
            </PageSection>
          )}
          <PageSection id="timeline" title="Timeline">
            <ol className="timeline">
              <li>
                <time dateTime={new Date(order.created_date).toISOString()}>
                  {timeText(order.created_date)}
                </time>
                Placed by {order.email}, {money(order.total_minor)}. The buyer was mailed a confirmation.
              </li>
              {props.events.map((event) => (
                <li key={event.id} data-kind={event.kind}>
                  <time dateTime={new Date(event.created_date).toISOString()}>
                    {timeText(event.created_date)}
                  </time>
                  {describeEvent(event, money, names)}
                </li>
              ))}
            </ol>
            <form method="post" action={action('note')}>
              <CsrfField token={session.csrfToken} />
              <div className="field">
                <label htmlFor="field-note">Note (only you see it)</label>
                <textarea id="field-note" name="note" rows={3} maxLength={2000} required />
              </div>
              <button type="submit">Add note</button>
            </form>
          </PageSection>
        </div>
      </div>
    </DashboardPage>
  )
}
