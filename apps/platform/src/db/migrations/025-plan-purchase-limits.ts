/**
 * A plan may be bought a limited number of times per member (issue 28, decision 051): `null` is no limit
 * (each purchase renews the membership), 1 is once per member. A free plan is once per member unless the
 * merchant says otherwise, so the free plans that exist now get 1; a plan with a price keeps no limit.
 * Purchases are counted per member and plan among the completed ones, so the count has an index.
 */
export const sql = /* sql */ `
alter table plans add column max_purchases_per_member integer check (max_purchases_per_member between 1 and 1000);
update plans set max_purchases_per_member = 1 where price_minor = 0;
create index plan_purchases_member_plan on plan_purchases (member_id, plan_id) where status = 'COMPLETED';
`
