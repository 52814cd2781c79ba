/**
 * Orders: a placed checkout with its priced lines, totals, addresses and payment result. One order per
 * checkout (the unique `checkout_id`) is what makes a second click or a replayed post harmless.
 * Checkouts get the buyer's return URLs (`callbacks`: thankYouPageUrl, postFlowUrl).
 */
export const sql = /* sql */ `
alter table checkouts add column callbacks jsonb;

create sequence order_numbers start with 10001;

create table orders (
  id uuid primary key,
  site_id uuid not null references sites (id) on delete cascade,
  number bigint not null default nextval('order_numbers') unique,
  checkout_id uuid not null unique references checkouts (id),
  owner_kind text not null check (owner_kind in ('visitor', 'member')),
  owner_id uuid not null,
  email text not null,
  status text not null check (status in ('APPROVED', 'CANCELED')),
  payment_status text not null check (payment_status in ('PAID', 'NOT_PAID')),
  payment jsonb not null,
  currency text not null,
  shipping_address jsonb,
  billing_address jsonb,
  shipping_option jsonb,
  coupon_code text,
  subtotal_minor bigint not null,
  total_minor bigint not null,
  totals jsonb not null,
  created_date timestamptz not null
);
create index orders_owner on orders (site_id, owner_kind, owner_id, created_date desc, id);
create index orders_site on orders (site_id, created_date desc, id);

create table order_lines (
  id uuid primary key,
  order_id uuid not null references orders (id) on delete cascade,
  position integer not null,
  catalog_item_id uuid,
  variant_id uuid,
  name text not null,
  quantity integer not null check (quantity > 0),
  unit_price_minor bigint not null,
  total_minor bigint not null,
  unique (order_id, position)
);
`
