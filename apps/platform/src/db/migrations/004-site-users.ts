/**
 * Site owners (the spec's site users) who sign in to the dashboard, their sessions, and the failed
 * sign-ins that throttle password guessing. Sessions and failures live here, not in memory, so every
 * platform process sees the same ones.
 */
export const sql = /* sql */ `
create table site_users (
  id uuid primary key,
  site_id uuid not null references sites (id) on delete cascade,
  email text not null check (email = lower(email)),
  password_hash text not null,
  created_date timestamptz not null,
  password_changed_date timestamptz not null,
  unique (site_id, email)
);
create index site_users_email on site_users (email);

create table dashboard_sessions (
  id_hash text primary key,
  site_user_id uuid not null references site_users (id) on delete cascade,
  site_id uuid not null references sites (id) on delete cascade,
  csrf_token text not null,
  created_date timestamptz not null,
  last_seen_date timestamptz not null,
  expires_at timestamptz not null,
  revoked_date timestamptz
);
create index dashboard_sessions_site_user on dashboard_sessions (site_user_id);

create table dashboard_login_failures (
  id uuid primary key,
  email text not null,
  ip text not null,
  failed_date timestamptz not null
);
create index dashboard_login_failures_key on dashboard_login_failures (email, ip, failed_date);
create index dashboard_login_failures_date on dashboard_login_failures (failed_date);
`
