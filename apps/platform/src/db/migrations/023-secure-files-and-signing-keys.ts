/**
 * Secure files of digital products and the platform's URL-signing key (issue 19 item 7, decision 047).
 * A product's secure files are private: never in a shopper's catalogue answer, downloaded only through a
 * link the platform signed (`digital/`). Their bytes are in the media storage, or in the row for the
 * demo seed's files. `signing_keys` holds the one random key every platform process signs links with,
 * made by the first process that needs it, so a link signed by one process is good in another.
 */
export const sql = /* sql */ `
create table signing_keys (
  purpose text primary key,
  key bytea not null check (octet_length(key) >= 32),
  created_date timestamptz not null default now()
);
create table product_secure_files (
  id uuid primary key,
  site_id uuid not null references sites (id) on delete cascade,
  product_id uuid not null references products (id) on delete cascade,
  file_name text not null check (length(file_name) between 1 and 200),
  content_type text not null,
  file_type text not null check (file_type in
    ('SECURE_PICTURE', 'SECURE_VIDEO', 'SECURE_DOCUMENT', 'SECURE_MUSIC', 'SECURE_ARCHIVE')),
  size_bytes bigint not null check (size_bytes >= 0),
  bytes bytea,
  created_date timestamptz not null
);
create index product_secure_files_product on product_secure_files (product_id, created_date, id);
`
