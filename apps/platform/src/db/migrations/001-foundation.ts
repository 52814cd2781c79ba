/** Sites own everything; OAuth clients and merchant API keys belong to a site. */
export const sql = /* sql */ `
create table sites (
  id uuid primary key,
  name text not null,
  currency text not null default 'USD' check (currency ~ '^[A-Z]{3}$'),
  locale text not null default 'en-US',
  weight_unit text not null default 'KG' check (weight_unit in ('KG', 'LB')),
  created_date timestamptz not null default now()
);

create table oauth_clients (
  id text primary key,
  site_id uuid not null references sites (id) on delete cascade,
  name text not null,
  redirect_uris text[] not null default '{}',
  created_date timestamptz not null default now()
);
create index oauth_clients_site on oauth_clients (site_id);

create table api_keys (
  id uuid primary key,
  site_id uuid not null references sites (id) on delete cascade,
  name text not null,
  key_hash text not null unique,
  permissions text[] not null default '{}',
  created_date timestamptz not null default now(),
  revoked_date timestamptz
);

create table visitors (
  id uuid primary key,
  site_id uuid not null references sites (id) on delete cascade,
  created_date timestamptz not null default now()
);

create table oauth_tokens (
  token_hash text primary key,
  kind text not null check (kind in ('access', 'refresh')),
  site_id uuid not null references sites (id) on delete cascade,
  client_id text not null references oauth_clients (id) on delete cascade,
  role text not null check (role in ('visitor', 'member')),
  subject_id uuid not null,
  family_id uuid not null,
  expires_at timestamptz not null,
  created_date timestamptz not null default now(),
  used_at timestamptz,
  revoked_at timestamptz
);
create index oauth_tokens_family on oauth_tokens (family_id);

create table media_files (
  id uuid primary key,
  site_id uuid not null references sites (id) on delete cascade,
  content_type text not null,
  bytes bytea not null,
  created_date timestamptz not null default now()
);

create table collections (
  id uuid primary key,
  site_id uuid not null references sites (id) on delete cascade,
  slug text not null,
  name text not null,
  description text not null default '',
  media jsonb not null default '[]',
  visible boolean not null default true,
  created_date timestamptz not null default now(),
  updated_date timestamptz not null default now(),
  unique (site_id, slug)
);

create table products (
  id uuid primary key,
  site_id uuid not null references sites (id) on delete cascade,
  name text not null,
  slug text not null,
  description text not null default '',
  product_type text not null check (product_type in ('physical', 'digital')),
  sku text,
  brand text,
  ribbon text,
  visible boolean not null default true,
  price_minor integer not null check (price_minor >= 0),
  discount_type text not null default 'NONE' check (discount_type in ('NONE', 'AMOUNT', 'PERCENT')),
  -- AMOUNT: minor units; PERCENT: hundredths of a percent (1250 = 12.5 %).
  discount_value integer not null default 0 check (discount_value >= 0),
  discounted_price_minor integer not null check (discounted_price_minor >= 0),
  weight double precision,
  track_inventory boolean not null default false,
  quantity integer,
  in_stock boolean not null default true,
  manage_variants boolean not null default false,
  options jsonb not null default '[]',
  media jsonb not null default '[]',
  created_date timestamptz not null default now(),
  updated_date timestamptz not null default now(),
  unique (site_id, slug)
);
create index products_site_newest on products (site_id, created_date desc, id desc);
create index products_site_price on products (site_id, discounted_price_minor);
create index products_site_name on products (site_id, name);

create table product_variants (
  id uuid primary key,
  site_id uuid not null references sites (id) on delete cascade,
  product_id uuid not null references products (id) on delete cascade,
  position integer not null,
  choices jsonb not null default '{}',
  price_minor integer check (price_minor >= 0),
  sku text,
  weight double precision,
  visible boolean not null default true,
  track_quantity boolean not null default false,
  quantity integer,
  in_stock boolean not null default true
);
create index product_variants_product on product_variants (product_id, position);

create table product_collections (
  site_id uuid not null references sites (id) on delete cascade,
  collection_id uuid not null references collections (id) on delete cascade,
  product_id uuid not null references products (id) on delete cascade,
  primary key (collection_id, product_id)
);
create index product_collections_product on product_collections (product_id);

create table carts (
  id uuid primary key,
  site_id uuid not null references sites (id) on delete cascade,
  owner_kind text not null check (owner_kind in ('visitor', 'member')),
  owner_id uuid not null,
  currency text not null,
  coupon_code text,
  created_date timestamptz not null default now(),
  updated_date timestamptz not null default now(),
  unique (site_id, owner_kind, owner_id)
);

create table cart_line_items (
  id uuid primary key,
  cart_id uuid not null references carts (id) on delete cascade,
  position integer not null,
  app_id text not null,
  catalog_item_id text not null,
  variant_id uuid,
  quantity integer not null check (quantity > 0),
  created_date timestamptz not null default now()
);
create index cart_line_items_cart on cart_line_items (cart_id, position);
`
