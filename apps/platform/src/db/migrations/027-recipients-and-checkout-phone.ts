/**
 * Who receives an order (issue 35 part 2, decision 059): a checkout and an order keep the recipient's and
 * the payer's contact details (first and last name, company, phone) beside their addresses, null until
 * given; a site says whether its checkout asks for a phone (hidden, optional or required).
 */
export const sql = /* sql */ `
alter table checkouts add column shipping_contact jsonb, add column billing_contact jsonb;
alter table orders add column shipping_contact jsonb, add column billing_contact jsonb;
alter table sites add column checkout_phone text not null default 'OPTIONAL'
  check (checkout_phone in ('HIDDEN', 'OPTIONAL', 'REQUIRED'));
`
