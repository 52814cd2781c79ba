/**
 * Every write keeps only the indexes something reads (decision 112). Each order records three events and a
 * payment, and every index they carry is one more entry written, logged and replayed by each replica:
 *
 * - `events_site_sequence` (the outbox's first cursor) and `events_entity` (read by nothing since deliveries
 *   keep their own entity and sequence, decision 010) are read by no statement of the platform: dropped. The
 *   delivery rounds and the outbox lag read `events_site_transaction`; a delivery finds its event by id.
 * - `payments_plan_purchase` indexed every checkout's payment under a null plan purchase, which nothing
 *   looks up: it keeps the payments of plan purchases only (a lookup by a purchase's id implies the id is set,
 *   so the planner still uses it).
 *
 * Written to be re-run.
 */
export const sql = /* sql */ `
drop index if exists events_site_sequence;
drop index if exists events_entity;

drop index if exists payments_plan_purchase_set;
create index payments_plan_purchase_set on payments (plan_purchase_id) where plan_purchase_id is not null;
drop index if exists payments_plan_purchase;
alter index payments_plan_purchase_set rename to payments_plan_purchase;
`
