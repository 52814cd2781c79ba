/**
 * Bookings (issue 31, decision 065): the shop's booking calendars (`booking_schedules`: its time zone,
 * weekly working hours, buffer between appointments, how late and how far ahead a booking may be made),
 * their exceptions (a closed day, extra hours), the appointment services booked on them (one customer
 * at a time), and the bookings: a slot held while the shopper pays, confirmed when the order is placed.
 * A booking is sold as a cart line of the services catalogue (`service_properties` on the line).
 */
export const sql = /* sql */ `
create table booking_schedules (
  id uuid primary key,
  site_id uuid not null references sites (id) on delete cascade,
  name text not null check (length(name) between 1 and 200),
  time_zone text not null,
  -- [{ "weekday": 1..7 (Monday is 1), "start": "HH:MM", "end": "HH:MM" }]
  weekly_hours jsonb not null default '[]',
  buffer_minutes integer not null default 0 check (buffer_minutes between 0 and 1440),
  min_notice_minutes integer not null default 0 check (min_notice_minutes between 0 and 525600),
  max_ahead_days integer not null default 60 check (max_ahead_days between 1 and 730),
  hold_minutes integer not null default 15 check (hold_minutes between 1 and 1440),
  created_date timestamptz not null
);
create index booking_schedules_site on booking_schedules (site_id, created_date, id);

create table booking_schedule_exceptions (
  id uuid primary key,
  schedule_id uuid not null references booking_schedules (id) on delete cascade,
  local_date date not null,
  kind text not null check (kind in ('CLOSED', 'EXTRA_HOURS')),
  start_time text check (start_time ~ '^[0-2][0-9]:[0-5][0-9]$'),
  end_time text check (end_time ~ '^[0-2][0-9]:[0-5][0-9]$'),
  check ((kind = 'CLOSED') = (start_time is null and end_time is null))
);
create index booking_schedule_exceptions_date on booking_schedule_exceptions (schedule_id, local_date);

create table booking_services (
  id uuid primary key,
  site_id uuid not null references sites (id) on delete cascade,
  schedule_id uuid not null references booking_schedules (id),
  name text not null check (length(name) between 1 and 200),
  slug text not null,
  description text not null default '',
  type text not null default 'APPOINTMENT' check (type in ('APPOINTMENT')),
  duration_minutes integer not null check (duration_minutes between 5 and 1440),
  -- FIXED: price_minor; NO_FEE: free; CUSTOM: "price on request" (price_text), nothing charged online.
  rate_type text not null check (rate_type in ('FIXED', 'NO_FEE', 'CUSTOM')),
  price_minor bigint not null default 0 check (price_minor >= 0),
  price_text text not null default '',
  pay_online boolean not null default true,
  pay_in_person boolean not null default true,
  hidden boolean not null default false,
  created_date timestamptz not null,
  unique (site_id, slug),
  check (pay_online or pay_in_person),
  check ((rate_type = 'FIXED') = (price_minor > 0))
);
create index booking_services_site on booking_services (site_id, created_date, id);

create table bookings (
  id uuid primary key,
  site_id uuid not null references sites (id) on delete cascade,
  schedule_id uuid not null references booking_schedules (id),
  service_id uuid not null references booking_services (id),
  start_date timestamptz not null,
  end_date timestamptz not null,
  -- The slot's end with the schedule's buffer after it: what another booking may not overlap.
  blocked_until timestamptz not null,
  status text not null check (status in ('HELD', 'CONFIRMED', 'CANCELLED')),
  -- A hold lasts until then; a confirmed booking has none.
  held_until timestamptz,
  checkout_id uuid,
  -- Set as the order is placed, in its transaction, before the order's own row: checked at commit.
  order_id uuid references orders (id) deferrable initially deferred,
  created_date timestamptz not null,
  check (end_date > start_date and blocked_until >= end_date),
  check ((status = 'HELD') = (held_until is not null))
);
create index bookings_schedule_time on bookings (schedule_id, start_date) where status <> 'CANCELLED';
create index bookings_order on bookings (order_id) where order_id is not null;

-- A line of the services catalogue: the booking it sells and its slot (the spec's serviceProperties).
alter table cart_line_items add column service_properties jsonb;
`
