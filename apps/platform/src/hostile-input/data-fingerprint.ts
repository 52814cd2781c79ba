import type { Db } from '../db/db.ts'

/**
 * Tables a refused request may write to on purpose, each for a reason SECURITY.md asks for, or that
 * only bookkeeping touches. Every other table of the schema (new ones included) must not change.
 */
export const TABLES_A_REFUSAL_MAY_WRITE: Readonly<Record<string, string>> = {
  schema_migrations: 'migrations only',
  rate_limit_counters: 'a refused request still counts against its limit (Q4)',
  dashboard_login_failures: 'failed logins are recorded to throttle guessing (Q2)',
  external_login_audit: 'every external-login attempt is audited, refused ones too (X2)',
  identity_state_tokens: 'wrong verification codes count against the flow (V3)',
  spent_values: 'a single-use value is spent by its first use, whatever the outcome',
  platform_secrets: 'made on first use, by any request that needs one',
  idempotency_keys: 'a key keeps the first answer, a refusal included',
}

/** Row count and an order-independent hash of every row, per table. */
export type DataFingerprint = Record<string, { rows: number; hash: string }>

/** Every base table of the public schema (tables added by later migrations included). */
export async function listTables(db: Db): Promise<string[]> {
  const rows = await db.query<{ name: string }>(
    `select table_name as name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  )
  return rows.map((row) => row.name)
}

/** Reads the fingerprint of the given tables in one statement. */
export async function readDataFingerprint(db: Db, tables: readonly string[]): Promise<DataFingerprint> {
  const parts = tables.map(
    (table) =>
      `select '${table}' as name, count(*)::int as rows,
              coalesce(sum(hashtextextended(t::text, 0)), 0)::text as hash from "${table}" t`,
  )
  const rows = await db.query<{ name: string; rows: number; hash: string }>(parts.join(' union all '))
  return Object.fromEntries(rows.map((row) => [row.name, { rows: Number(row.rows), hash: row.hash }]))
}

/** The tables whose fingerprint differs, with their row counts before and after. */
export function changedTables(
  before: DataFingerprint,
  after: DataFingerprint,
): { table: string; rowsBefore: number; rowsAfter: number }[] {
  return Object.keys({ ...before, ...after })
    .filter(
      (table) => before[table]?.hash !== after[table]?.hash || before[table]?.rows !== after[table]?.rows,
    )
    .map((table) => ({ table, rowsBefore: before[table]?.rows ?? 0, rowsAfter: after[table]?.rows ?? 0 }))
}

/**
 * The id the next writing transaction will get: a read-only request leaves it where it was, so
 * comparing it before and after a request tells cheaply whether anything was written at all.
 */
export async function readNextTransactionId(db: Db): Promise<string> {
  const [row] = await db.query<{ next: string }>(
    'select pg_snapshot_xmax(pg_current_snapshot())::text as next',
  )
  return row!.next
}
