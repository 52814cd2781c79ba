/**
 * A site in local development mode may send webhooks to http and to loopback or private addresses (a
 * receiver on the developer's machine); every other site only to https on public hosts.
 */
export const sql = /* sql */ `
alter table sites add column local_development boolean not null default false;
`
