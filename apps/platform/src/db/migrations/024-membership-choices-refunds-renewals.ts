/**
 * Memberships, finished (issue 19 item 3, decision 051): the shopper's choice of plans is a stored part
 * of the checkout (`selected_memberships`, null when none was made: no plan pays), a plan purchase ends
 * `FAILED` when its payment was declined or abandoned (never open for ever) or `REFUNDED` when the
 * merchant gave the money back, and a refunded membership ends (`ended_date`: it pays for nothing more).
 * A renewal extends the membership the member holds (the purchase's `membership_id` names it).
 */
export const sql = /* sql */ `
alter table checkouts add column selected_memberships jsonb;

alter table plan_purchases drop constraint plan_purchases_status_check;
alter table plan_purchases add constraint plan_purchases_status_check
  check (status in ('OPEN', 'COMPLETED', 'FAILED', 'REFUNDED'));
alter table plan_purchases add column failure_reason text;
create index plan_purchases_open on plan_purchases (member_id, created_date) where status = 'OPEN';

alter table memberships add column ended_date timestamptz;
`
