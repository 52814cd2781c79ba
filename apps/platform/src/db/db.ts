import { createHash } from 'node:crypto'

/**
 * The one database interface the platform's stores use. PGlite (embedded) and `pg` (a PostgreSQL
 * server) both satisfy it, so the same SQL and migrations run on either.
 */
export interface Db {
  readonly kind: 'pglite' | 'postgres'
  /** Runs one parameterised statement and returns its rows. */
  query<Row = Record<string, unknown>>(sql: Statement, params?: readonly unknown[]): Promise<Row[]>
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

/**
 * A statement that a PostgreSQL server parses and plans once per connection and then reuses (a named
 * prepared statement), made by {@link prepared}. PGlite runs its text as any other.
 */
export interface PreparedStatement {
  readonly text: string
  readonly name: string
}

/** SQL text, or a prepared statement. */
export type Statement = string | PreparedStatement

const preparedByText = new Map<string, PreparedStatement>()

/**
 * The prepared statement of `text`, named after it, for a hot statement: it saves the server parsing
 * and planning the statement on every call, which for a large statement costs more than running it.
 * Only for text fixed in the code (one of a few variants at most): each distinct text is kept in this
 * process and in every server connection that ran it, so never for text built from input.
 */
export function prepared(text: string): PreparedStatement {
  let statement = preparedByText.get(text)
  if (!statement) {
    const name = `aisle_${createHash('sha256').update(text).digest('base64url').slice(0, 24)}`
    statement = { text, name }
    preparedByText.set(text, statement)
  }
  return statement
}

/** The SQL text of a statement. */
export function statementText(statement: Statement): string {
  return typeof statement === 'string' ? statement : statement.text
}

/** Returns the first row or `undefined`. */
export async function queryOne<Row = Record<string, unknown>>(
  db: Db,
  sql: Statement,
  params?: readonly unknown[],
): Promise<Row | undefined> {
  const rows = await db.query<Row>(sql, params)
  return rows[0]
}
