import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findPaidPaymentOfPurchase } from '../../plans/plan-purchase-store.ts'
import { databaseKinds, openTestDatabase } from '../../testing/test-database.ts'
import { type Db, statementText } from '../db.ts'

/** The plan of `statement` with scans of whole tables priced out, as on a table too big to read whole. */
async function planOf(db: Db, statement: { sql: string; params: readonly unknown[] }): Promise<string> {
  return db.transaction(async (tx) => {
    await tx.query('set local enable_seqscan = off')
    const rows = await tx.query<{ 'QUERY PLAN': string }>(`explain ${statement.sql}`, statement.params)
    return rows.map((row) => row['QUERY PLAN']).join('\n')
  })
}

/** The statements `work` sends to `db`, in order. */
async function statementsOf(db: Db, work: (recording: Db) => Promise<unknown>) {
  const statements: { sql: string; params: readonly unknown[] }[] = []
  await work({
    ...db,
    query(sql, params = []) {
      statements.push({ sql: statementText(sql), params })
      return db.query(sql, params)
    },
  })
  return statements
}

describe.each(databaseKinds())('migration 045, indexes only what is read, on %s', (kind) => {
  let db: Db
  beforeAll(async () => {
    db = await openTestDatabase(kind)
  })
  afterAll(() => db.close())

  it('keeps the outbox’s primary key and the index its delivery rounds read, and no other', async () => {
    const rows = await db.query<{ indexname: string }>(
      "select indexname from pg_indexes where tablename = 'events' order by indexname",
    )
    expect(rows.map((row) => row.indexname)).toEqual(['events_pkey', 'events_site_transaction'])
  })

  it('indexes the payments of plan purchases only, and finds a purchase’s payment through it', async () => {
    const [index] = await db.query<{ indexdef: string }>(
      "select indexdef from pg_indexes where indexname = 'payments_plan_purchase'",
    )
    expect(index?.indexdef).toMatch(/WHERE \(plan_purchase_id IS NOT NULL\)/)
    const [statement] = await statementsOf(db, (recording) =>
      findPaidPaymentOfPurchase(recording, randomUUID()),
    )
    expect(await planOf(db, statement!)).toContain('payments_plan_purchase')
  })
})
