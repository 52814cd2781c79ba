/**
 * After booking (issue 31, decision 069): a mail may carry files (a booking's confirmation carries its
 * `.ics` calendar file), a service says where it takes place and how late before its start a booking of
 * it may be cancelled by the shopper, and a cancelled booking keeps when it was cancelled.
 */
export const sql = /* sql */ `
-- [{ "filename": "booking.ics", "contentType": "text/calendar; charset=utf-8; method=PUBLISH", "content": "..." }]
alter table mail_outbox add column attachments jsonb;
alter table booking_services add column location text not null default ''
  check (length(location) <= 500);
alter table booking_services add column cancel_notice_minutes integer not null default 1440
  check (cancel_notice_minutes between 0 and 525600);
alter table bookings add column cancelled_date timestamptz;
create index bookings_site_start on bookings (site_id, start_date) where status = 'CONFIRMED';
`
