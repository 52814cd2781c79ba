/**
 * What members need beyond a password: the site's identity policy (it replaces `member_policies`, which
 * nothing but the policy ever used), e-mail verification codes on the state tokens of a login, recovery
 * and activation tokens, and the outbox of e-mails that the mail worker delivers. Secrets are stored as
 * hashes; a verification code as an HMAC keyed by its flow's state token, which is never stored.
 */
export const sql = /* sql */ `
create table site_identity_policies (
  site_id uuid primary key references sites (id) on delete cascade,
  email_verification_required boolean not null default false,
  owner_approval_required boolean not null default false,
  captcha_required boolean not null default false,
  updated_at timestamptz not null default now()
);
insert into site_identity_policies (site_id, email_verification_required, owner_approval_required, captcha_required, updated_at)
  select site_id, email_verification_required, owner_approval_required, captcha_required, updated_date from member_policies;
drop table member_policies;

-- The code of an e-mail verification flow rides on its state token: one code at a time, its submissions
-- counted in the row (the update that counts them is what locks the flow).
alter table identity_state_tokens add column code_hash text;
alter table identity_state_tokens add column code_expires_at timestamptz;
alter table identity_state_tokens add column attempt_count integer not null default 0;
alter table identity_state_tokens add column codes_sent integer not null default 0;
-- The answer a decoy flow (a taken e-mail on a site that verifies e-mails) repeats on a resend.
alter table identity_state_tokens add column decoy_identity jsonb;
create index identity_state_tokens_member on identity_state_tokens (member_id);

-- Password recovery and account activation links. member_id is null for the decoy an unknown e-mail
-- gets: recovery does the same work whether or not the address has an account.
create table member_recovery_tokens (
  token_hash text primary key,
  site_id uuid not null references sites (id) on delete cascade,
  member_id uuid references members (id) on delete cascade,
  purpose text not null check (purpose in ('RECOVERY', 'ACTIVATION')),
  -- Where the reset page offers to go back to (registered for the client that asked), if anywhere.
  return_url text,
  created_date timestamptz not null,
  expires_at timestamptz not null,
  used_at timestamptz
);
create index member_recovery_tokens_member on member_recovery_tokens (member_id);

-- A reset or a block revokes every token of the member (migration 13 indexes oauth_tokens by subject).
create index member_session_tokens_member_unused on member_session_tokens (member_id) where used_at is null;
create index authorization_codes_member_unused on authorization_codes (member_id) where used_at is null;
create index members_site_status on members (site_id, status, created_date);

create table mail_outbox (
  id uuid primary key,
  -- The order mails were written in (timestamps of one transaction are equal).
  sequence bigint generated always as identity,
  site_id uuid references sites (id) on delete cascade,
  -- What the mail is about (verification-code, recovery, ...): for logs and the local inbox.
  topic text not null,
  recipient text not null,
  subject text not null,
  -- Emptied once delivered over SMTP: the codes and links in it must not outlive the delivery.
  text_body text not null,
  status text not null check (status in ('PENDING', 'SENT', 'DEAD')),
  -- How it left: 'smtp', or 'dev-inbox' (the local inbox at /_dev/mail).
  transport text check (transport in ('smtp', 'dev-inbox')),
  attempt_count integer not null default 0,
  next_attempt_date timestamptz not null,
  last_error text,
  created_date timestamptz not null,
  sent_date timestamptz
);
create index mail_outbox_due on mail_outbox (next_attempt_date) where status = 'PENDING';
create index mail_outbox_dev_inbox on mail_outbox (sequence) where transport = 'dev-inbox';
`
