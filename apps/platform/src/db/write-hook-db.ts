import { type Db, statementText } from './db.ts'
import { isReadOnlyStatement } from './read-only-statement.ts'

/**
 * `db`, calling `onWrite` after each statement that may have changed data has taken effect: at once for
 * a statement on its own, after the commit for one inside a transaction (never for a rolled-back one).
 * With `concerns`, only writes whose text it accepts count (the caller knows which tables matter to it).
 */
export function withWriteHook(
  db: Db,
  onWrite: () => void,
  options: { concerns?: (sql: string) => boolean } = {},
): Db {
  const isWrite = (sql: string) => !isReadOnlyStatement(sql) && (options.concerns?.(sql) ?? true)
  const wrap = (inner: Db, onStatementWrite: () => void): Db => ({
    kind: inner.kind,
    async query(sql, params) {
      const rows = await inner.query(sql, params)
      if (isWrite(statementText(sql))) onStatementWrite()
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
