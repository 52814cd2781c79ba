/**
 * Webhook endpoints per site, deliveries (one per endpoint and event) and their attempts. Events get
 * the id of the transaction that recorded them: the delivery cursor advances over finished
 * transactions only, so an event committed late with a lower `sequence` is never skipped.
 */
export const sql = /* sql */ `
alter table events add column transaction_id xid8 not null default pg_current_xact_id();
create index events_site_transaction on events (site_id, transaction_id, sequence);

create table webhook_endpoints (
  id uuid primary key,
  site_id uuid not null references sites (id) on delete cascade,
  url text not null,
  event_types text[] not null,
  description text not null default '',
  is_enabled boolean not null default true,
  -- Needed in clear to sign; shown to the merchant only when created or rotated.
  secret text not null,
  previous_secret text,
  previous_secret_expires_date timestamptz,
  -- The last event (by transaction, then sequence) turned into deliveries for this endpoint.
  cursor_transaction_id xid8 not null,
  cursor_sequence bigint not null default 0,
  created_date timestamptz not null,
  updated_date timestamptz not null
);
create index webhook_endpoints_site on webhook_endpoints (site_id, created_date);

create table webhook_deliveries (
  id uuid primary key,
  site_id uuid not null references sites (id) on delete cascade,
  endpoint_id uuid not null references webhook_endpoints (id) on delete cascade,
  event_id uuid not null references events (id) on delete cascade,
  event_sequence bigint not null,
  entity_id text not null,
  status text not null check (status in ('PENDING', 'DELIVERED', 'DEAD')),
  attempt_count integer not null default 0,
  next_attempt_date timestamptz,
  last_attempt_date timestamptz,
  last_response_status integer,
  last_response_body text,
  last_error text,
  delivered_date timestamptz,
  created_date timestamptz not null,
  unique (endpoint_id, event_id)
);
create index webhook_deliveries_due on webhook_deliveries (next_attempt_date) where status = 'PENDING';
create index webhook_deliveries_entity on webhook_deliveries (endpoint_id, entity_id, event_sequence)
  where status = 'PENDING';
create index webhook_deliveries_endpoint on webhook_deliveries (endpoint_id, created_date desc, event_sequence desc);

create table webhook_delivery_attempts (
  id uuid primary key,
  delivery_id uuid not null references webhook_deliveries (id) on delete cascade,
  attempt_number integer not null,
  attempted_date timestamptz not null,
  response_status integer,
  response_body text,
  error text,
  duration_ms integer not null
);
create index webhook_delivery_attempts_delivery on webhook_delivery_attempts (delivery_id, attempt_number);
`
