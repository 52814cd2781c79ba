import { describe, expect, it } from 'vitest'
import { isReadOnlyStatement } from './read-only-statement.ts'

describe('isReadOnlyStatement', () => {
  it.each([
    `select t.role, t.client_id, s.updated_date from oauth_tokens t join sites s on s.id = t.site_id where t.token_hash = $1`,
    `  SELECT count(*) over () as total, p.* from products p where p.site_id = $1`,
    `with ranked as (select id from products) select * from ranked`,
    'values (1)',
    'show server_version',
    `select pg_is_in_recovery() as recovering, pg_last_wal_replay_lsn()::text as replayed`,
  ])('lets a replica answer %s', (sql) => {
    expect(isReadOnlyStatement(sql)).toBe(true)
  })

  it.each([
    `insert into carts (id) values ($1)`,
    `update carts set updated_date = now()`,
    `delete from idempotency_keys where key = $1`,
    `with leased as (update webhook_deliveries set attempt_count = attempt_count + 1 returning id) select * from leased`,
    `select id from webhook_endpoints where is_enabled for update skip locked`,
    `select id from carts where id = $1 for no key update`,
    `select id from carts where id = $1 for share`,
    `select nextval('order_numbers')`,
    `select pg_advisory_xact_lock($1)`,
    `select pg_snapshot_xmin(pg_current_snapshot())::text as xmin`,
    `select pg_current_wal_insert_lsn()`,
    `create table t (id int)`,
    'begin',
    '',
  ])('sends %s to the primary', (sql) => {
    expect(isReadOnlyStatement(sql)).toBe(false)
  })
})
