/**
 * Events and tickets (issue 32, decision 070): the shop's ticketed events (when, in which time zone, at a
 * venue or online, the registration window, the capacity, draft / published / cancelled), their ticket
 * types (a price or free, how many, how many per order, the sales window), the reservations that hold
 * tickets for a short time while the buyer pays, and the tickets themselves (one row a seat, with its
 * code, attendee and check-in). A reservation is sold as cart lines of the tickets catalogue
 * (`ticket_properties` on the line) and confirmed by the order that pays it.
 */
export const sql = /* sql */ `
create table ticketed_events (
  id uuid primary key,
  site_id uuid not null references sites (id) on delete cascade,
  slug text not null check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and length(slug) <= 100),
  title text not null check (length(title) between 1 and 200),
  description text not null default '',
  start_date timestamptz not null,
  end_date timestamptz not null,
  time_zone text not null,
  -- VENUE: venue_name and venue_address; ONLINE: online_url, shown to ticket holders only.
  location_kind text not null check (location_kind in ('VENUE', 'ONLINE')),
  venue_name text not null default '',
  venue_address text not null default '',
  online_url text,
  registration_opens timestamptz,
  registration_closes timestamptz,
  -- Seats over all ticket types; null when only the ticket types' quantities bound the sale.
  capacity integer check (capacity is null or capacity between 1 and 1000000),
  status text not null default 'DRAFT' check (status in ('DRAFT', 'PUBLISHED', 'CANCELLED')),
  -- How long a reservation holds its tickets while the buyer pays.
  hold_minutes integer not null default 20 check (hold_minutes between 1 and 240),
  created_date timestamptz not null,
  unique (site_id, slug),
  check (end_date > start_date),
  check ((location_kind = 'ONLINE') = (online_url is not null)),
  check (registration_closes is null or registration_opens is null or registration_closes > registration_opens)
);
create index ticketed_events_site_start on ticketed_events (site_id, start_date, id);

create table event_ticket_types (
  id uuid primary key,
  site_id uuid not null references sites (id) on delete cascade,
  event_id uuid not null references ticketed_events (id) on delete cascade,
  name text not null check (length(name) between 1 and 200),
  description text not null default '',
  -- 0 is a free ticket.
  price_minor bigint not null default 0 check (price_minor >= 0),
  quantity integer not null check (quantity between 1 and 1000000),
  limit_per_order integer not null default 10 check (limit_per_order between 1 and 50),
  sale_starts timestamptz,
  sale_ends timestamptz,
  sort_index integer not null default 0,
  created_date timestamptz not null,
  check (sale_ends is null or sale_starts is null or sale_ends > sale_starts)
);
create index event_ticket_types_event on event_ticket_types (event_id, sort_index, created_date);

create table event_reservations (
  id uuid primary key,
  site_id uuid not null references sites (id) on delete cascade,
  event_id uuid not null references ticketed_events (id) on delete cascade,
  status text not null check (status in ('HELD', 'CONFIRMED', 'CANCELLED')),
  -- A reservation holds its tickets until then; a confirmed one has none.
  held_until timestamptz,
  checkout_id uuid,
  -- Set as the order is placed, in its transaction, before the order's own row: checked at commit.
  order_id uuid references orders (id) deferrable initially deferred,
  created_date timestamptz not null,
  check ((status = 'HELD') = (held_until is not null))
);
create index event_reservations_event on event_reservations (event_id) where status <> 'CANCELLED';
create index event_reservations_order on event_reservations (order_id) where order_id is not null;

create table event_tickets (
  id uuid primary key,
  site_id uuid not null references sites (id) on delete cascade,
  event_id uuid not null references ticketed_events (id) on delete cascade,
  reservation_id uuid not null references event_reservations (id) on delete cascade,
  ticket_type_id uuid not null references event_ticket_types (id),
  -- What the door types or scans: unique in the shop.
  code text not null check (code ~ '^[A-Z0-9]{4,20}$'),
  attendee_name text not null default '',
  attendee_email text not null default '',
  checked_in_date timestamptz,
  created_date timestamptz not null,
  unique (site_id, code)
);
create index event_tickets_reservation on event_tickets (reservation_id);
create index event_tickets_type on event_tickets (ticket_type_id);

-- A line of the tickets catalogue: the reservation it sells (decision 070).
alter table cart_line_items add column ticket_properties jsonb;
`
