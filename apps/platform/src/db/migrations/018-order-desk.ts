/**
 * The order desk (issue 17): an order's fulfilment and refunds beside its status, what each line has
 * shipped, been refunded and put back in stock, the shipments with their carrier and tracking, the
 * refunds with their idempotency keys (a retried refund is the same refund), the timeline of everything
 * that happened to an order, the HTML body of mails, and the shop's colours that its mails wear.
 */
export const sql = /* sql */ `
alter table orders drop constraint if exists orders_payment_status_check;
alter table orders add constraint orders_payment_status_check
  check (payment_status in ('PAID', 'NOT_PAID', 'PARTIALLY_REFUNDED', 'FULLY_REFUNDED'));
alter table orders add column fulfillment_status text not null default 'NOT_FULFILLED'
  check (fulfillment_status in ('NOT_FULFILLED', 'PARTIALLY_FULFILLED', 'FULFILLED'));
alter table orders add column refunded_minor bigint not null default 0 check (refunded_minor >= 0);
create index orders_site_email on orders (site_id, lower(email));

alter table order_lines add column shipped_quantity integer not null default 0 check (shipped_quantity >= 0);
alter table order_lines add column refunded_quantity integer not null default 0 check (refunded_quantity >= 0);
alter table order_lines add column restocked_quantity integer not null default 0 check (restocked_quantity >= 0);

create table order_fulfillments (
  id uuid primary key,
  sequence bigint generated always as identity,
  order_id uuid not null references orders (id) on delete cascade,
  carrier text not null,
  tracking_number text not null,
  tracking_url text,
  -- [{ lineId, quantity }]
  lines jsonb not null,
  created_date timestamptz not null
);
create index order_fulfillments_order on order_fulfillments (order_id, sequence);

create table order_refunds (
  id uuid primary key,
  sequence bigint generated always as identity,
  order_id uuid not null references orders (id) on delete cascade,
  -- The merchant's form carries one key per refund it shows: a second post of it is the same refund.
  idempotency_key text not null,
  amount_minor bigint not null check (amount_minor > 0),
  provider_refund_id text,
  -- [{ lineId, quantity, restock }]
  lines jsonb not null,
  reason text,
  created_date timestamptz not null,
  unique (order_id, idempotency_key)
);

create table order_events (
  id uuid primary key,
  sequence bigint generated always as identity,
  order_id uuid not null references orders (id) on delete cascade,
  site_id uuid not null references sites (id) on delete cascade,
  -- SHIPPED, CANCELED, REFUNDED, NOTE, MAIL
  kind text not null,
  data jsonb not null,
  -- Who did it: the event identity of the outbox (a site user, an app), or null for the platform.
  actor jsonb,
  created_date timestamptz not null
);
create index order_events_order on order_events (order_id, sequence);

alter table mail_outbox add column html_body text;

alter table sites add column brand_colour text not null default '#1f2328'
  check (brand_colour ~ '^#[0-9a-fA-F]{6}$');
alter table sites add column accent_colour text not null default '#0969da'
  check (accent_colour ~ '^#[0-9a-fA-F]{6}$');
`
