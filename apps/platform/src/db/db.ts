/**
 * The one database interface the platform's stores use. PGlite (embedded) and `pg` (a PostgreSQL
 * server) both satisfy it, so the same SQL and migrations run on either.
 */
export interface Db {
  readonly kind: 'pglite' | 'postgres'
  /** Runs one parameterised statement and returns its rows. */
  query<Row = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<Row[]>
  /** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>
  close(): Promise<void>
  /** The connection pool's state, for metrics: only a pooled server connection has one. */
  connectionStats?(): ConnectionStats
}

/** How many connections a pool holds, how many of them are idle, and how many queries wait for one. */
export interface ConnectionStats {
  total: number
  idle: number
  waiting: number
}

/** Returns the first row or `undefined`. */
export async function queryOne<Row = Record<string, unknown>>(
  db: Db,
  sql: string,
  params?: readonly unknown[],
): Promise<Row | undefined> {
  const rows = await db.query<Row>(sql, params)
  return rows[0]
}
