/** Bulk catalogue changes, kept with the values they replaced so they can be undone. */
export const sql = /* sql */ `
create table bulk_operations (
  id uuid primary key,
  site_id uuid not null references sites (id) on delete cascade,
  kind text not null check (kind in ('update', 'adjust')),
  changes jsonb not null,
  created_date timestamptz not null,
  undone_date timestamptz
);
create index bulk_operations_site on bulk_operations (site_id, created_date desc);
`
