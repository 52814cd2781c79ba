import { type Db, statementText } from './db.ts'

/** A statement that cannot change data: a plain `select` (a `with` may hide a write, so it counts as one). */
const isRead = (sql: string) => /^\s*select\b/i.test(sql)

/**
 * `db`, calling `onWrite` after each statement that may have changed data has taken effect: at once for
 * a statement on its own, after the commit for one inside a transaction (never for a rolled-back one).
 */
export function withWriteHook(db: Db, onWrite: () => void): Db {
  const wrap = (inner: Db, onStatementWrite: () => void): Db => ({
    kind: inner.kind,
    async query(sql, params) {
      const rows = await inner.query(sql, params)
      if (!isRead(statementText(sql))) onStatementWrite()
      return rows as never
    },
    async transaction(fn) {
      let wrote = false
      const result = await inner.transaction((tx) => fn(wrap(tx, () => (wrote = true))))
      if (wrote) onStatementWrite()
      return result
    },
    close: () => inner.close(),
    ...(inner.connectionStats ? { connectionStats: () => inner.connectionStats!() } : {}),
  })
  return wrap(db, onWrite)
}
