/**
 * A deposit online for bookings (issue 31 item 1, decision 092): a service may take a deposit (minor units,
 * less than its price) online and the rest at the appointment, so an order may be paid in part:
 * `orders.paid_minor` is what has been paid so far (online and marked paid at the desk), and the payment
 * status gains PARTIALLY_PAID. Orders placed before were paid in full or not at all.
 */
export const sql = /* sql */ `
alter table booking_services add column deposit_minor bigint check (deposit_minor > 0);
alter table orders add column paid_minor bigint not null default 0 check (paid_minor >= 0);
update orders set paid_minor = total_minor where payment_status <> 'NOT_PAID';
alter table orders drop constraint if exists orders_payment_status_check;
alter table orders add constraint orders_payment_status_check
  check (payment_status in ('PAID', 'NOT_PAID', 'PARTIALLY_PAID', 'PARTIALLY_REFUNDED', 'FULLY_REFUNDED'));
`
