/**
 * Payments shaped like a card provider's (decision 033): the platform's payment of a checkout (one per
 * attempt, keyed by an idempotency key so a retried request finds the first), its refunds (each keyed
 * too), and the built-in test provider's own books, which stand for the provider's side of the wire.
 */
export const sql = /* sql */ `
create table payments (
  id uuid primary key,
  site_id uuid not null references sites (id) on delete cascade,
  checkout_id uuid not null references checkouts (id) on delete cascade,
  provider text not null,
  provider_payment_id text,
  idempotency_key text not null unique,
  amount_minor bigint not null check (amount_minor >= 0),
  currency text not null,
  status text not null check (status in ('PENDING', 'SUCCEEDED', 'FAILED', 'PAY_LATER')),
  failure_reason text,
  card_last4 text,
  refunded_minor bigint not null default 0 check (refunded_minor >= 0 and refunded_minor <= amount_minor),
  created_date timestamptz not null,
  updated_date timestamptz not null
);
create index payments_checkout on payments (checkout_id);

create table payment_refunds (
  id uuid primary key,
  payment_id uuid not null references payments (id) on delete cascade,
  idempotency_key text not null unique,
  amount_minor bigint not null check (amount_minor > 0),
  status text not null check (status in ('PENDING', 'SUCCEEDED', 'FAILED')),
  provider_refund_id text,
  failure_reason text,
  created_date timestamptz not null
);
create index payment_refunds_payment on payment_refunds (payment_id);

create table test_provider_payments (
  id text primary key,
  idempotency_key text not null unique,
  amount_minor bigint not null,
  currency text not null,
  reference text not null,
  return_url text not null,
  notify_url text not null,
  status text not null check (status in ('REQUIRES_PAYMENT_METHOD', 'REQUIRES_ACTION', 'SUCCEEDED', 'FAILED')),
  failure_reason text,
  card_last4 text,
  refunded_minor bigint not null default 0,
  created_date timestamptz not null
);

create table test_provider_refunds (
  id text primary key,
  payment_id text not null references test_provider_payments (id) on delete cascade,
  idempotency_key text not null unique,
  amount_minor bigint not null check (amount_minor > 0),
  created_date timestamptz not null
);
`
