/**
 * The cart's contact and the merchant's discounts (issue 19, decision 044): a cart keeps the buyer's
 * contact address and details (`contactInfo`, null until given), which estimates and checkouts use when
 * no shipping address is given. `merchant_discounts` (a list since migration 006, always empty so far)
 * now holds the discounts a merchant set; a discount names lines of its cart, so none outlives it.
 */
export const sql = /* sql */ `
alter table carts add column contact_info jsonb;
alter table carts add constraint carts_merchant_discounts_list check (jsonb_typeof(merchant_discounts) = 'array');
`
