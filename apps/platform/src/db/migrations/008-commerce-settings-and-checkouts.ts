/**
 * The merchant's shipping, tax and fee setup per site (validated documents the pricing engine reads),
 * and checkouts: a cart frozen with its addresses, shipping choice and totals.
 */
export const sql = /* sql */ `
create table commerce_settings (
  site_id uuid primary key references sites (id) on delete cascade,
  shipping jsonb not null default '{"regions": []}',
  tax jsonb not null default '{"calculation": "MANUAL", "isShippingTaxed": false, "regions": []}',
  additional_fees jsonb not null default '[]',
  updated_date timestamptz not null default now()
);

create table checkouts (
  id uuid primary key,
  site_id uuid not null references sites (id) on delete cascade,
  cart_id uuid not null,
  owner_kind text not null check (owner_kind in ('visitor', 'member')),
  owner_id uuid not null,
  channel_type text not null,
  email text,
  shipping_address jsonb,
  billing_address jsonb,
  selected_shipping_option jsonb,
  coupon_code text,
  lines jsonb not null,
  totals jsonb not null,
  status text not null default 'OPEN' check (status in ('OPEN', 'COMPLETED', 'ABANDONED')),
  created_date timestamptz not null,
  updated_date timestamptz not null
);
create index checkouts_owner on checkouts (site_id, owner_kind, owner_id, created_date desc);
`
