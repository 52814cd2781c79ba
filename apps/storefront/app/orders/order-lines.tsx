import { CalendarIcon } from '../bookings/service-mark'
import { LineOptions } from '../cart/cart-line'
import { ResponsiveImage } from '../media/responsive-image'
import { DownloadLinks } from './download-links'
import type { OrderLineView } from './order-summary'

/**
 * What was bought, a line each as the cart drew it: the variant's picture (a calendar for a booked line,
 * whose time is among its options), the name, the chosen options (colours with their swatch), the SKU, quantity and unit price, the line's total; a plan that paid it and a
 * digital line's downloads under it.
 */
export function OrderLines({ lines, label }: { lines: readonly OrderLineView[]; label: string }) {
  return (
    <ul className="cart-lines order-line-list" aria-label={label}>
      {lines.map((line) => (
        <li key={line.key} className="cart-line">
          {line.image ? (
            <ResponsiveImage
              image={line.image}
              sizes="5rem"
              alt=""
              loading="lazy"
              className="cart-line-image"
            />
          ) : line.when ? (
            <span className="cart-line-image order-line-booked">
              <CalendarIcon />
            </span>
          ) : (
            <span className="cart-line-image image-placeholder" />
          )}
          <div className="cart-line-details">
            <h3 className="cart-line-name">{line.name}</h3>
            <LineOptions options={line.options} />
            {line.sku ? <p className="order-line-sku">SKU {line.sku}</p> : null}
            <p>
              Quantity: {line.quantity} × {line.unitPrice}
            </p>
            {line.paidBy ? <p className="line-paid-by">{line.paidBy}</p> : null}
            <DownloadLinks line={line} />
          </div>
          <p className="cart-line-price">{line.total}</p>
        </li>
      ))}
    </ul>
  )
}
