/**
 * Image dimensions on media files, full-text search on products (name and sku weigh more than the description), item cost for the
 * merchant's cost-and-profit data, and the event outbox every catalogue write records into.
 */
export const sql = /* sql */ `
alter table products add column search_vector tsvector generated always as (
  setweight(to_tsvector('english', coalesce(name, '')), 'A') ||
  setweight(to_tsvector('simple', coalesce(sku, '')), 'A') ||
  setweight(to_tsvector('english', coalesce(description, '')), 'B')
) stored;
create index products_search on products using gin (search_vector);

alter table products add column cost_minor integer check (cost_minor >= 0);
alter table product_variants add column cost_minor integer check (cost_minor >= 0);

alter table media_files add column width integer check (width > 0);
alter table media_files add column height integer check (height > 0);
alter table media_files add column file_name text;

create index products_site_slug on products (site_id, slug);
create index product_variants_site on product_variants (site_id, id);

create table events (
  id uuid primary key,
  -- Commit-independent order of recording: delivery keeps the order per entity by it.
  sequence bigint generated always as identity,
  site_id uuid not null references sites (id) on delete cascade,
  type text not null,
  entity_id text not null,
  payload jsonb not null,
  identity jsonb not null,
  created_date timestamptz not null default now()
);
create index events_site_sequence on events (site_id, sequence);
create index events_entity on events (entity_id, sequence);
`
