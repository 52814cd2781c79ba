/**
 * Custom line items (their own price and description), cart info and merchant discounts on the cart,
 * coupons set up by the merchant, and idempotency keys so a retried write is answered once.
 */
export const sql = /* sql */ `
alter table cart_line_items alter column catalog_item_id drop not null;
alter table cart_line_items add column custom jsonb;
alter table cart_line_items add constraint cart_line_items_kind check ((catalog_item_id is null) = (custom is not null));

alter table carts add column cart_info jsonb not null default '{}';
alter table carts add column merchant_discounts jsonb not null default '[]';

create table coupons (
  id uuid primary key,
  site_id uuid not null references sites (id) on delete cascade,
  code text not null,
  name text not null default '',
  kind text not null check (kind in ('PERCENTAGE', 'FIXED_AMOUNT', 'FREE_SHIPPING')),
  -- PERCENTAGE: basis points (1000 = 10 %); FIXED_AMOUNT: minor units; FREE_SHIPPING: 0.
  value integer not null default 0 check (value >= 0),
  minimum_subtotal_minor integer check (minimum_subtotal_minor >= 0),
  starts_at timestamptz,
  expires_at timestamptz,
  usage_limit integer check (usage_limit > 0),
  uses integer not null default 0 check (uses >= 0),
  product_ids uuid[],
  created_date timestamptz not null default now(),
  unique (site_id, code)
);

create table idempotency_keys (
  site_id uuid not null references sites (id) on delete cascade,
  owner text not null,
  key text not null,
  request_hash text not null,
  status integer not null,
  response text not null,
  created_date timestamptz not null,
  primary key (site_id, owner, key)
);
create index idempotency_keys_created on idempotency_keys (created_date);
`
