/**
 * Memberships (issue 19 item 3, decision 046): the merchant's plans (what they cover: products and
 * collections; how many sessions, or unlimited; how long, or for ever; their price), the memberships
 * members hold (a copy of the plan's name and cover as bought, sessions left, expiry), the purchases of a
 * plan through the hosted plan checkout (paid through the same `payments` as an order, which so names
 * either a checkout or a plan purchase), and what each order line was paid with.
 */
export const sql = /* sql */ `
create table plans (
  id uuid primary key,
  site_id uuid not null references sites (id) on delete cascade,
  name text not null check (length(name) between 1 and 200),
  description text not null default '',
  price_minor bigint not null check (price_minor >= 0),
  -- Both null: the plan never expires.
  duration_unit text check (duration_unit in ('DAY', 'MONTH')),
  duration_count integer check (duration_count between 1 and 1200),
  -- Null: unlimited sessions.
  sessions integer check (sessions between 1 and 100000),
  product_ids uuid[] not null default '{}',
  collection_ids uuid[] not null default '{}',
  archived boolean not null default false,
  created_date timestamptz not null,
  updated_date timestamptz not null,
  check ((duration_unit is null) = (duration_count is null))
);
create index plans_site on plans (site_id, created_date, id);

create table memberships (
  id uuid primary key,
  site_id uuid not null references sites (id) on delete cascade,
  plan_id uuid not null references plans (id) on delete cascade,
  member_id uuid not null references members (id) on delete cascade,
  name text not null,
  product_ids uuid[] not null,
  collection_ids uuid[] not null,
  -- Both null: unlimited sessions.
  sessions_total integer,
  sessions_left integer check (sessions_left >= 0 and sessions_left <= sessions_total),
  start_date timestamptz not null,
  expiration_date timestamptz,
  price_minor bigint not null,
  currency text not null,
  created_date timestamptz not null,
  check ((sessions_total is null) = (sessions_left is null))
);
create index memberships_member on memberships (member_id, start_date);

create table plan_purchases (
  id uuid primary key,
  site_id uuid not null references sites (id) on delete cascade,
  plan_id uuid not null references plans (id) on delete cascade,
  member_id uuid not null references members (id) on delete cascade,
  amount_minor bigint not null check (amount_minor >= 0),
  currency text not null,
  -- Where the shopper goes once the plan is theirs (the redirect session's postFlowUrl), null for none.
  post_flow_url text,
  status text not null check (status in ('OPEN', 'COMPLETED')),
  membership_id uuid references memberships (id) on delete set null,
  created_date timestamptz not null,
  updated_date timestamptz not null
);

alter table payments alter column checkout_id drop not null;
alter table payments add column plan_purchase_id uuid references plan_purchases (id) on delete cascade;
alter table payments add constraint payments_one_purpose check ((checkout_id is null) <> (plan_purchase_id is null));
create index payments_plan_purchase on payments (plan_purchase_id);

alter table order_lines add column payment_option text not null default 'FULL_PAYMENT_ONLINE';
-- { id, name } of the membership that paid for the line; null when money did.
alter table order_lines add column membership jsonb;
`
