import { TotalsList } from '../checkout/totals-rows'
import { OrderLines } from './order-lines'
import type { OrderSummary } from './order-summary'

/**
 * The whole of an order as its buyer reads it, on the thank-you page and the account's order page: what
 * was bought, each shipment with its tracking, where it goes and how, how it was paid, and the breakdown
 * (refunds under the total).
 */
export function OrderDetails({ order }: { order: OrderSummary }) {
  return (
    <div className="order-details">
      <div className="order-details-main">
        <h2>What you bought</h2>
        <OrderLines lines={order.lines} label={`Items in order #${order.number}`} />
        {order.shipments.length > 0 ? (
          <section className="order-shipments" aria-labelledby="shipments-heading">
            <h2 id="shipments-heading">Shipments</h2>
            <ul>
              {order.shipments.map((shipment) => (
                <li key={shipment.key}>
                  <p>
                    Shipped {shipment.date}: {shipment.items}
                  </p>
                  <p className="order-tracking">
                    {shipment.carrier} tracking{' '}
                    {shipment.trackingLink ? (
                      <a href={shipment.trackingLink} rel="noreferrer">
                        {shipment.trackingNumber}
                      </a>
                    ) : (
                      shipment.trackingNumber
                    )}
                  </p>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </div>
      <div className="order-details-aside">
        <dl className="order-facts">
          {order.shippingAddress ? (
            <div>
              <dt>Delivery address</dt>
              <dd>
                <address>
                  {order.shippingAddress.map((line) => (
                    <span key={line}>{line}</span>
                  ))}
                </address>
              </dd>
            </div>
          ) : null}
          {order.deliveryMethod ? (
            <div>
              <dt>Delivery</dt>
              <dd>{order.deliveryMethod}</dd>
            </div>
          ) : null}
          <div>
            <dt>Payment</dt>
            <dd>{order.payment}</dd>
          </div>
          {order.billingAddress ? (
            <div>
              <dt>Billing address</dt>
              <dd>
                <address>
                  {order.billingAddress.map((line) => (
                    <span key={line}>{line}</span>
                  ))}
                </address>
              </dd>
            </div>
          ) : null}
        </dl>
        <TotalsList totals={order.totals} heading={`Totals of order #${order.number}`} />
      </div>
    </div>
  )
}
