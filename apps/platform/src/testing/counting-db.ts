import { type Db, statementText } from '../db/db.ts'

/** Wraps a database to count the statements sent through it, transactions included. */
export function createCountingDb(inner: Db) {
  const statements: string[] = []
  const wrap = (db: Db): Db => ({
    kind: db.kind,
    query(sql, params) {
      statements.push(statementText(sql))
      return db.query(sql, params)
    },
    transaction(fn) {
      return db.transaction((tx) => fn(wrap(tx)))
    },
    close: () => db.close(),
  })
  return {
    db: wrap(inner),
    /** The statements sent while `fn` ran. */
    async measure(fn: () => Promise<unknown>): Promise<string[]> {
      const start = statements.length
      await fn()
      return statements.slice(start)
    },
  }
}
