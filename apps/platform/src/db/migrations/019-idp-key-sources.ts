/**
 * Identity providers' keys from where the provider publishes them (issue 21): a connection holds pasted
 * keys, a JWKS URL, or uses its issuer's OpenID discovery document; fetched keys are cached on the
 * connection with how long they stay fresh, and when they were last asked for, which limits refetches.
 */
export const sql = /* sql */ `
alter table idp_connections alter column jwks drop not null;
alter table idp_connections add column jwks_url text;
alter table idp_connections add column discovery boolean not null default false;
alter table idp_connections add constraint idp_connections_one_key_source
  check ((jwks is not null)::int + (jwks_url is not null)::int + discovery::int = 1);
-- The last key set fetched (a JWK Set) and until when it is used without asking again.
alter table idp_connections add column fetched_jwks jsonb;
alter table idp_connections add column keys_fresh_until timestamptz;
-- When the keys were last asked for: at most one request per connection per interval.
alter table idp_connections add column keys_requested_date timestamptz;
`
