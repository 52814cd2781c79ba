import { Link } from 'react-router'
import type { OrderSummary } from './order-summary'

/** The path of one of the shopper's orders on this storefront. */
export function toOrderPath(orderId: string): string {
  return `/account/orders/${encodeURIComponent(orderId)}`
}

/**
 * The shopper's orders, newest first, a card each: number (a link to the order's page), day, status, what
 * has shipped, what was bought (a booking with its time), how many items and the total.
 */
export function OrderList({ orders }: { orders: readonly OrderSummary[] }) {
  return (
    <ol className="order-list" aria-label="Your orders, newest first">
      {orders.map((order) => (
        <li key={order.id} className="order-card">
          <article aria-labelledby={`order-${order.id}`}>
            <header className="order-card-header">
              <h3 id={`order-${order.id}`}>
                <Link to={toOrderPath(order.id)}>Order #{order.number}</Link>
              </h3>
              <p className="order-card-meta">
                <span>{order.date}</span>
                <span className={`order-status${order.status.startsWith('Canceled') ? ' is-canceled' : ''}`}>
                  {order.status}
                </span>
                {order.delivery && <span className="order-status">{order.delivery}</span>}
              </p>
            </header>
            <p className="order-card-summary">
              {order.lines
                .map((line) =>
                  line.when && line.quantity === 1
                    ? `${line.name} on ${line.when}`
                    : `${line.quantity} × ${line.name}`,
                )
                .join(', ')}
            </p>
            <p className="order-card-total">
              {order.itemCount}, <strong>{order.total}</strong>
            </p>
          </article>
        </li>
      ))}
    </ol>
  )
}
