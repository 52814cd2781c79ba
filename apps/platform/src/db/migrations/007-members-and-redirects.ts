/**
 * Members of a site (the spec's identities), the site's member policy, the short-lived secrets of the
 * login flows (direct-login session tokens, state tokens, hosted-login browser sessions, authorization
 * codes) and redirect sessions to hosted pages. Every secret is stored as its SHA-256 hash.
 */
export const sql = /* sql */ `
alter table oauth_clients add column post_logout_redirect_uris text[] not null default '{}';

create table member_policies (
  site_id uuid primary key references sites (id) on delete cascade,
  email_verification_required boolean not null default false,
  owner_approval_required boolean not null default false,
  captcha_required boolean not null default false,
  updated_date timestamptz not null default now()
);

create table members (
  id uuid primary key,
  site_id uuid not null references sites (id) on delete cascade,
  login_email text not null check (login_email = lower(login_email)),
  -- A PHC string (argon2id); null for a member who has no password (sign-on, later).
  password_hash text,
  status text not null check (status in ('PENDING', 'ACTIVE', 'DELETED', 'BLOCKED', 'OFFLINE')),
  pending_reason text check (pending_reason in ('PENDING_ADMIN_APPROVAL_REQUIRED', 'PENDING_EMAIL_VERIFICATION_REQUIRED')),
  email_verified boolean not null default false,
  profile jsonb not null default '{}',
  created_date timestamptz not null,
  updated_date timestamptz not null,
  password_changed_date timestamptz,
  unique (site_id, login_email),
  check ((status = 'PENDING') = (pending_reason is not null))
);

-- The single-use token a successful direct login or registration answers with.
create table member_session_tokens (
  token_hash text primary key,
  site_id uuid not null references sites (id) on delete cascade,
  client_id text not null references oauth_clients (id) on delete cascade,
  member_id uuid not null references members (id) on delete cascade,
  created_date timestamptz not null,
  expires_at timestamptz not null,
  used_at timestamptz
);
create index member_session_tokens_member on member_session_tokens (member_id);

-- The token of a login that needs a further step (e-mail verification). member_id is null for the decoy
-- a taken e-mail gets on a site that requires verification: it never verifies anything.
create table identity_state_tokens (
  token_hash text primary key,
  site_id uuid not null references sites (id) on delete cascade,
  client_id text not null references oauth_clients (id) on delete cascade,
  member_id uuid references members (id) on delete cascade,
  purpose text not null check (purpose in ('EMAIL_VERIFICATION')),
  created_date timestamptz not null,
  expires_at timestamptz not null,
  used_at timestamptz
);

-- A browser signed in on the platform's hosted pages (the HttpOnly cookie holds the id).
create table hosted_login_sessions (
  id_hash text primary key,
  site_id uuid not null references sites (id) on delete cascade,
  member_id uuid not null references members (id) on delete cascade,
  created_date timestamptz not null,
  last_seen_date timestamptz not null,
  expires_at timestamptz not null,
  revoked_date timestamptz
);
create index hosted_login_sessions_member on hosted_login_sessions (member_id);

create table redirect_sessions (
  id uuid primary key,
  token_hash text not null unique,
  site_id uuid not null references sites (id) on delete cascade,
  client_id text not null references oauth_clients (id) on delete cascade,
  kind text not null check (kind in ('bookingsCheckout', 'ecomCheckout', 'eventsCheckout', 'paidPlansCheckout',
    'login', 'logout', 'auth', 'storesProduct', 'bookingsBook')),
  -- The visitor or member whose access token created the session.
  creator_role text not null check (creator_role in ('visitor', 'member')),
  creator_id uuid not null,
  -- The kind's own input as validated (for auth: the authorization request without its session token).
  input jsonb not null,
  callbacks jsonb not null default '{}',
  preferences jsonb not null default '{}',
  -- auth with a direct login: the member session token, hashed.
  member_session_token_hash text,
  created_date timestamptz not null,
  expires_at timestamptz not null,
  used_at timestamptz
);
create index redirect_sessions_expires on redirect_sessions (expires_at);

create table authorization_codes (
  code_hash text primary key,
  site_id uuid not null references sites (id) on delete cascade,
  client_id text not null references oauth_clients (id) on delete cascade,
  member_id uuid not null references members (id) on delete cascade,
  redirect_uri text not null,
  -- Whether the authorization request named the redirect URI (then the token request must repeat it).
  redirect_uri_given boolean not null,
  code_challenge text not null,
  code_challenge_method text not null check (code_challenge_method = 'S256'),
  -- The visitor whose cart merges into the member's at the exchange (null when a member asked).
  visitor_id uuid,
  hosted_session_id_hash text,
  redirect_session_id uuid,
  created_date timestamptz not null,
  expires_at timestamptz not null,
  used_at timestamptz,
  -- The token family issued from the code: revoked when the code comes back.
  family_id uuid
);
create index authorization_codes_hosted_session on authorization_codes (hosted_session_id_hash);
`
