import pg from 'pg'
import type { Db, Statement } from './db.ts'

// 64-bit integers (counts, sums) come back as numbers, as they do from PGlite; values past 2^53 are
// not stored by this schema.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value))

/**
 * Prepared statements this process no longer names: a migration changed the columns their `*` or
 * `returning *` stands for, and PostgreSQL refuses to run a prepared plan whose result changed
 * (`cached plan must not change result type`) on every connection that prepared it before.
 */
const unnamed = new Set<string>()

/** A statement as `pg` takes it: a prepared one by its name, prepared on first use per connection. */
function toQuery(sql: Statement, params: readonly unknown[]): pg.QueryConfig {
  const values = params as unknown[]
  if (typeof sql === 'string') return { text: sql, values }
  return unnamed.has(sql.name) ? { text: sql.text, values } : { name: sql.name, text: sql.text, values }
}

/**
 * Whether `error` is PostgreSQL refusing a prepared statement whose result columns changed since this
 * connection prepared it; the statement is then run by its text from now on in this process.
 */
function isStalePreparedResult(sql: Statement, error: unknown): boolean {
  if (typeof sql === 'string' || unnamed.has(sql.name)) return false
  const { code, message } = error as { code?: unknown; message?: unknown }
  if (code !== '0A000' || typeof message !== 'string' || !message.includes('must not change result type'))
    return false
  unnamed.add(sql.name)
  return true
}

function wrapClient(client: pg.PoolClient): Db {
  return {
    kind: 'postgres',
    async query<Row>(sql: Statement, params: readonly unknown[] = []) {
      try {
        const result = await client.query(toQuery(sql, params))
        return result.rows as Row[]
      } catch (error) {
        // The transaction is aborted, so it fails this once; the next one runs the statement's text.
        isStalePreparedResult(sql, error)
        throw error
      }
    },
    async transaction<T>(fn: (tx: Db) => Promise<T>) {
      // Already inside a transaction on this connection: join it.
      return fn(this)
    },
    async close() {},
  }
}

/** Opens a pooled connection to a PostgreSQL server. */
export function openPostgres(url: string, options: { max?: number } = {}): Db {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10 })
  // An idle client losing its server must not crash the process; the next query reconnects.
  pool.on('error', () => {})
  return {
    kind: 'postgres',
    async query<Row>(sql: Statement, params: readonly unknown[] = []) {
      try {
        const result = await pool.query(toQuery(sql, params))
        return result.rows as Row[]
      } catch (error) {
        if (!isStalePreparedResult(sql, error)) throw error
        // Outside a transaction the statement changed nothing: run it again by its text.
        const result = await pool.query(toQuery(sql, params))
        return result.rows as Row[]
      }
    },
    async transaction<T>(fn: (tx: Db) => Promise<T>) {
      const client = await pool.connect()
      // A connection lost between two statements (the server restarting) is an 'error' event, which
      // would end the process with nobody listening; the next statement fails instead, and the
      // connection is discarded rather than returned to the pool.
      let lost: Error | undefined
      const onError = (error: Error) => {
        lost = error
      }
      client.on('error', onError)
      try {
        await client.query('BEGIN')
        const result = await fn(wrapClient(client))
        await client.query('COMMIT')
        return result
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {})
        throw error
      } finally {
        client.removeListener('error', onError)
        client.release(lost)
      }
    },
    async close() {
      await pool.end()
    },
    connectionStats() {
      return { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }
    },
  }
}
