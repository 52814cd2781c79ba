import { PGlite, type Transaction } from '@electric-sql/pglite'
import { type Db, type Statement, statementText } from './db.ts'

type Queryable = Pick<PGlite, 'query'> | Transaction

function wrap(target: Queryable, root: PGlite | undefined): Db {
  return {
    kind: 'pglite',
    async query<Row>(sql: Statement, params: readonly unknown[] = []) {
      const result = await target.query<Row>(statementText(sql), params as unknown[])
      return result.rows
    },
    async transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
      // PGlite has a single connection: a nested transaction simply joins the outer one.
      if (!root) return fn(this)
      return root.transaction((tx) => fn(wrap(tx, undefined)))
    },
    async close() {
      if (root && !root.closed) await root.close()
    },
  }
}

/** Wraps an open PGlite instance as a `Db`. */
export function fromPglite(pglite: PGlite): Db {
  return wrap(pglite, pglite)
}

/**
 * Opens PGlite on a data directory (file-backed), in memory when `dataDir` is undefined, or from a
 * snapshot made by `dumpDataDir` (tests clone a migrated template this way).
 */
export async function openPglite(options: { dataDir?: string; snapshot?: Blob } = {}): Promise<Db> {
  const pglite = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.snapshot ? { loadDataDir: options.snapshot } : {}),
  })
  return fromPglite(pglite)
}
