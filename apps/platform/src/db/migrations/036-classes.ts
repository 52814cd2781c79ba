/**
 * Classes (issue 31 item 1, decision 083): a service is an appointment (one customer at a time) or a class,
 * whose sessions follow a timetable of its own (weekly local times, one-off sessions and cancelled dates, in
 * the calendar's zone) and take up to `capacity` participants each. A booking holds as many places of its
 * session as it has participants; the index counts a session's places.
 */
export const sql = /* sql */ `
alter table booking_services drop constraint booking_services_type_check;
alter table booking_services add constraint booking_services_type_check check (type in ('APPOINTMENT', 'CLASS'));
alter table booking_services add column capacity integer not null default 1 check (capacity between 1 and 500);
alter table booking_services add column timetable jsonb not null default '{"weekly":[],"oneOff":[],"cancelled":[]}';
alter table booking_services add constraint booking_services_appointment_one check (type = 'CLASS' or capacity = 1);
alter table bookings add column participants integer not null default 1 check (participants between 1 and 500);
create index bookings_service_session on bookings (service_id, start_date) where status <> 'CANCELLED';
`
