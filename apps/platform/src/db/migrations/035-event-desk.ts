/**
 * The merchant's side of events (issue 32, decision 075): an event's picture (a URL of the shop's media
 * or any https image), a ticket cancelled when its order is refunded or its event cancelled (it no longer
 * passes the door and gives its seat back), and the slug kept unique while events are edited.
 */
export const sql = /* sql */ `
alter table ticketed_events add column image_url text check (image_url is null or length(image_url) <= 2000);
alter table ticketed_events add column cancelled_date timestamptz;
alter table event_tickets add column cancelled_date timestamptz;
`
