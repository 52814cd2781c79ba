/**
 * Orders with nothing to ship (decision 101): only lines whose item ships (`order_lines.shippable`, not
 * false; a line stored before migration 026 kept `null` and was goods) count towards an order's fulfilment,
 * as `fulfillmentStatusOf` (orders/order-state.ts) now answers. An approved order of bookings, tickets or
 * downloads alone is `FULFILLED`, as placing one now stores it; a mixed order whose goods have all left (or
 * were refunded) is `FULFILLED`, and one with some goods left stands by its goods alone. Canceled orders keep
 * where they stood. Written to be re-run.
 */
export const sql = /* sql */ `
with counted as (
  select o.id,
    case
      when bool_and(l.shippable is false
        or greatest(0, l.quantity - l.shipped_quantity - l.refunded_quantity) = 0) then 'FULFILLED'
      when bool_or(l.shippable is not false and l.shipped_quantity > 0) then 'PARTIALLY_FULFILLED'
      else 'NOT_FULFILLED'
    end as fulfillment_status
  from orders o join order_lines l on l.order_id = o.id
  where o.status = 'APPROVED'
  group by o.id
)
update orders o set fulfillment_status = counted.fulfillment_status
from counted where counted.id = o.id and o.fulfillment_status <> counted.fulfillment_status;
`
