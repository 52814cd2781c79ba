/**
 * Abuse resistance and the remaining token rules: rate-limit counters shared by every platform process,
 * single-use values (captcha answers, identity-provider ID tokens), the platform's own secrets (the
 * refresh-rotation key), the mark and audit of external logins (a merchant's server minting a member's
 * tokens), and the identity-provider connections of SSO login.
 */
export const sql = /* sql */ `
-- One row per limited key (an IP address or an account, per bucket); the window resets in place.
create table rate_limit_counters (
  key text primary key,
  window_start timestamptz not null,
  hits integer not null,
  expires_at timestamptz not null
);
create index rate_limit_counters_expires on rate_limit_counters (expires_at);

-- Values that may be used once (a captcha answer, an ID token), by kind and SHA-256, until they expire.
create table spent_values (
  kind text not null,
  value_hash text not null,
  spent_date timestamptz not null,
  expires_at timestamptz not null,
  primary key (kind, value_hash)
);
create index spent_values_expires on spent_values (expires_at);

-- Secrets the platform makes for itself (random, shared by every process through the database).
create table platform_secrets (
  name text primary key,
  value text not null,
  created_date timestamptz not null
);

-- Tokens minted by a merchant's API key for a member (external login) name the key: the act of an actor.
alter table oauth_tokens add column actor_api_key_id uuid;
create index if not exists oauth_tokens_subject on oauth_tokens (subject_id);

-- Every external-login attempt that names a site, granted or refused.
create table external_login_audit (
  id uuid primary key,
  site_id uuid not null references sites (id) on delete cascade,
  client_id text,
  api_key_id uuid,
  member_id text,
  outcome text not null check (outcome in ('GRANTED', 'REFUSED')),
  reason text not null,
  remote_address text,
  family_id uuid,
  created_date timestamptz not null
);
create index external_login_audit_site on external_login_audit (site_id, created_date desc);

-- An identity provider whose signed ID tokens log members of the site in (SSO with token params).
create table idp_connections (
  id uuid primary key,
  site_id uuid not null references sites (id) on delete cascade,
  name text not null,
  issuer text not null,
  audience text not null,
  -- The provider's public signing keys, a JWK Set: only tokens signed by one of them count.
  jwks jsonb not null,
  created_date timestamptz not null,
  disabled_date timestamptz
);
create index idp_connections_site on idp_connections (site_id);
`
