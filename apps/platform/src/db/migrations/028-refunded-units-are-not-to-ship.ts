/**
 * Refunded units are no longer to ship (issue 35, decision 060): an approved order whose every unit is
 * shipped or refunded is `FULFILLED`, as `fulfillmentStatusOf` (orders/order-state.ts) now answers when
 * the order desk ships or refunds. Orders stored before it kept "partly shipped" or "not shipped" when the
 * rest was refunded; this brings them to the same answer (a unit left to ship is one neither shipped nor
 * refunded). Canceled orders keep where they stood. Written to be re-run.
 */
export const sql = /* sql */ `
with counted as (
  select o.id,
    case
      when bool_and(greatest(0, l.quantity - l.shipped_quantity - l.refunded_quantity) = 0) then 'FULFILLED'
      when bool_or(l.shipped_quantity > 0) then 'PARTIALLY_FULFILLED'
      else 'NOT_FULFILLED'
    end as fulfillment_status
  from orders o join order_lines l on l.order_id = o.id
  where o.status = 'APPROVED'
  group by o.id
)
update orders o set fulfillment_status = counted.fulfillment_status
from counted where counted.id = o.id and o.fulfillment_status <> counted.fulfillment_status;
`
