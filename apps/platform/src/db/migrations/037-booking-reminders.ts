/**
 * After the booking (issue 31 item 5, decision 084): how long before its start a booking of a service is
 * reminded (24 hours unless the merchant says otherwise; 0 sends none), and when a booking's reminder was
 * sent, so the background worker sends it once. A moved booking is reminded again for its new time.
 */
export const sql = /* sql */ `
alter table booking_services add column reminder_minutes integer not null default 1440
  check (reminder_minutes between 0 and 20160);
alter table bookings add column reminder_sent_date timestamptz;
create index bookings_reminder_due on bookings (start_date)
  where status = 'CONFIRMED' and reminder_sent_date is null;
`
