import { PostalAddress } from '../../addresses/postal-address.tsx'
import { LineSummary, orderLineSummary } from '../../orders/line-summary.tsx'
import { hasShippableLines, unitsLeftToShip } from '../../orders/order-state.ts'
import type { OrderWithLines } from '../../orders/order-store.ts'
import { DashboardPage } from '../dashboard-layout.tsx'
import { dayText } from '../kit/dashboard-words.ts'
import { type Column, DataTable } from '../kit/data-table.tsx'
import { PageHeader } from '../kit/page-header.tsx'
import type { Owner } from '../session/owner-session.ts'

/** Orders one packing-slip page prints at most (the orders list's page). */
export const PACKING_SLIPS_LIMIT = 50

// Progressive enhancement: the button asks the browser to print; without scripts, the browser's own Print does.
const printScript = `
document.addEventListener('click', (event) => {
  if (event.target.closest('button[data-print]')) window.print()
})`

type SlipLine = { line: OrderWithLines['lines'][number]; units: number }

/** A slip's lines: each as sold, with its picture, and the units left to pack in large figures. */
const slipColumns: readonly Column<SlipLine>[] = [
  { header: 'Item', cell: ({ line }) => <LineSummary line={orderLineSummary(line)} thumbnail size={56} /> },
  { header: 'Quantity', cell: ({ units }) => units, isNumber: true },
]

/** One order's slip: the shop, the order, who it goes to and how, and each line with units left to ship. */
function PackingSlip(props: { shopName: string; locale: string; order: OrderWithLines }) {
  const { order, lines } = props.order
  const left = lines.flatMap((line) => {
    const units = unitsLeftToShip(line)
    return units > 0 ? [{ line, units }] : []
  })
  const placed = dayText(order.created_date)
  // An order of bookings or tickets alone has no ship-to to print (decision 101).
  const ships = hasShippableLines(lines)
  return (
    <article className="packing-slip" aria-labelledby={`slip-${order.id}`} data-order={order.id}>
      <header className="slip-head">
        <div>
          <div className="slip-shop">{props.shopName}</div>
          <h2 id={`slip-${order.id}`}>Packing slip · Order #{String(order.number)}</h2>
          <div>
            Placed <time dateTime={new Date(order.created_date).toISOString()}>{placed}</time>
          </div>
        </div>
        {ships ? (
          <div className="slip-ship-to">
            <h3>Ship to</h3>
            <PostalAddress
              address={order.shipping_address}
              contactDetails={order.shipping_contact}
              locale={props.locale}
            />
            {order.shipping_option?.title && (
              <p>
                <strong>Delivery:</strong> {order.shipping_option.title}
              </p>
            )}
          </div>
        ) : null}
      </header>
      {!ships ? (
        <p className="slip-nothing">
          Nothing to ship: this order is of bookings, tickets or downloads, which are not sent.
        </p>
      ) : left.length === 0 ? (
        <p className="slip-nothing">Nothing is left to ship on this order.</p>
      ) : (
        <DataTable
          label={`Items to pack for order #${order.number}`}
          className="slip-lines"
          columns={slipColumns}
          rows={left}
          rowKey={({ line }) => line.id}
          rowData={({ line }) => ({ 'data-line': line.id })}
          rowHeaders
          empty="Nothing is left to ship on this order."
        />
      )}
    </article>
  )
}

/**
 * The packing slips of one or more orders, one per printed page: what a warehouse packs (the lines with
 * units left to ship, as sold) and where it goes. The screen has a Print button; print shows only slips.
 */
export function PackingSlipsPage(props: { owner: Owner; orders: readonly OrderWithLines[] }) {
  const { site } = props.owner.session
  const [first] = props.orders
  const title =
    props.orders.length === 1 && first
      ? `Packing slip #${first.order.number}`
      : `Packing slips (${props.orders.length})`
  return (
    <DashboardPage owner={props.owner} title={title} place="orders" scripts={[printScript]}>
      <div className="slip-actions">
        <p>
          {props.orders.length === 1 && first ? (
            <a href={`/dashboard/orders/${first.order.id}`}>Order #{String(first.order.number)}</a>
          ) : (
            <a href="/dashboard/orders">All orders</a>
          )}
        </p>
        <PageHeader
          title={title}
          description="Each order prints on its own page."
          actions={
            <button type="button" className="primary" data-print>
              Print
            </button>
          }
        />
      </div>
      {props.orders.map((order) => (
        <PackingSlip key={order.order.id} shopName={site.name} locale={site.locale} order={order} />
      ))}
    </DashboardPage>
  )
}
