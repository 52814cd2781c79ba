/**
 * The merchant's side of bookings (issue 31 item 6, decision 074): a service's picture, whether a booked
 * customer came (attended or a no-show, and when the shop said so), when a booking was last moved, and an
 * index for the desk's calendar, which reads a site's bookings by their start.
 */
export const sql = /* sql */ `
alter table booking_services add column picture_url text not null default ''
  check (length(picture_url) <= 2000);
alter table bookings add column attendance text check (attendance in ('ATTENDED', 'NO_SHOW'));
alter table bookings add column attendance_date timestamptz;
alter table bookings add column rescheduled_date timestamptz;
alter table bookings add constraint bookings_attendance_marked check ((attendance is null) = (attendance_date is null));
create index bookings_site_desk on bookings (site_id, start_date) where order_id is not null;
`
