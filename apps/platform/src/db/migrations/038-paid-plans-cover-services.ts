/**
 * How a booking is paid (issue 31 item 1, decision 085): a service may be paid with a membership of a plan
 * that covers it (`pay_with_plan`), and a plan names the services it covers beside its products and
 * collections; a membership keeps the services of its plan as bought, like its products.
 */
export const sql = /* sql */ `
alter table booking_services add column pay_with_plan boolean not null default false;
alter table plans add column service_ids uuid[] not null default '{}';
alter table memberships add column service_ids uuid[] not null default '{}';
`
